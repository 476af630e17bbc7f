import { createCookie } from "react-router";
import { initReactI18next } from "react-i18next";
import { createI18nextMiddleware } from "remix-i18next";
import { fallbackLanguage, localeCookieName, supportedLanguages } from "~/lib/i18n-config";
import { defaultNamespace, resources } from "~/locales";

export const localeCookie = createCookie(localeCookieName, {
  path: "/",
  sameSite: "lax",
  httpOnly: false,
  maxAge: 60 * 60 * 24 * 365,
});

export const [i18nextMiddleware, getLocale, getInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...supportedLanguages],
    fallbackLanguage,
    cookie: localeCookie,
    order: ["cookie", "header"],
  },
  // React escapes what it renders; escaping in i18next too would show &#39; for apostrophes in titles.
  i18next: { resources, defaultNS: defaultNamespace, fallbackLng: fallbackLanguage, interpolation: { escapeValue: false } },
  plugins: [initReactI18next],
});

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: typeof defaultNamespace;
    resources: (typeof resources)["fr"];
  }
}
