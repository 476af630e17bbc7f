import { renderEmailHtml, renderEmailText } from "./email-layout";
import type { EmailLocale, RenderedEmail } from "./email-locale";

const copy = {
  fr: {
    subject: (code: string) => `${code} est votre code de validation Guichet`,
    heading: "Validez votre adresse email",
    hello: (name: string) => `Bonjour ${name},`,
    intro: "Voici votre code pour terminer la création de votre compte Guichet :",
    validity: (minutes: number) => `Ce code est valable ${minutes} minutes. Ne le communiquez à personne.`,
    ignore: "Si vous n'avez pas demandé à créer de compte, ignorez simplement cet email.",
  },
  en: {
    subject: (code: string) => `${code} is your Guichet verification code`,
    heading: "Verify your email address",
    hello: (name: string) => `Hello ${name},`,
    intro: "Here is your code to finish creating your Guichet account:",
    validity: (minutes: number) => `This code is valid for ${minutes} minutes. Do not share it with anyone.`,
    ignore: "If you did not ask to create an account, simply ignore this email.",
  },
} as const;

export function registrationCodeEmail(input: {
  locale: EmailLocale;
  firstName: string;
  code: string;
  validMinutes: number;
}): RenderedEmail {
  const c = copy[input.locale];
  return {
    subject: c.subject(input.code),
    text: renderEmailText(input.locale, c.heading, [
      c.hello(input.firstName),
      "",
      c.intro,
      "",
      `    ${input.code}`,
      "",
      c.validity(input.validMinutes),
      c.ignore,
    ]),
    html: renderEmailHtml(input.locale, c.heading, [
      { kind: "paragraph", text: c.hello(input.firstName) },
      { kind: "paragraph", text: c.intro },
      { kind: "code", code: input.code },
      { kind: "paragraph", text: c.validity(input.validMinutes) },
      { kind: "note", text: c.ignore },
    ]),
  };
}
