import { descriptionContentClass } from "~/components/event-editor/description-editor-skeleton";
import { CalendarDays, CreditCard, Download, MapPin, RefreshCw } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import * as v from "valibot";
import { bookingRateLimits } from "#domain/booking/booking-rate-limits";
import { hitRateLimits } from "#domain/auth/rate-limit";
import { clientInfoFromHeaders } from "#domain/http/client-info";
import { queueHolderTicketEmail } from "#domain/order-documents/queue-order-emails";
import { answersFrom, BILLING_FIELDS, formValues } from "#domain/public-events/booking-form";
import { getOrderBilling, updateOrderBilling } from "#domain/accounting/update-order-billing";
import { OrderBilling, type OrderBillingResult } from "~/components/order/order-billing";
import { editOrderParticipant } from "#domain/self-service/edit-order-participant";
import { getOrderSelfService } from "#domain/self-service/get-order-self-service";
import { transferOrderParticipant } from "#domain/self-service/transfer-order-participant";
import { cancelOrderTickets } from "#domain/self-service/cancel-order-tickets";
import { orderRefundedAmount } from "#domain/self-service/order-refunded-amount";
import { selfServiceSentences } from "#domain/self-service/self-service-sentences";
import { toEmailLocale } from "#domain/emails/email-locale";
import { generateRandomToken } from "#domain/shared/crypto";
import { getLocale } from "~/middleware/i18next";
import {
  CancelDisclosure,
  SelfServiceRules,
  TicketSelfService,
  type SelfServiceActionResult,
} from "~/components/order/order-self-service";
import { actionError } from "~/server/route-errors.server";
import { paymentProviderFromEnv } from "#adapters/payments";
import { hasConfirmationEmail } from "#domain/order-documents/has-confirmation-email";
import { checkoutResumeUrl } from "#domain/payments/resume-checkout";
import { getOrderPage } from "#domain/public-events/get-order-page";
import { siteUrlOf } from "#domain/calendar/calendar-source";
import { orderCalendarLinks, orderCalendarSource } from "#domain/calendar/get-order-calendar";
import { datePlaceText, formatTicketDates } from "#domain/event-dates/order-dates";
import { AddToCalendar } from "~/components/public-event/add-to-calendar";
import { OrderInvoices } from "~/components/order/order-invoices";
import { getPublicOrderInvoices } from "#domain/invoices/get-order-invoices";
import { requestOrderInvoice } from "#domain/invoices/request-order-invoice";
import { requireId } from "#domain/shared/ids";
import { eventPagePath, orderTicketsPdfHref } from "~/components/booking/booking-paths";
import { qrPath } from "~/components/booking/qr-path";
import { PublicEventNotFound } from "~/components/public-event/public-event-not-found";
import { PublicStyles } from "~/components/public-event/public-styles";
import { MetaPixelImage } from "~/components/tracking/meta-pixel";
import { accessibleSurface, ORGANIZER_FOCUS_RING } from "~/lib/contrast";
import { useCspNonce } from "~/lib/csp-nonce";
import { formatDateRange, formatMoney, formatShortDateTimeWithZone } from "#domain/shared/format";
import { orderStatusWatchScript, orderWatchDefaults } from "~/lib/order-status-watch";
import { consentFromCookieHeader, CSP_META_PIXEL_HEADER, metaPixelUrl } from "#domain/http/tracking-consent";
import { cn } from "~/lib/utils";
import { serverContext } from "~/server/context";
import { loaderError } from "~/server/route-errors.server";
import { AppError, isAppError } from "#domain/shared/app-error";
import type { Route } from "./+types/order-page";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, env } = context.get(serverContext);
  const token = new URL(request.url).searchParams.get("token");
  try {
    const page = await getOrderPage(db, env, { orderId: requireId(params.id, "booking:errors.order-not-found"), token });
    const live = page.order.status === "paid" || page.order.status === "manual";
    const emailed = live && (await hasConfirmationEmail(db, page.order.id));
    // Issue 28: what the buyer may change themselves, and until when.
    const selfService = live ? await getOrderSelfService(db, { orderId: page.order.id, token }) : null;
    // The rules in plain words, written by the same function as the confirmation email's (docs/decisions/0060).
    const rulesSentences = selfService
      ? selfServiceSentences(toEmailLocale(getLocale(context)), {
          rules: selfService,
          refund: selfService.cancel_refund.kind,
          percentage: selfService.cancel_refund.percentage,
          free: selfService.free,
          anyCheckedIn: selfService.participants.some((participant) => participant.checked_in),
          timeZone: page.event.timezone,
        })
      : [];
    // One idempotency key per rendering of the page's cancel forms: a double click cancels once.
    const cancelKey = selfService ? `page-${generateRandomToken().slice(0, 32)}` : "";
    const refundedAmount =
      page.order.status === "refunded" || page.order.status === "paid"
        ? await orderRefundedAmount(db, page.order.id)
        : 0;
    // Issue 29 §3–4: the order's invoice and credit notes, or « Demander une facture » while it may be asked for.
    const invoices =
      token && (live || page.order.status === "refunded")
        ? await getPublicOrderInvoices(db, { orderId: page.order.id, token })
        : null;
    // A buyer who left the checkout comes back to it here while the order may still be paid (decision 0035).
    const resumeUrl =
      page.order.status === "pending"
        ? await checkoutResumeUrl(db, { env, provider: paymentProviderFromEnv(env, db) }, { orderId: page.order.id })
        : null;
    // Meta's Purchase only for an order paid here, with the buyer's consent to ads tracking (the event page's banner).
    const consent = consentFromCookieHeader(request.headers.get("Cookie"));
    const purchasePixel =
      page.order.status === "paid" && consent === "ads" && page.event.metaPixelId
        ? metaPixelUrl(page.event.metaPixelId, {
            name: "Purchase",
            amountCents: page.order.amount,
            currency: "EUR",
            eventId: `order-${page.order.id}`,
          })
        : null;
    // Issue 29 §6: the billing details, which the buyer may correct until the invoice is issued.
    const billing = await getOrderBilling(db, { orderId: page.order.id, token });
    return data(
      {
        ...page,
        billing,
        token: token ?? "",
        resumeUrl,
        emailed,
        selfService,
        rulesSentences,
        cancelKey,
        refundedAmount,
        invoices,
        qrCodes: live ? page.order.participants.map((participant) => qrPath(participant.ticket_token)) : [],
        // Issue 27 §6: a confirmed order's event, in the buyer's calendar (the .ics follows the event's changes).
        calendar:
          live && token
            ? orderCalendarLinks(
                orderCalendarSource(page.event, page.dates),
                { id: page.order.id, accessToken: token },
                siteUrlOf(env, request.url),
              )
            : null,
        purchasePixel,
      },
      { headers: purchasePixel ? { [CSP_META_PIXEL_HEADER]: "1" } : {} },
    );
  } catch (error) {
    return loaderError(error);
  }
}

