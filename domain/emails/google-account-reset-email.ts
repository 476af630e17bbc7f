import { renderEmailHtml, renderEmailText } from "./email-layout";
import type { EmailLocale, RenderedEmail } from "./email-locale";

const copy = {
  fr: {
    subject: "Votre compte Guichet utilise Google",
    heading: "Pas de mot de passe à réinitialiser",
    hello: (name: string) => (name ? `Bonjour ${name},` : "Bonjour,"),
    body: "Vous avez demandé à réinitialiser votre mot de passe, mais votre compte Guichet se connecte avec Google : il n'a pas de mot de passe Guichet. Utilisez le bouton « Continuer avec Google » sur la page de connexion.",
    button: "Aller à la page de connexion",
    ignore: "Si vous n'êtes pas à l'origine de cette demande, ignorez cet email.",
  },
  en: {
    subject: "Your Guichet account uses Google",
    heading: "No password to reset",
    hello: (name: string) => (name ? `Hello ${name},` : "Hello,"),
    body: "You asked to reset your password, but your Guichet account signs in with Google: it has no Guichet password. Use the “Continue with Google” button on the sign-in page.",
    button: "Go to the sign-in page",
    ignore: "If you did not make this request, ignore this email.",
  },
} as const;

/** Sent instead of a reset link to accounts that sign in with Google, so the request form reveals nothing. */
export function googleAccountResetEmail(input: { locale: EmailLocale; firstName: string; loginUrl: string }): RenderedEmail {
  const c = copy[input.locale];
  return {
    subject: c.subject,
    text: renderEmailText(input.locale, c.heading, [c.hello(input.firstName), "", c.body, "", input.loginUrl, "", c.ignore]),
    html: renderEmailHtml(input.locale, c.heading, [
      { kind: "paragraph", text: c.hello(input.firstName) },
      { kind: "paragraph", text: c.body },
      { kind: "button", label: c.button, href: input.loginUrl },
      { kind: "note", text: c.ignore },
    ]),
  };
}
