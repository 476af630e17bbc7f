import { ExternalLink, QrCode, Smartphone } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, useSubmit } from "react-router";
import { renderSVG } from "uqr";
import { listEventTitles } from "#domain/events/list-event-titles";
import { parseId } from "#domain/shared/ids";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { getInstance } from "~/middleware/i18next";
import { serverContext } from "~/server/context";
import { requireOrganizationPermission } from "~/server/guards.server";
import type { Route } from "./+types/settings-mobile";

/** The scanner app in the stores (spec §2 /settings/mobile: download links). */
export const SCANNER_APP_LINKS = {
  appStore: "https://apps.apple.com/fr/app/guichet-scan/id6502170001",
  playStore: "https://play.google.com/store/apps/details?id=app.guichet.scan",
} as const;

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "Guichet" }];
}

/**
 * Spec §2 /settings/mobile: the scanner app's download links, and a QR code that opens the web scanner
 * (/event/:id/scan) of the chosen event on the phone that scans it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = requireOrganizationPermission(context, "organization:view");
  const url = new URL(request.url);
  const events = await listEventTitles(context.get(serverContext).db, actor);
  const wanted = parseId(url.searchParams.get("event"));
  const event = events.find((e) => e.id === wanted) ?? events[0] ?? null;
  const scannerUrl = event ? `${url.origin}/event/${event.id}/scan` : null;
  return {
    title: getInstance(context).t("organization:mobile.meta-title"),
    events,
    event,
    scannerUrl,
    qrSvg: scannerUrl ? renderSVG(scannerUrl, { border: 2 }) : null,
  };
}

export default function MobileSettings({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("organization");
  const { t: te } = useTranslation("events");
  const submit = useSubmit();
  const { events, event, scannerUrl, qrSvg } = loaderData;
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">{t("mobile.title")}</h1>
        <p className="text-sm text-muted-foreground">{t("mobile.subtitle")}</p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-base">
            <Smartphone className="size-4" aria-hidden />
            {t("mobile.apps-title")}
          </CardTitle>
          <CardDescription>{t("mobile.apps-description")}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-3">
          <Button asChild variant="outline">
            <a href={SCANNER_APP_LINKS.appStore} target="_blank" rel="noreferrer">
              {t("mobile.app-store")}
              <ExternalLink aria-hidden />
            </a>
          </Button>
          <Button asChild variant="outline">
            <a href={SCANNER_APP_LINKS.playStore} target="_blank" rel="noreferrer">
              {t("mobile.play-store")}
              <ExternalLink aria-hidden />
            </a>
          </Button>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-base">
            <QrCode className="size-4" aria-hidden />
            {t("mobile.scanner-title")}
          </CardTitle>
          <CardDescription>{t("mobile.scanner-description")}</CardDescription>
        </CardHeader>
        <CardContent>
          {event && qrSvg && scannerUrl ? (
            <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
              <div
                role="img"
                aria-label={t("mobile.qr-alt", { event: event.title })}
                className="size-52 shrink-0 rounded-lg border bg-white p-2 [&_svg]:size-full"
                data-testid="scanner-qr"
                data-url={scannerUrl}
                // uqr's SVG: generated on the server from our own URL.
                dangerouslySetInnerHTML={{ __html: qrSvg }}
              />
              <div className="grid flex-1 gap-3">
                <Form method="get" className="grid gap-2">
                  <label htmlFor="mobile-event" className="text-sm font-medium">
                    {t("mobile.event")}
                  </label>
                  <select
                    id="mobile-event"
                    name="event"
                    defaultValue={event.id}
                    onChange={(e) => void submit(e.currentTarget.form, { replace: true, preventScrollReset: true })}
                    className="h-9 w-full max-w-sm rounded-md border border-input bg-background px-3 text-sm"
                  >
                    {events.map((e) => (
                      <option key={e.id} value={e.id}>
                        {e.title || te("untitled")}
                      </option>
                    ))}
                  </select>
                </Form>
                <p className="font-mono text-xs break-all text-muted-foreground">{scannerUrl}</p>
                <Button asChild className="w-fit">
                  <a href={`/event/${event.id}/scan`}>{t("mobile.open-scanner")}</a>
                </Button>
              </div>
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">{t("mobile.no-events")}</p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
