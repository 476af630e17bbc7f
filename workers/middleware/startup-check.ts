import { createMiddleware } from "hono/factory";
import { startupConfigurationProblem } from "#domain/shared/signing-secret";
import type { HonoEnv } from "../hono-app";

let reported = false;

/**
 * A deploy without SESSION_SECRET fails on its first request, every request, with one message (logged once per
 * isolate): the site is visibly down until the secret is set, instead of serving pages and answering 500 on private
 * links and tickets. Development and test runs have a fixed secret (domain/shared/signing-secret.ts).
 */
export const startupCheck = createMiddleware<HonoEnv>(async (c, next) => {
  const problem = startupConfigurationProblem(c.env);
  if (!problem) return next();
  if (!reported) {
    reported = true;
    console.error(JSON.stringify({ level: "error", event: "startup.configuration_missing", message: problem }));
  }
  return c.text(problem, 500);
});