/** « Corriger les coordonnées de facturation » (issue 29 §6): the order's billing details, while not invoiced. */
async function billingAction(
  { params, request, context }: Pick<Route.ActionArgs, "params" | "request" | "context">,
  form: FormData,
  token: string | null,
  values: Record<string, string>,
) {
  const { db } = context.get(serverContext);
  try {
    const orderId = requireId(params.id, "booking:errors.order-not-found");
    await hitRateLimits(db, bookingRateLimits(`order:${orderId}`, clientInfoFromHeaders(request.headers).ip));
    const billing = Object.fromEntries(
      BILLING_FIELDS.map((field) => {
        const value = form.get(`billing.${field}`);
        return [field, typeof value === "string" ? value : ""];
      }),
    );
    await updateOrderBilling(db, { orderId, token, billing });
    return { ok: true as const, intent: "billing" as const };
  } catch (error) {
    return actionError(error, values, { intent: "billing" as const });
  }
}

const selfServiceFormSchema = v.object({
  intent: v.picklist(["edit", "transfer", "cancel", "invoice"], "booking:self-service.errors.action-invalid"),
  participant_id: v.union([
    v.pipe(v.string(), v.regex(/^[1-9]\d{0,15}$/), v.transform(Number)),
    v.pipe(v.literal("order"), v.transform(() => null)),
  ]),
});

