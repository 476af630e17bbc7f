import { FlaskConical } from "lucide-react";
import { offerFreedPlaces } from "#domain/waiting-list/offer-waiting-list-places";
import { useTranslation } from "react-i18next";
import { data, redirect } from "react-router";
import * as v from "valibot";
import { paymentProviderFromEnv } from "#adapters/payments";
import { getDemoCheckout, submitDemoCheckout } from "#domain/payments/demo-checkout";
import { clearedHeldOrderCookie } from "#domain/booking/held-order";
import { confirmationEmailOrderId } from "#domain/payments/handle-provider-event";
import { PublicEventNotFound } from "~/components/public-event/public-event-not-found";
import { PublicStyles } from "~/components/public-event/public-styles";
import { FormError } from "~/components/form-error";
import { Button } from "~/components/ui/button";
import { formatDateTimeWithZone, formatMoney } from "#domain/shared/format";
import { serverContext } from "~/server/context";
import { parseForm } from "~/server/forms.server";
import { actionError, loaderError } from "~/server/route-errors.server";
import { queueOrderEmails } from "#domain/order-documents/queue-order-emails";
import type { Route } from "./+types/demo-checkout";

/*
 * Stands where Stripe Checkout would when no Stripe key is set (development and test only; 404 otherwise): the
 * buttons send the events Stripe would send, signed, through the webhook's own handler (domain/payments/demo-checkout.ts).
 */

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, env } = context.get(serverContext);
  try {
    return { checkout: await getDemoCheckout(db, env, params.sessionId) };
  } catch (error) {
    return loaderError(error);
  }
}

const actionSchema = v.object({ intent: v.picklist(["pay", "cancel"], "errors:invalid-input") });

