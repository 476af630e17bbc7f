import { initReactI18next } from "react-i18next";
import { createI18nextMiddleware } from "remix-i18next";
import { fallbackLanguage, supportedLanguages } from "~/lib/i18n-config";
import { localeCookie } from "~/lib/locale-cookie";
import { defaultNamespace, resources } from "~/locales";

export { localeCookie };

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
