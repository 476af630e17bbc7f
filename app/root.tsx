import { lazy, Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import type { Route } from "./+types/root";
import appStylesheet from "./app.css?url";
import { Button } from "./components/ui/button";
import { UiLabelsProvider } from "./components/ui/ui-labels";
import { useCspNonce } from "./lib/csp-nonce";
import { I18nResources } from "./lib/i18n-resources";
import { pageLoadsAppStylesheet } from "./lib/page-stylesheets";
import { installTimeZoneRules } from "#domain/events/time-zone-rules";
import { pageLoadsJavaScript } from "./lib/pages-without-javascript";
import { getLocale, i18nextMiddleware } from "./middleware/i18next";
import { serverContext } from "./server/context";
import { serverTimeZoneRules } from "./server/time-zone-rules.server";
import { sessionMiddleware } from "./server/session.server";

export const middleware: Route.MiddlewareFunction[] = [i18nextMiddleware, sessionMiddleware];

export function loader({ context }: Route.LoaderArgs) {
  const { appVersion, dataRequest } = context.get(serverContext);
  // The time-zone rules come with the document only: the browser installed them then, and they cover months around
  // today, so a navigation (this loader runs on each, for appVersion) does not send their 4 KB again.
  return { locale: getLocale(context), appVersion, timeZoneRules: dataRequest ? null : serverTimeZoneRules() };
}

// Cheap, and lets every navigation notice a new deployment (see NewVersionBanner). Not after a failed action (>= 400):
// it changed nothing, and asking the server again would turn a network failure into the error page.
export function shouldRevalidate({ actionStatus }: ShouldRevalidateFunctionArgs) {
  return !(actionStatus !== undefined && actionStatus >= 400);
}

// Loaded after the page: sonner shows toasts raised before its Toaster subscribed, and pages that raise toasts import it.
const Toaster = lazy(() => import("./components/ui/sonner").then((module) => ({ default: module.Toaster })));

export function Layout({ children }: { children: React.ReactNode }) {
  const { t, i18n } = useTranslation();
  const routeIds = useMatches().map((match) => match.id);
  const hydrate = pageLoadsJavaScript(routeIds);
  const nonce = useCspNonce();
  return (
    <html lang={i18n.language} dir={i18n.dir(i18n.language)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        {/* The public event page and the booking flow inline a stylesheet of their own (app/lib/page-stylesheets.ts). */}
        {pageLoadsAppStylesheet(routeIds) ? <link rel="stylesheet" href={appStylesheet} /> : null}
        <Links nonce={nonce} />
      </head>
      <body className="min-h-svh bg-background text-foreground antialiased">
        <UiLabelsProvider
          labels={{
            close: t("close"),
            loading: t("loading"),
            closeToast: t("ui.close-toast"),
            notifications: t("ui.notifications"),
          }}
        >
          {children}
          {hydrate ? (
            <Suspense fallback={null}>
              <Toaster />
            </Suspense>
          ) : null}
        </UiLabelsProvider>
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            {/* After the page content: it sends the translations that content used. */}
            <I18nResources />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

const RELOAD_FLAG = "guichet:reloaded-after-failed-import";

export default function App({ loaderData: { locale, timeZoneRules } }: Route.ComponentProps) {
  // Before the pages render (they render after this component, in the same pass): dates hydrate as the server wrote
  // them even where the browser's time-zone data is older (domain/events/time-zone-rules.ts).
  if (typeof document !== "undefined" && timeZoneRules) installTimeZoneRules(timeZoneRules);
  const { i18n } = useTranslation();
  useEffect(() => {
    if (i18n.language !== locale) void i18n.changeLanguage(locale);
  }, [locale, i18n]);
  useEffect(() => {
    sessionStorage.removeItem(RELOAD_FLAG);
  }, []);
  return <Outlet />;
}

function isFailedModuleImport(error: unknown): boolean {
  return (
    error instanceof Error &&
    /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
      error.message,
    )
  );
}

/** The error screen: title, message and a reload button. A failed lazy route load reloads once by itself. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  useEffect(() => {
    if (isFailedModuleImport(error) && !sessionStorage.getItem(RELOAD_FLAG)) {
      sessionStorage.setItem(RELOAD_FLAG, "1");
      window.location.reload();
    }
  }, [error]);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound && !isRouteErrorResponse(error)) console.error(error);
  return (
    <main className="grid min-h-svh place-items-center p-6">
      <div className="max-w-md space-y-4 text-center" role="alert">
        <h1 className="text-2xl font-semibold">{t(notFound ? "errors.not-found-title" : "errors.title")}</h1>
        <p className="text-muted-foreground">{t("errors.message")}</p>
        <Button onClick={() => window.location.reload()}>{t("errors.reload")}</Button>
      </div>
    </main>
  );
}
