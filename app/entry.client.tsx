import i18next, { type BackendModule } from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { defaultNamespace, fallbackLanguage, selectableLanguages } from "#domain/http/i18n-config";
import { readDeliveredResources } from "./lib/i18n-resources";
import { analyticsDecision, readMonitoringConfig } from "#domain/http/monitoring-config";

/**
 * Every `app/locales/<lng>/<ns>.json` (and `domain/locales/<lng>/<ns>.json`, the namespaces emails also read) as its
 * own lazy chunk, fetched the first time a page needs a namespace the server did not deliver (see
 * app/lib/i18n-resources.tsx) or on a language switch. A new locale file needs no registration.
 */
const bundles: Record<string, () => Promise<Record<string, unknown>>> = {};
for (const [path, load] of Object.entries({
  ...import.meta.glob<Record<string, unknown>>("./locales/*/*.json", { import: "default" }),
  ...import.meta.glob<Record<string, unknown>>("../domain/locales/*/*.json", { import: "default" }),
}))
  bundles[path.replace(/^.*\/locales\//, "./locales/")] = load;

const lazyLocaleBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language, namespace, callback) {
    const load = bundles[`./locales/${language}/${namespace}.json`];
    // A language without files of its own (nl, aa) resolves through the fallback language: nothing to load.
    if (!load) return callback(null, {});
    load().then(
      (bundle) => callback(null, bundle),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/**
 * Error reporting and product analytics, each only when the page says it is configured (domain/http/monitoring-config.ts)
 * and as lazy chunks: with nothing configured, no SDK is downloaded and no third-party script loads.
 */
function startMonitoring() {
  const monitoring = readMonitoringConfig(document);
  if (!monitoring) return;
  if (monitoring.sentryDsn)
    void import("./lib/error-reporting.client").then((module) => module.startErrorReporting(monitoring));
  if (analyticsDecision(monitoring, document.cookie) !== "off")
    void import("./components/analytics/analytics.client").then((module) => module.startAnalytics(monitoring, i18next));
}

async function main() {
  // The server picked the language (<html lang>) and delivered the namespaces it rendered with; the rest is lazy.
  const delivered = readDeliveredResources();
  const lng = delivered?.lng || document.documentElement.lang || fallbackLanguage;
  const resources = delivered?.resources ?? {};
  await i18next
    .use(lazyLocaleBackend)
    .use(initReactI18next)
    .init({
      resources,
      partialBundledLanguages: true,
      ns: [...new Set(Object.values(resources).flatMap((bundles) => Object.keys(bundles)))],
      lng,
      // fr and en have the same keys (tests/unit/locales.test.ts): a fallback would only download the other language.
      fallbackLng: (selectableLanguages as readonly string[]).includes(lng) ? false : fallbackLanguage,
      defaultNS: defaultNamespace,
      interpolation: { escapeValue: false },
      // A key "ns:…" of a namespace not loaded yet (an error key from an action, say): fetch it, then re-render.
      saveMissing: true,
      missingKeyHandler(_languages, namespace) {
        if (!i18next.hasLoadedNamespace(namespace)) void i18next.loadNamespaces(namespace);
      },
      react: { bindI18nStore: "added" },
    });
  // After i18next is ready: the analytics consent banner renders with it.
  startMonitoring();
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
