import { describe, expect, it } from "vitest";
import enEmails from "../locales/en/emails.json";
import frEmails from "../locales/fr/emails.json";
import { accountNoticeEmail } from "./account-notice-email";
import { renderEmailHtml, renderEmailText } from "./email-layout";
import { toEmailLocale } from "./email-locale";
import { googleAccountResetEmail } from "./google-account-reset-email";
import { passwordResetEmail } from "./password-reset-email";
import { registrationCodeEmail } from "./registration-code-email";

describe("auth emails", () => {
  it("pick French unless the language is English", () => {
    expect(toEmailLocale("en-GB,en;q=0.9")).toBe("en");
    expect(toEmailLocale("en")).toBe("en");
    expect(toEmailLocale("fr-FR")).toBe("fr");
    expect(toEmailLocale("nl")).toBe("fr");
    expect(toEmailLocale(null)).toBe("fr");
  });

  it("write the registration code in French and English, as text and HTML", () => {
    const fr = registrationCodeEmail({ locale: "fr", firstName: "Léa", code: "042137", validMinutes: 15 });
    expect(fr.subject).toBe("042137 est votre code de validation Guichet");
    expect(fr.text).toContain("Bonjour Léa,");
    expect(fr.text).toContain("042137");
    expect(fr.text).toContain("15 minutes");
    expect(fr.html).toMatch(/^<!doctype html>/);
    expect(fr.html).toContain('lang="fr"');
    expect(fr.html).toContain("042137");

    const en = registrationCodeEmail({ locale: "en", firstName: "Sam", code: "900001", validMinutes: 15 });
    expect(en.subject).toBe("900001 is your Guichet verification code");
    expect(en.text).toContain("Hello Sam,");
    expect(en.html).toContain('lang="en"');
  });

  it("escape what the user typed in the HTML", () => {
    const email = registrationCodeEmail({
      locale: "fr",
      firstName: '<img src=x onerror="alert(1)">',
      code: "123456",
      validMinutes: 15,
    });
    expect(email.html).not.toContain("<img");
    expect(email.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
  });

  it("put the reset link in both parts, with its validity", () => {
    const link = "https://guichet.test/auth/reset-password?email=lea%40exemple.fr&code=abc";
    const fr = passwordResetEmail({ locale: "fr", firstName: "Léa", link, validMinutes: 60 });
    expect(fr.subject).toBe("Réinitialisez votre mot de passe Guichet");
    expect(fr.text).toContain(link);
    expect(fr.text).toContain("60 minutes");
    expect(fr.html).toContain(`href="${link.replaceAll("&", "&amp;")}"`);
    const en = passwordResetEmail({ locale: "en", firstName: "", link, validMinutes: 60 });
    expect(en.subject).toBe("Reset your Guichet password");
    expect(en.text).toContain("Hello,");
  });

  it("tell Google accounts where to sign in instead", () => {
    const fr = googleAccountResetEmail({ locale: "fr", firstName: "Léa", loginUrl: "https://guichet.test/auth/login" });
    expect(fr.subject).toBe("Votre compte Guichet utilise Google");
    expect(fr.text).toContain("https://guichet.test/auth/login");
    expect(fr.html).toContain("Continuer avec Google");
    expect(fr.text).toContain("Vous êtes connecté avec google. Vous ne pouvez pas réinitialiser votre mot de passe.");
  });

  it("tell the account holder that the password was reset or Google linked, in their language", () => {
    const reset = accountNoticeEmail({
      notice: "password-changed",
      locale: "fr",
      firstName: "Léa",
      loginUrl: "https://guichet.test/auth/login",
    });
    expect(reset.subject).toBe("Votre mot de passe Guichet a été modifié");
    expect(reset.text).toContain("Bonjour Léa,");
    expect(reset.html).toContain('href="https://guichet.test/auth/login"');
    const linked = accountNoticeEmail({
      notice: "google-linked",
      locale: "en",
      firstName: "",
      loginUrl: "https://guichet.test/auth/login",
    });
    expect(linked.subject).toBe("Google is now linked to your Guichet account");
    expect(linked.text).toContain("Hello,");
  });

  it("keep the account footer unless the layout is given another one", () => {
    const link = "https://guichet.test/auth/reset-password?email=a%40b.fr&code=x";
    const reset = passwordResetEmail({ locale: "fr", firstName: "", link, validMinutes: 60 });
    expect(reset.text.endsWith(`\n—\n${frEmails.layout.footer}`)).toBe(true);
    expect(reset.html).toContain("Vous recevez cet email suite à une action sur votre compte.");
    const custom = { footer: "Vous recevez cet email car <vous> l'avez demandé." };
    expect(renderEmailText("en", "Heading", ["Body"], custom)).toBe(
      "Heading\n\nBody\n\n—\nVous recevez cet email car <vous> l'avez demandé.",
    );
    const html = renderEmailHtml("en", "Heading", [{ kind: "paragraph", text: "Body" }], custom);
    expect(html).toContain("Vous recevez cet email car &lt;vous&gt; l&#39;avez demandé.");
    expect(html).not.toContain(enEmails.layout.footer);
  });

  it("take their copy from the emails namespace of the locale files", () => {
    const link = "https://guichet.test/auth/reset-password?email=a%40b.fr&code=x";
    expect(passwordResetEmail({ locale: "fr", firstName: "", link, validMinutes: 60 }).subject).toBe(
      frEmails["password-reset"].subject,
    );
    expect(passwordResetEmail({ locale: "en", firstName: "", link, validMinutes: 60 }).text).toContain(
      enEmails.layout.footer,
    );
    expect(registrationCodeEmail({ locale: "en", firstName: "Sam", code: "123456", validMinutes: 15 }).text).toContain(
      enEmails["registration-code"].intro,
    );
  });
});