/**
 * « Modifier » and « Transférer » (issue 28 §2): the forms under each ticket, named `<intent>.<participant>.<field>`
 * so several tickets' fields never share an id. The same use-cases and rate limits as PATCH /api/public/orders/:id.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const { db, env, ctx } = context.get(serverContext);
  const token = new URL(request.url).searchParams.get("token");
  const form = await request.formData();
  const values = formValues(form);
  if (form.get("intent") === "billing") return billingAction({ params, request, context }, form, token, values);
  const parsed = v.safeParse(selfServiceFormSchema, Object.fromEntries(form));
  if (!parsed.success) return actionError(new AppError("validation", "booking:self-service.errors.action-invalid"), values);
  const { intent, participant_id: participantId } = parsed.output;
  if (intent === "cancel") return cancelAction({ params, request, context }, form, participantId, token, values);
  if (intent === "invoice") {
    try {
      const orderId = requireId(params.id, "booking:errors.order-not-found");
      await hitRateLimits(db, bookingRateLimits(`order:${orderId}`, clientInfoFromHeaders(request.headers).ip));
      await requestOrderInvoice(db, { orderId, token: token ?? "" });
      return { ok: true as const, intent, participantId: null };
    } catch (error) {
      return actionError(error, values, { intent, participantId: null });
    }
  }
  if (participantId === null)
    return actionError(new AppError("validation", "booking:self-service.errors.action-invalid"), values);
  const prefix = `${intent}.${participantId}`;
  const text = (name: string) => {
    const value = form.get(`${prefix}.${name}`);
    return typeof value === "string" ? value : "";
  };
  try {
    const orderId = requireId(params.id, "booking:errors.order-not-found");
    await hitRateLimits(db, bookingRateLimits(`order:${orderId}`, clientInfoFromHeaders(request.headers).ip));
    const holder = { first_name: text("first_name"), last_name: text("last_name"), email: text("email") };
    const input = { orderId, token, participantId };
    if (intent === "edit") {
      const view = await getOrderSelfService(db, { orderId, token });
      const questions = view.participants.find((participant) => participant.id === participantId)?.questions ?? [];
      const answers = questions.length > 0 ? answersFrom(form, `${prefix}.answers`, questions) : undefined;
      await editOrderParticipant(db, { ...input, body: { ...holder, ...(answers ? { answers } : {}) } });
    } else {
      const transferred = await transferOrderParticipant(db, env, { ...input, body: holder });
      if (transferred.emailKey) ctx.waitUntil(queueHolderTicketEmail(env, { orderId, key: transferred.emailKey }));
    }
    return {
      ok: true as const,
      intent,
      participantId,
      name: `${holder.first_name.trim()} ${holder.last_name.trim()}`,
    };
  } catch (error) {
    return actionError(error, values, { intent, participantId });
  }
}

/** « Annuler » (docs/decisions/0060): one ticket, or the whole order, with the page's idempotency key. */
async function cancelAction(
  { params, request, context }: Pick<Route.ActionArgs, "params" | "request" | "context">,
  form: FormData,
  participantId: number | null,
  token: string | null,
  values: Record<string, string>,
) {
  const { db, env } = context.get(serverContext);
  const key = form.get("idempotency_key");
  try {
    const orderId = requireId(params.id, "booking:errors.order-not-found");
    await hitRateLimits(db, bookingRateLimits(`order:${orderId}`, clientInfoFromHeaders(request.headers).ip));
    const cancelled = await cancelOrderTickets(
      db,
      { provider: paymentProviderFromEnv(env, db), jobs: env },
      {
        orderId,
        token,
        participantIds: participantId === null ? "order" : [participantId],
        idempotencyKey: typeof key === "string" ? key : "",
      },
    );
    return {
      ok: true as const,
      intent: "cancel" as const,
      participantId,
      amount: cancelled.amount,
      closesOrder: cancelled.closesOrder,
    };
  } catch (error) {
    const deadline = isAppError(error) ? error.details?.deadline : undefined;
    const language = getLocale(context);
    const { event } = await getOrderPage(db, env, {
      orderId: Number(params.id),
      token,
    }).catch(() => ({ event: null }));
    const date =
      typeof deadline === "string" && event ? formatShortDateTimeWithZone(deadline, language, event.timezone) : undefined;
    return actionError(error, values, { intent: "cancel" as const, participantId, ...(date ? { date } : {}) });
  }
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  // The access token is in the URL: nothing keeps a copy, and no other site learns the address.
  const headers = new Headers({ "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" });
  const metaPixel = loaderHeaders.get(CSP_META_PIXEL_HEADER);
  if (metaPixel) headers.set(CSP_META_PIXEL_HEADER, metaPixel);
  return headers;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData ? `${loaderData.event.title} · Guichet` : "Guichet" },
    { name: "robots", content: "noindex" },
  ];
}

