import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { fallbackLanguage } from "./lib/i18n-config";
import { defaultNamespace, resources } from "./locales";

async function main() {
  // The server picked the language; <html lang> carries it to the client.
  await i18next.use(initReactI18next).init({
    resources,
    lng: document.documentElement.lang || fallbackLanguage,
    fallbackLng: fallbackLanguage,
    defaultNS: defaultNamespace,
    interpolation: { escapeValue: false },
  });
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

main().catch(console.error);
