import { createMiddleware } from "hono/factory";
import { validateSessionToken, type ValidatedSession } from "#domain/auth/sessions";
import { AppError } from "#domain/shared/app-error";
import { readSessionToken } from "#domain/http/session-cookie";
import type { HonoEnv } from "../hono-app";

export type ApiEnv = HonoEnv & { Variables: HonoEnv["Variables"] & { session: ValidatedSession; token: string } };

/** The token of `Authorization: Bearer <token>`, or null when the request carries none. */
export function bearerToken(authorization: string | undefined): string | null {
  return authorization?.startsWith("Bearer ") ? authorization.slice("Bearer ".length).trim() || null : null;
}

/** `/api` accepts `Authorization: Bearer <token>` or the session cookie (the same session tokens). */
export const requireApiSession = createMiddleware<ApiEnv>(async (c, next) => {
  const authorization = c.req.header("Authorization");
  const token = authorization?.startsWith("Bearer ") ? bearerToken(authorization) : readSessionToken(c.req.raw);
  const session = token ? await validateSessionToken(c.get("db"), token) : null;
  if (!session || !token) throw new AppError("unauthorized", "unauthorized");
  c.set("session", session);
  c.set("token", token);
  await next();
});
