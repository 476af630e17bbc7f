import { createMiddleware } from "hono/factory";
import { readCookie, SESSION_COOKIE_NAME } from "#domain/auth/session-cookie";
import { validateSessionToken, type ValidatedSession } from "#domain/auth/sessions";
import { AppError } from "#domain/shared/app-error";
import type { HonoEnv } from "../hono-app";

export type ApiEnv = HonoEnv & { Variables: HonoEnv["Variables"] & { session: ValidatedSession; token: string } };

/** `/api` accepts `Authorization: Bearer <token>` or the session cookie (the same session tokens). */
export const requireApiSession = createMiddleware<ApiEnv>(async (c, next) => {
  const authorization = c.req.header("Authorization");
  const token = authorization?.startsWith("Bearer ")
    ? authorization.slice("Bearer ".length).trim()
    : readCookie(c.req.header("Cookie"), SESSION_COOKIE_NAME);
  const session = token ? await validateSessionToken(c.get("db"), token) : null;
  if (!session || !token) throw new AppError("unauthorized", "unauthorized");
  c.set("session", session);
  c.set("token", token);
  await next();
});