const statusStyle: Record<string, string> = {
  pending: "bg-amber-100 text-amber-900",
  paid: "bg-emerald-100 text-emerald-800",
  manual: "bg-emerald-100 text-emerald-800",
  expired: "bg-slate-200 text-slate-700",
  refunded: "bg-slate-200 text-slate-700",
  cancelled: "bg-rose-100 text-rose-800",
};

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const {
    order,
    event,
    dates,
    participantDates,
    token,
    qrCodes,
    purchasePixel,
    resumeUrl,
    emailed,
    calendar,
    selfService,
    rulesSentences,
    cancelKey,
    refundedAmount,
    invoices,
  } = loaderData;
  // The route's props, not useActionData: the page also renders outside a data router (the tracking tests' SSR).
  // « Demander une facture » and the billing form answer for their own sections: the tickets' messages never read them.
  const result = actionData as
    | SelfServiceActionResult
    | OrderBillingResult
    | { ok: boolean; intent: "invoice"; errors?: { formError?: string } }
    | undefined;
  const invoiceResult = result?.intent === "invoice" ? result : undefined;
  const billingResult = result?.intent === "billing" ? (result as OrderBillingResult) : undefined;
  const actionResult =
    result?.intent === "billing" || result?.intent === "invoice"
      ? undefined
      : (result as SelfServiceActionResult | undefined);
  const { t, i18n } = useTranslation("booking");
  const dark = event.theme === "dark";
  const live = order.status === "paid" || order.status === "manual";
  const eventHref = event.publicPage ? eventPagePath(event) : null;
  const card = cn("rounded-xl border p-4", dark ? "border-slate-800 bg-slate-900" : "border-slate-200 bg-white");
  // A free order was not paid: it is "Confirmée", as an order added by hand.
  const statusKey = (order.status === "paid" && order.amount === 0 ? "manual" : order.status) as "pending";
  // Spec §9's text on a shade of the organizer's colour that gives it 4.5:1 (app/lib/contrast.ts).
  const surface = accessibleSurface(event.primaryColor);
  const surfaceStyle = { backgroundColor: surface.background, color: surface.text };
  const nonce = useCspNonce();
  const orderHref = `/orders/${order.id}?token=${encodeURIComponent(token)}`;
  // No <meta http-equiv="refresh"> (WCAG 2.2.1): a pending order is watched by a small inline script, and a reload
  // (the page's own link) works without it.
  const watchScript = orderStatusWatchScript({
    apiUrl: `/api/public/orders/${order.id}?token=${encodeURIComponent(token)}`,
    status: order.status,
    headingId: "order-heading",
    ...orderWatchDefaults,
  });

  return (
    <div className={cn("min-h-svh", dark ? "dark bg-slate-950 text-slate-100" : "bg-slate-50 text-slate-900")}>
      <PublicStyles />
      <header style={surfaceStyle}>
        <div className="mx-auto max-w-3xl px-4 py-6 md:px-6">
          <p className="text-sm">{t("order.title", { id: order.id })}</p>
          <h1
            id="order-heading"
            tabIndex={-1}
            className="mt-1 text-2xl font-bold tracking-tight wrap-anywhere outline-none md:text-3xl"
          >
            {live ? t("order.heading", { name: order.first_name }) : t("order.for-event", { title: event.title })}
          </h1>
          {live ? <p className="mt-1 wrap-anywhere">{t("order.for-event", { title: event.title })}</p> : null}
        </div>
      </header>
      <main className="mx-auto max-w-3xl space-y-6 px-4 py-6 md:px-6">
        <section className={cn(card, "space-y-3")} aria-labelledby="order-status-heading" role="status">
          <h2 id="order-status-heading" className="sr-only">
            {t("order.status-label")}
          </h2>
          <p>
            <span
              className={cn("rounded-full px-3 py-1 text-sm font-semibold", statusStyle[order.status])}
              data-testid="order-status"
            >
              {t(`order.status.${statusKey}`)}
            </span>
          </p>
          {order.status === "pending" ? (
            <p className="text-sm" data-testid="order-pending-message">
              {t(resumeUrl ? "order.pending-resume" : "order.pending", {
                time: order.payable_until ? formatShortDateTimeWithZone(order.payable_until, i18n.language, event.timezone) : "",
              })}
            </p>
          ) : null}
          {order.status === "pending" ? (
            <p className="flex flex-wrap gap-3">
              {resumeUrl ? (
                <a
                  href={resumeUrl}
                  className={cn(
                    "inline-flex min-h-11 items-center gap-2 rounded-lg px-4 text-sm font-semibold shadow-sm",
                    ORGANIZER_FOCUS_RING,
                  )}
                  style={surfaceStyle}
                  data-testid="order-resume-payment"
                >
                  <CreditCard className="size-4" aria-hidden />
                  {t("order.resume")}
                </a>
              ) : null}
              <a
                href={orderHref}
                className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-current px-4 text-sm font-semibold"
                data-testid="order-refresh"
              >
                <RefreshCw className="size-4" aria-hidden />
                {t("order.refresh")}
              </a>
            </p>
          ) : null}
          {order.status === "expired" ? (
            <p className="text-sm">
              {t("order.expired")}{" "}
              {eventHref ? (
                <a href={eventHref} className="font-medium underline">
                  {t("order.book-again")}
                </a>
              ) : null}
            </p>
          ) : null}
          {actionResult?.ok && actionResult.intent === "cancel" ? (
            <p
              className="rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-900"
              data-testid="self-service-cancelled"
            >
              {actionResult.amount > 0
                ? t("self-service.cancelled-refund", { amount: formatMoney(actionResult.amount, i18n.language) })
                : t("self-service.cancelled")}
            </p>
          ) : null}
          {order.status === "refunded" ? (
            <p className="text-sm">{refundedAmount > 0 ? t("order.refunded") : t("self-service.cancelled-order")}</p>
          ) : null}
          {order.status === "cancelled" ? <p className="text-sm">{t("order.cancelled")}</p> : null}
          {emailed ? <p className="text-sm">{t("order.email-sent", { email: order.email })}</p> : null}
          {live && order.amount > 0 ? (
            <p className="text-sm font-medium">
              {t("order.amount", { amount: formatMoney(order.amount, i18n.language) })}
            </p>
          ) : null}
          {(order.status === "refunded" || order.status === "paid") && refundedAmount > 0 ? (
            <p className="text-sm font-medium" data-testid="order-refunded-amount">
              {t("order.refunded-amount", { amount: formatMoney(refundedAmount, i18n.language) })}
            </p>
          ) : null}
        </section>

        {live && event.confirmationPageMessage ? (
          <section className={card} data-testid="confirmation-message">
            <div
              className={cn(descriptionContentClass, "break-words")}
              // Sanitized with the event description's allowlist when saved, as the description (domain/events/event-record.ts).
              dangerouslySetInnerHTML={{ __html: event.confirmationPageMessage }}
            />
          </section>
        ) : null}

        <section className={cn(card, "space-y-2 text-sm")}>
          {dates.length > 0 ? (
            // A multi-date event (decision 0068): the dates this order's tickets are for, not the run's span.
            <p className="flex gap-2" data-testid="order-dates">
              <CalendarDays className="size-4 shrink-0 opacity-70" aria-hidden />
              {formatTicketDates(dates, i18n.language, event.timezone)}
            </p>
          ) : event.startAt ? (
            <p className="flex gap-2">
              <CalendarDays className="size-4 shrink-0 opacity-70" aria-hidden />
              {formatDateRange(event.startAt, event.endAt, i18n.language, event.timezone)}
            </p>
          ) : null}
          {dates.length === 1 && datePlaceText(dates[0]!) ? (
            <p className="flex gap-2">
              <MapPin className="size-4 shrink-0 opacity-70" aria-hidden />
              <span>{datePlaceText(dates[0]!)}</span>
            </p>
          ) : event.addressName || event.addressLabel ? (
            <p className="flex gap-2">
              <MapPin className="size-4 shrink-0 opacity-70" aria-hidden />
              <span>{[event.addressName, event.addressLabel].filter(Boolean).join(", ")}</span>
            </p>
          ) : null}
          {eventHref ? (
            <a href={eventHref} className="inline-block font-medium underline">
              {t("order.back-to-event")}
            </a>
          ) : null}
          {calendar ? <AddToCalendar links={calendar} className="pt-2" /> : null}
        </section>

        {invoices ? (
          <OrderInvoices
            view={invoices}
            orderId={order.id}
            token={token}
            timeZone={event.timezone}
            className={card}
            buttonStyle={surfaceStyle}
            requested={invoiceResult?.intent === "invoice" && invoiceResult.ok}
            error={invoiceResult?.intent === "invoice" ? (invoiceResult.errors?.formError ?? null) : null}
          />
        ) : null}

        {order.status === "refunded" && order.items.length > 0 ? (
          <section aria-labelledby="refunded-heading" className="space-y-3">
            <h2 id="refunded-heading" className="text-xl font-semibold">
              {t("order.refunded-lines")}
            </h2>
            {/* The refund deletes the participants (their QR codes stop validating); the lines bought stay. */}
            <ul className={cn(card, "divide-y p-0", dark ? "divide-slate-800" : "divide-slate-200")}>
              {order.items.map((item, index) => (
                <li
                  key={`${item.ticket_id}-${index}`}
                  className="flex flex-wrap items-center gap-x-3 gap-y-1 p-4"
                  data-testid="order-refunded-line"
                >
                  <span className="min-w-0 flex-1 font-medium wrap-anywhere">
                    {t("order.refunded-line", { quantity: item.quantity, ticket: item.title })}
                    {item.ticket_type === "addon" ? (
                      <span className="ml-2 text-sm font-normal opacity-70">{t("order.refunded-addon")}</span>
                    ) : null}
                  </span>
                  <span className="text-sm tabular-nums line-through opacity-70">
                    {formatMoney(Math.max(0, item.unit_price * item.quantity - item.discount), i18n.language)}
                  </span>
                  <span className={cn("rounded-full px-3 py-1 text-sm font-semibold", statusStyle.refunded)}>
                    {t("order.refunded-badge")}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        {live && order.participants.length > 0 ? (
          <section aria-labelledby="tickets-heading" className="space-y-4">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="tickets-heading" className="text-xl font-semibold">
                {t("order.tickets")}
              </h2>
              <a
                href={orderTicketsPdfHref(order.id, token)}
                className={cn(
                  "inline-flex h-10 items-center gap-2 rounded-lg px-4 text-sm font-semibold shadow-sm",
                  ORGANIZER_FOCUS_RING,
                )}
                style={surfaceStyle}
                data-testid="download-tickets"
              >
                <Download className="size-4" aria-hidden />
                {t("order.download")}
              </a>
            </div>
            {actionResult?.ok && actionResult.intent !== "cancel" ? (
              <p
                role="status"
                className="rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-900"
                data-testid="self-service-done"
              >
                {actionResult.intent === "edit"
                  ? t("self-service.edited")
                  : t("self-service.transferred", { name: actionResult.name })}
              </p>
            ) : null}
            {selfService ? (
              <div className={cn(card, "space-y-3")}>
                <h3 className="font-semibold">{t("self-service.rules-heading")}</h3>
                <SelfServiceRules sentences={rulesSentences} />
                {selfService.order_cancel.can_cancel && selfService.order_cancel.refund_amount !== null ? (
                  <CancelDisclosure
                    target="order"
                    title={t("self-service.cancel-order-title")}
                    description={t("self-service.cancel-order-description")}
                    amount={selfService.order_cancel.refund_amount}
                    free={selfService.free}
                    idempotencyKey={`${cancelKey}-order`}
                    failed={
                      actionResult && !actionResult.ok && actionResult.intent === "cancel" && actionResult.participantId === null
                        ? actionResult
                        : null
                    }
                    surfaceStyle={surfaceStyle}
                    testId="cancel-order"
                  />
                ) : null}
              </div>
            ) : null}
            <ul className="grid gap-4 sm:grid-cols-2">
              {order.participants.map((participant, index) => {
                const actions = selfService?.participants.find((entry) => entry.id === participant.id);
                const qr = qrCodes[index];
                const name = `${participant.first_name} ${participant.last_name}`;
                return (
                  <li key={participant.id} className={cn(card, "space-y-3")} data-testid="order-ticket">
                    <div>
                      <p className="font-semibold wrap-anywhere">{participant.ticket_title}</p>
                      <p className="text-sm wrap-anywhere">{name}</p>
                      {participantDates[participant.id]?.length ? (
                        <p className="text-sm font-medium" data-testid="order-ticket-date">
                          {formatTicketDates(participantDates[participant.id]!, i18n.language, event.timezone)}
                        </p>
                      ) : null}
                      <p className="text-xs opacity-70">{t("order.ticket-number", { id: participant.id })}</p>
                    </div>
                    {qr ? (
                      <svg
                        viewBox={`0 0 ${qr.size} ${qr.size}`}
                        role="img"
                        aria-label={t("order.qr", { name })}
                        className="mx-auto aspect-square w-full max-w-56 rounded-md bg-white"
                        shapeRendering="crispEdges"
                        data-token={participant.ticket_token}
                      >
                        <rect width={qr.size} height={qr.size} fill="#fff" />
                        <path d={qr.d} fill="#000" />
                      </svg>
                    ) : null}
                    {actions ? (
                      <TicketSelfService
                        key={participant.ticket_token}
                        participant={participant}
                        actions={actions}
                        result={actionResult}
                        dark={dark}
                        surfaceStyle={surfaceStyle}
                        free={selfService?.free ?? false}
                        cancelKey={`${cancelKey}-${participant.id}`}
                      />
                    ) : null}
                  </li>
                );
              })}
            </ul>
          </section>
        ) : null}
        <OrderBilling
          state={loaderData.billing}
          result={billingResult}
          dark={dark}
          className={card}
          surfaceStyle={surfaceStyle}
        />
      </main>
      {purchasePixel ? <MetaPixelImage src={purchasePixel} /> : null}
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: watchScript }} />
    </div>
  );
}

export function ErrorBoundary() {
  return <PublicEventNotFound />;
}
