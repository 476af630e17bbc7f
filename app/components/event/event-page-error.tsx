import { isRouteErrorResponse, useRouteError } from "react-router";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";

/**
 * The error boundary of a page inside the event area. A 404 renders nothing: the event layout already shows its
 * no-access screen for an event it cannot show. Anything else keeps the frame and says the page failed.
 */
export function EventPageErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) return null;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <div className="grid place-items-center rounded-xl border bg-background px-6 py-12 text-center" role="alert">
      <div className="max-w-md space-y-4">
        <h2 className="text-lg font-semibold">{t("errors.title")}</h2>
        <p className="text-sm text-muted-foreground">{t("errors.message")}</p>
        <Button onClick={() => window.location.reload()}>{t("errors.reload")}</Button>
      </div>
    </div>
  );
}
