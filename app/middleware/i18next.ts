import { initReactI18next } from "react-i18next";
import { createI18nextMiddleware } from "remix-i18next";
import { fallbackLanguage, supportedLanguages } from "#domain/http/i18n-config";
import { namespaceRecorder } from "~/lib/i18n-resources";
import { localeCookie } from "#domain/http/locale-cookie";
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
  // The recorder notes which namespaces a render used: only those are sent to the browser (app/lib/i18n-resources.tsx).
  i18next: {
    resources,
    defaultNS: defaultNamespace,
    fallbackLng: fallbackLanguage,
    interpolation: { escapeValue: false },
    postProcess: [namespaceRecorder.name],
    postProcessPassResolved: true,
  },
  plugins: [initReactI18next, namespaceRecorder],
});

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: typeof defaultNamespace;
    resources: (typeof resources)["fr"];
  }
}