export async function action({ params, request, context }: Route.ActionArgs) {
  const { db, env, ctx } = context.get(serverContext);
  const parsed = await parseForm(request, actionSchema);
  if (!parsed.ok) return data({ ok: false as const, errors: parsed.errors, values: parsed.values }, { status: 400 });
  try {
    const intent = parsed.data.intent;
    const { redirectTo, result, cancelled, eventId } = await submitDemoCheckout(
      db,
      { env, provider: paymentProviderFromEnv(env, db) },
      { sessionId: params.sessionId, action: intent },
    );
    // As the Stripe webhook does: a confirmation replayed after a lost answer still queues its email (the email's
    // delivery key keeps it to one).
    const confirmedOrderId = result ? confirmationEmailOrderId(result) : null;
    if (confirmedOrderId !== null) ctx.waitUntil(queueOrderEmails(env, [confirmedOrderId]));
    // The cancelled order's places are back: the waiting lists' next people get offers.
    if (cancelled) ctx.waitUntil(offerFreedPlaces(db, env, { eventId }));
    const cookie = cancelled ? { "Set-Cookie": clearedHeldOrderCookie(eventId, request.url) } : undefined;
    // Booked in the widget, the way back is the organizer's own page: the page's CSP (form-action 'self') forbids a
    // form's answer to redirect to another site, so this page sends the buyer there itself (a link and a refresh).
    if (/^https?:\/\//.test(redirectTo)) return data({ ok: true as const, leaveTo: redirectTo, cancelled }, { headers: cookie });
    // A cancelled order holds nothing: the event page stops naming it.
    return redirect(redirectTo, cookie ? { headers: cookie } : undefined);
  } catch (error) {
    return actionError(error);
  }
}

export function headers() {
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
}

export function meta() {
  return [{ title: "Guichet · Paiement" }, { name: "robots", content: "noindex" }];
}

export default function DemoCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const { checkout } = loaderData;
  const { t, i18n } = useTranslation("payments");
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const leaveTo = actionData && "leaveTo" in actionData ? actionData : null;
  if (leaveTo) {
    return (
      <div className="min-h-svh bg-slate-100 text-slate-900">
        <PublicStyles />
        <meta httpEquiv="refresh" content={`0;url=${leaveTo.leaveTo}`} />
        <main className="mx-auto max-w-lg space-y-4 px-4 py-8" role="status">
          <h1 className="text-2xl font-bold tracking-tight">
            {leaveTo.cancelled ? t("demo.back-cancelled") : t("demo.back-paid")}
          </h1>
          <p>
            <a href={leaveTo.leaveTo} className="font-medium text-indigo-700 underline underline-offset-4">
              {t("demo.back-link")}
            </a>
          </p>
        </main>
      </div>
    );
  }

  return (
    <div className="min-h-svh bg-slate-100 text-slate-900">
      <PublicStyles />
      <div
        role="note"
        className="flex items-center justify-center gap-2 bg-amber-300 px-4 py-3 text-center font-semibold text-amber-950"
        data-testid="demo-checkout-banner"
      >
        <FlaskConical aria-hidden className="size-5 shrink-0" />
        {t("demo.banner")}
      </div>
      <main className="mx-auto max-w-lg space-y-6 px-4 py-8">
        <header className="space-y-1">
          <p className="text-sm text-slate-600">{t("demo.order", { id: checkout.orderId })}</p>
          <h1 className="text-2xl font-bold tracking-tight wrap-anywhere">{checkout.eventTitle}</h1>
          <p className="text-sm text-slate-600 wrap-anywhere">{t("demo.buyer", { email: checkout.email })}</p>
        </header>

        <section aria-labelledby="demo-summary" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
          <h2 id="demo-summary" className="font-semibold">
            {t("demo.summary")}
          </h2>
          <ul className="divide-y divide-slate-100">
            {checkout.lines.map((line, index) => (
              <li key={index} className="flex justify-between gap-4 py-2 text-sm">
                <span className="wrap-anywhere">
                  {line.quantity} × {line.title}
                </span>
                <span className="tabular-nums">{money(line.total)}</span>
              </li>
            ))}
          </ul>
          <dl className="space-y-1 border-t border-slate-200 pt-3 text-sm">
            {checkout.addedFees > 0 ? (
              <div className="flex justify-between">
                <dt>{t("demo.fees")}</dt>
                <dd className="tabular-nums">{money(checkout.addedFees)}</dd>
              </div>
            ) : null}
            <div className="flex justify-between text-base font-semibold">
              <dt>{t("demo.total")}</dt>
              <dd className="tabular-nums" data-testid="demo-checkout-total">
                {money(checkout.amount)}
              </dd>
            </div>
          </dl>
          {checkout.open && checkout.payableUntil ? (
            <p className="text-xs text-slate-600">
              {t("demo.payable-until", {
                time: formatDateTimeWithZone(checkout.payableUntil, i18n.language, checkout.timezone),
              })}
            </p>
          ) : null}
        </section>

        <FormError message={actionData && "errors" in actionData ? actionData.errors?.formError : undefined} autoFocus />
        {checkout.open ? (
          // A plain HTML form: the page ships no JavaScript (app/lib/pages-without-javascript.ts), and a second
          // click only replays what the webhook handler already settled once.
          <form method="post" className="flex flex-col gap-3 sm:flex-row-reverse">
            <Button type="submit" name="intent" value="pay" size="lg" className="sm:flex-1">
              {t("demo.pay", { amount: money(checkout.amount) })}
            </Button>
            <Button type="submit" name="intent" value="cancel" size="lg" variant="outline">
              {t("demo.cancel")}
            </Button>
          </form>
        ) : (
          <p role="status" className="rounded-xl border border-slate-200 bg-white p-4 text-sm">
            {t("demo.closed")}{" "}
            <a className="font-medium underline" href={checkout.successPath}>
              {t("demo.see-order")}
            </a>
          </p>
        )}
        <p className="text-xs text-slate-600">{t("demo.explanation")}</p>
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return <PublicEventNotFound />;
}
