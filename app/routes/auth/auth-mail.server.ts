import type { RouterContextProvider } from "react-router";
import { emailSenderFromEnv } from "#adapters/email";
import type { AuthMail } from "#domain/auth/auth-mail";
import { isGoogleConfigured } from "#domain/auth/google-oauth";
import { toEmailLocale } from "#domain/emails/email-locale";
import { getLocale } from "~/middleware/i18next";
import { serverContext } from "~/server/context";

/** Email context for the auth use-cases run from pages: the page's language, APP_URL for links, waitUntil. */
export function authMailFor(context: Readonly<RouterContextProvider>): AuthMail {
  const { env, ctx, db } = context.get(serverContext);
  return {
    sender: emailSenderFromEnv(env, db),
    locale: toEmailLocale(getLocale(context)),
    appUrl: env.APP_URL,
    defer: (work) => ctx.waitUntil(work),
  };
}

/** Google sign-in is offered when configured: the same rule as the sign-in endpoints (domain/auth/google-oauth.ts). */
export function isGoogleEnabled(context: Readonly<RouterContextProvider>): boolean {
  return isGoogleConfigured(context.get(serverContext).env);
}
