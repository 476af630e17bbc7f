import { Outlet } from "react-router";
import { AuthFrame } from "./auth-frame";

/** The same auth layout without the public-only guard: /auth/reset-password renders signed in or not (spec §2). */
export default function OpenAuthLayout() {
  return (
    <AuthFrame>
      <Outlet />
    </AuthFrame>
  );
}
