import { CreditCard, Download, ExternalLink } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { paymentProviderFromEnv } from "#adapters/payments";
import { hasConfirmationEmail } from "#domain/order-documents/has-confirmation-email";
import { checkoutResumeUrl } from "#domain/payments/resume-checkout";
import { getOrderPage } from "#domain/public-events/get-order-page";
import { formatMoney } from "#domain/shared/format";
import { requireId } from "#domain/shared/ids";
import { orderTicketsPdfHref } from "~/components/booking/booking-paths";
import { PublicEventNotFound } from "~/components/public-event/public-event-not-found";
import { PublicStyles } from "~/components/public-event/public-styles";
import { accessibleSurface, ORGANIZER_FOCUS_RING } from "~/lib/contrast";
import { EMBED_COMPLETED_ATTRIBUTE, EMBED_ROOT_ATTRIBUTE, EmbedFrameScript, embedLanguage } from "~/lib/embed-frame";
import { cn } from "~/lib/utils";
import { getInstance } from "~/middleware/i18next";
import { serverContext } from "~/server/context";
import { loaderError } from "~/server/route-errors.server";
import type { Route } from "./+types/embed-order";

/**
 * The booking widget's last page (docs/contracts/booking-widget.md): the order's status in the frame. A confirmed
 * order reports its completion to the host page (app/lib/embed-frame.tsx); a pending one goes to the checkout in the
 * top window, since Stripe Checkout refuses to be framed. The tickets and the full order page open in a new tab.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, env } = context.get(serverContext);
  const url = new URL(request.url);
  const lang = embedLanguage(url);
  if (lang) await getInstance(context).changeLanguage(lang);
  const token = url.searchParams.get("token");
  try {
    const page = await getOrderPage(db, env, {
      orderId: requireId(params.id, "booking:errors.order-not-found"),
      token,
    });
    const live = page.order.status === "paid" || page.order.status === "manual";
    const emailed = live && (await hasConfirmationEmail(db, page.order.id));
    const resumeUrl =
      page.order.status === "pending"
        ? await checkoutResumeUrl(db, { env, provider: paymentProviderFromEnv(env, db) }, { orderId: page.order.id })
        : null;
    // Back on the organizer's page from the checkout (the widget reads the fragment): the payment's confirmation may
    // still be on its way from Stripe, so a pending order's frame looks again shortly.
    const returned = url.searchParams.get("returned") === "1";
    return data({ order: page.order, event: page.event, token: token ?? "", emailed, resumeUrl, lang, returned });
  } catch (error) {
    return loaderError(error);
  }
}

export function headers() {
  // The access token is in the address: nothing keeps a copy, and the host site does not learn it from a Referer.
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
}

/** How often the frame of an order back from the checkout looks again while its payment is being confirmed. */
const RETURNED_REFRESH_SECONDS = 3;

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData ? `${loaderData.event.title} · Guichet` : "Guichet" },
    { name: "robots", content: "noindex" },
    ...(loaderData?.returned && loaderData.order.status === "pending"
      ? [{ httpEquiv: "refresh", content: String(RETURNED_REFRESH_SECONDS) }]
      : []),
  ];
}

export default function EmbedOrder({ loaderData }: Route.ComponentProps) {
  const { order, event, token, emailed, resumeUrl } = loaderData;
  const { t, i18n } = useTranslation("booking");
  const { t: te } = useTranslation("embed");
  const dark = event.theme === "dark";
  const live = order.status === "paid" || order.status === "manual";
  const statusKey = (order.status === "paid" && order.amount === 0 ? "manual" : order.status) as "pending";
  const surface = accessibleSurface(event.primaryColor);
  const surfaceStyle = { backgroundColor: surface.background, color: surface.text };
  const completed = live ? JSON.stringify({ order_id: order.id, status: order.status }) : undefined;
  const button = cn(
    "inline-flex min-h-11 items-center gap-2 rounded-lg px-4 text-sm font-semibold shadow-sm",
    ORGANIZER_FOCUS_RING,
  );
  return (
    <div
      {...{ [EMBED_ROOT_ATTRIBUTE]: "", [EMBED_COMPLETED_ATTRIBUTE]: completed }}
      className={cn(dark ? "dark bg-slate-950 text-slate-100" : "bg-slate-50 text-slate-900")}
    >
      <PublicStyles />
      <header style={surfaceStyle} className="px-4 py-4">
        <p className="text-sm">{t("order.title", { id: order.id })}</p>
        <h1 className="mt-1 text-xl font-bold tracking-tight wrap-anywhere">
          {live ? t("order.heading", { name: order.first_name }) : t("order.for-event", { title: event.title })}
        </h1>
        {live ? <p className="mt-1 wrap-anywhere">{t("order.for-event", { title: event.title })}</p> : null}
      </header>
      <main className="space-y-3 px-4 py-4" role="status">
        <p>
          <span
            className={cn(
              "rounded-full px-3 py-1 text-sm font-semibold",
              live ? "bg-emerald-100 text-emerald-800" : "bg-slate-200 text-slate-800",
            )}
            data-testid="order-status"
          >
            {t(`order.status.${statusKey}`)}
          </span>
        </p>
        {order.status === "pending" && resumeUrl ? (
          // The top window: Stripe Checkout cannot run in a frame. A link, so that the buyer's click allows it.
          <a href={resumeUrl} target="_top" className={button} style={surfaceStyle} data-testid="embed-pay">
            <CreditCard className="size-4" aria-hidden />
            {te("order.pay")}
          </a>
        ) : null}
        {order.status === "expired" ? <p className="text-sm">{t("order.expired")}</p> : null}
        {order.status === "cancelled" ? <p className="text-sm">{t("order.cancelled")}</p> : null}
        {emailed ? <p className="text-sm">{t("order.email-sent", { email: order.email })}</p> : null}
        {live && order.amount > 0 ? (
          <p className="text-sm font-medium">
            {t("order.amount", { amount: formatMoney(order.amount, i18n.language) })}
          </p>
        ) : null}
        <p className="flex flex-wrap gap-3">
          {live && order.participants.length > 0 ? (
            <a
              href={orderTicketsPdfHref(order.id, token)}
              target="_blank"
              rel="noopener"
              className={button}
              style={surfaceStyle}
              data-testid="download-tickets"
            >
              <Download className="size-4" aria-hidden />
              {t("order.download")}
            </a>
          ) : null}
          <a
            href={`/orders/${order.id}?token=${encodeURIComponent(token)}`}
            target="_blank"
            rel="noopener"
            className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-current px-4 text-sm font-semibold"
            data-testid="embed-order-link"
          >
            <ExternalLink className="size-4" aria-hidden />
            {te("order.open")}
          </a>
        </p>
      </main>
      <EmbedFrameScript />
    </div>
  );
}

export function ErrorBoundary() {
  return <PublicEventNotFound />;
}
