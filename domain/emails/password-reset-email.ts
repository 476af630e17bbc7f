import { renderEmailHtml, renderEmailText } from "./email-layout";
import type { EmailLocale, RenderedEmail } from "./email-locale";

const copy = {
  fr: {
    subject: "Réinitialisez votre mot de passe Guichet",
    heading: "Réinitialisation du mot de passe",
    hello: (name: string) => (name ? `Bonjour ${name},` : "Bonjour,"),
    intro: "Vous avez demandé à réinitialiser le mot de passe de votre compte Guichet. Cliquez sur le bouton pour en choisir un nouveau :",
    button: "Choisir un nouveau mot de passe",
    fallback: "Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :",
    validity: (minutes: number) => `Ce lien est valable ${minutes} minutes et ne sert qu'une fois. Vos autres sessions seront déconnectées.`,
    ignore: "Si vous n'êtes pas à l'origine de cette demande, ignorez cet email : votre mot de passe reste inchangé.",
  },
  en: {
    subject: "Reset your Guichet password",
    heading: "Password reset",
    hello: (name: string) => (name ? `Hello ${name},` : "Hello,"),
    intro: "You asked to reset the password of your Guichet account. Click the button to choose a new one:",
    button: "Choose a new password",
    fallback: "If the button does not work, copy this link into your browser:",
    validity: (minutes: number) => `This link is valid for ${minutes} minutes and works once. Your other sessions will be signed out.`,
    ignore: "If you did not make this request, ignore this email: your password stays unchanged.",
  },
} as const;

export function passwordResetEmail(input: {
  locale: EmailLocale;
  firstName: string;
  link: string;
  validMinutes: number;
}): RenderedEmail {
  const c = copy[input.locale];
  return {
    subject: c.subject,
    text: renderEmailText(input.locale, c.heading, [
      c.hello(input.firstName),
      "",
      c.intro,
      "",
      input.link,
      "",
      c.validity(input.validMinutes),
      c.ignore,
    ]),
    html: renderEmailHtml(input.locale, c.heading, [
      { kind: "paragraph", text: c.hello(input.firstName) },
      { kind: "paragraph", text: c.intro },
      { kind: "button", label: c.button, href: input.link },
      { kind: "note", text: c.fallback },
      { kind: "note", text: input.link },
      { kind: "paragraph", text: c.validity(input.validMinutes) },
      { kind: "note", text: c.ignore },
    ]),
  };
}
