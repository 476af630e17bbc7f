import { Outlet } from "react-router";
import { publicOnlyMiddleware } from "~/server/guards.server";
import { AuthFrame } from "./auth-frame";
import type { Route } from "./+types/layout";

/** Public-only auth pages (spec §6: a signed-in user goes to /). */
export const middleware: Route.MiddlewareFunction[] = [publicOnlyMiddleware];

export default function AuthLayout() {
  return (
    <AuthFrame>
      <Outlet />
    </AuthFrame>
  );
}
