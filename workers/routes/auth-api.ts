import { Hono } from "hono";
import * as v from "valibot";
import { loginWithPassword } from "#domain/auth/login-with-password";
import { emailSchema } from "#domain/shared/email";
import type { HonoEnv } from "../hono-app";
import { jsonOnly } from "../middleware/json-only";
import { parseJson } from "../parse-json";

export const authApiRoutes = new Hono<HonoEnv>();
authApiRoutes.use("*", jsonOnly);

const loginSchema = v.object({
  email: emailSchema,
  password: v.pipe(v.string("errors:password-required"), v.nonEmpty("errors:password-required"), v.maxLength(256)),
});

/** Spec §7 POST /login: returns the token used as both access and refresh token. */
authApiRoutes.post("/login", async (c) => {
  const input = await parseJson(c, loginSchema);
  const { token } = await loginWithPassword(c.get("db"), { ...input, userAgent: c.req.header("User-Agent") });
  return c.json(token);
});
