import { ArrowLeft, Ban, Mail, Undo2 } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { countryName } from "#domain/accounting/buyer-billing";
import { BILLING_FIELDS } from "#domain/public-events/billing-fields";
import { data, Link, useFetcher } from "react-router";
import { toast } from "~/lib/toast";
import * as v from "valibot";
import { boundedString, SHORT_TEXT_MAX_LENGTH } from "#domain/shared/bounded-string";
import { paymentProviderFromEnv } from "#adapters/payments";
import { cancelOrder } from "#domain/booking/cancel-order";
import { refundOrder } from "#domain/payments/refund-order";
import { getOrderRefunds } from "#domain/refunds/get-order-refunds";
import { getOrderInvoices } from "#domain/invoices/get-order-invoices";
import { OrganizerOrderInvoices } from "~/components/order/organizer-order-invoices";
import { refundOrderPart } from "#domain/refunds/refund-order-part";
import { eurosToCents } from "#domain/tickets/euro-text";
import { resendOrderConfirmation } from "#domain/order-documents/resend-order-confirmation";
import { getOrder } from "#domain/orders/get-order";
import { AppError, notFound } from "#domain/shared/app-error";
import { parseId, requireId } from "#domain/shared/ids";
import { EventPageErrorBoundary } from "~/components/event/event-page-error";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "~/components/ui/alert-dialog-lazy";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Spinner } from "~/components/ui/spinner";
import { formatDateTime, formatMoney } from "#domain/shared/format";
import { serverContext } from "~/server/context";
import { parseForm } from "~/server/forms.server";
import { getSignedIn } from "~/server/guards.server";
import { actionError, loaderError } from "~/server/route-errors.server";
import { checkoutTimeLabel, participantPrice } from "./order-labels";
import { OrderRefundDialog, type RefundSubmission } from "./orders-refund-dialog";
import { PaymentStatusBadge } from "./orders-status-badge";
import type { Route } from "./+types/orders-detail";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { actor } = getSignedIn(context);
  const { db } = context.get(serverContext);
  try {
    const eventId = parseId(params.event_id);
    const orderId = parseId(params.oid);
    if (eventId === null || orderId === null) throw notFound("orders:errors.not-found");
    const order = await getOrder(db, actor, { eventId, orderId });
    return {
      eventId,
      ...order,
      refunds: await getOrderRefunds(db, actor, { orderId, eventId }),
      invoices: await getOrderInvoices(db, actor, { orderId }),
    };
  } catch (error) {
    return loaderError(error);
  }
}

const actionSchema = v.object({
  intent: v.picklist(["resend", "cancel", "refund", "refund-part"]),
  mode: v.optional(v.picklist(["units", "amount"])),
  // A comma-separated list of participant ids: an order's tickets, bounded like any posted text.
  participants: v.optional(boundedString(20_000)),
  with_fees: v.optional(boundedString(SHORT_TEXT_MAX_LENGTH)),
  amount: v.optional(boundedString(SHORT_TEXT_MAX_LENGTH)),
  key: v.optional(boundedString(SHORT_TEXT_MAX_LENGTH)),
});

/** The partial refund the dialog posted (orders-refund-dialog.tsx): chosen participants, or an amount in euros. */
function partialRequest(form: v.InferOutput<typeof actionSchema>) {
  if (form.mode === "units") {
    const ids = (form.participants ?? "").split(",").map(Number);
    if (ids.some((id) => !Number.isSafeInteger(id) || id <= 0))
      throw new AppError("validation", "orders:errors.partial-refund.unknown-line");
    return { kind: "units" as const, participantIds: ids, withFees: form.with_fees === "1" };
  }
  if (form.mode === "amount") {
    const cents = eurosToCents(form.amount ?? "");
    if (typeof cents !== "number") throw new AppError("validation", "orders:errors.partial-refund.invalid-amount");
    return { kind: "amount" as const, amount: cents };
  }
  throw new AppError("validation", "orders:errors.partial-refund.invalid-mode");
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { actor } = getSignedIn(context);
  const { db, env } = context.get(serverContext);
  const parsed = await parseForm(request, actionSchema);
  if (!parsed.ok) return data({ ok: false as const, errors: parsed.errors, values: parsed.values }, { status: 400 });
  const { intent } = parsed.data;
  try {
    const orderId = requireId(params.oid);
    if (intent === "refund-part") {
      const refund = await refundOrderPart(db, { provider: paymentProviderFromEnv(env, db), jobs: env }, actor, {
        orderId,
        eventId: parseId(params.event_id) ?? undefined,
        idempotencyKey: parsed.data.key ?? "",
        request: partialRequest(parsed.data),
      });
      return { ok: true as const, intent, amount: refund.amount };
    }
    if (intent === "resend") await resendOrderConfirmation(db, actor, { orderId }, env.JOBS);
    else if (intent === "refund")
      await refundOrder(db, { provider: paymentProviderFromEnv(env, db), jobs: env }, actor, { orderId });
    else await cancelOrder(db, actor, { orderId, jobs: env });
    return { ok: true as const, intent, amount: null };
  } catch (error) {
    return actionError(error, { intent });
  }
}

export { EventPageErrorBoundary as ErrorBoundary };

type Intent = "resend" | "cancel" | "refund" | "refund-part";
type ActionAnswer = Awaited<ReturnType<typeof action>> extends infer A ? (A extends { data: infer D } ? D : A) : never;

const successToast = {
  resend: "toasts.resent",
  cancel: "toasts.cancelled",
  refund: "toasts.refunded",
  "refund-part": "toasts.refunded-part",
} as const;

export default function OrderDetail({ loaderData }: Route.ComponentProps) {
  const { eventId, order, participants, answers, timezone, canManage, refunds, invoices } = loaderData;
  const { t, i18n } = useTranslation("orders");
  const { t: tParticipants } = useTranslation("participants");
  const { t: tBooking } = useTranslation("booking");
  const { t: tAny } = useTranslation();
  const fetcher = useFetcher<ActionAnswer>({ key: `order-${order.id}` });
  const [confirm, setConfirm] = useState<Exclude<Intent, "refund-part"> | null>(null);
  const [refunding, setRefunding] = useState(false);
  // A new dialog (fresh choices, a fresh idempotency key) at each opening.
  const [refundOpenings, setRefundOpenings] = useState(0);
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const date = (value: number) => formatDateTime(value, i18n.language, timezone);
  const busy = fetcher.state !== "idle";

  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const [seen, setSeen] = useState(answer);
  useEffect(() => {
    if (answer === seen) return;
    setSeen(answer);
    if (!answer) return;
    setConfirm(null);
    setRefunding(false);
    if (answer.ok) toast.success(t(successToast[answer.intent], { amount: money(answer.amount ?? 0) }));
    else {
      const key = answer.errors.formError;
      toast.error(key && i18n.exists(key) ? tAny(key as never) : t("toasts.failed"));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer, seen, t, tAny, i18n]);

  const dialog: Record<Exclude<Intent, "refund-part">, { title: string; body: string }> = {
    resend: { title: t("actions.resend-title"), body: t("actions.resend-body", { email: order.email }) },
    cancel: { title: t("actions.cancel-title"), body: t("actions.cancel-body") },
    // After partial refunds, the full refund gives back what is left.
    refund: { title: t("actions.refund-title"), body: t("actions.refund-body", { amount: money(refunds.left) }) },
  };
  const canRefund = order.status === "paid" && order.amount > 0 && refunds.left > 0;
  const refundedSoFar = order.status === "refunded" ? order.amount : refunds.state.refundedAmount;
  const canResend = order.status === "paid" || order.status === "manual";

  return (
    <section className="flex min-w-0 flex-col gap-4" aria-labelledby="order-title">
      <div>
        <Button variant="ghost" size="sm" asChild className="-ml-2">
          <Link to={`/event/${eventId}/orders`}>
            <ArrowLeft />
            {t("back")}
          </Link>
        </Button>
      </div>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <div className="flex items-center gap-2">
            <h2 id="order-title" className="text-xl font-semibold">
              {t("detail.title", { id: order.id })}
            </h2>
            <PaymentStatusBadge status={order.status} amount={order.amount} />
          </div>
          <p className="text-sm text-muted-foreground">
            {t("detail.created", { date: date(order.createdAt) })}
            {order.paidAt !== null ? ` · ${t("detail.paid", { date: date(order.paidAt) })}` : null}
          </p>
        </div>
        {canManage ? (
          <div className="flex flex-wrap gap-2">
            {canResend ? (
              <Button variant="outline" size="sm" onClick={() => setConfirm("resend")}>
                <Mail />
                {t("actions.resend")}
              </Button>
            ) : null}
            {canRefund ? (
              <>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => {
                    setRefundOpenings((n) => n + 1);
                    setRefunding(true);
                  }}
                  className="text-destructive"
                >
                  <Undo2 />
                  {t("actions.refund-part")}
                </Button>
                <Button variant="outline" size="sm" onClick={() => setConfirm("refund")} className="text-destructive">
                  <Undo2 />
                  {t("actions.refund")}
                </Button>
              </>
            ) : null}
            {order.status === "pending" ? (
              <Button variant="outline" size="sm" onClick={() => setConfirm("cancel")} className="text-destructive">
                <Ban />
                {t("actions.cancel")}
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2 [&>*]:min-w-0">
        <Card>
          <CardHeader>
            <CardTitle>{t("detail.buyer")}</CardTitle>
          </CardHeader>
          <CardContent className="space-y-1 text-sm">
            <p className="font-medium">{`${order.firstName} ${order.lastName}`.trim() || "—"}</p>
            <p className="text-muted-foreground">{order.email}</p>
            {order.promoCodeKey ? <p>{t("detail.promo", { code: order.promoCodeKey })}</p> : null}
            <p>{t("detail.checkout", { time: checkoutTimeLabel(order.checkoutTime, t) })}</p>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t("detail.amounts")}</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-2 gap-y-1 text-sm tabular-nums">
              <dt className="text-muted-foreground">{t("detail.amount")}</dt>
              <dd className="text-right" data-testid="order-amount">
                {money(order.amount)}
              </dd>
              <dt className="text-muted-foreground">{t("detail.fees")}</dt>
              <dd className="text-right">{money(order.fees)}</dd>
              <dt className="font-semibold">{t("detail.net")}</dt>
              <dd className="text-right font-semibold">{money(order.netAmount)}</dd>
              {refundedSoFar > 0 ? (
                <>
                  <dt className="text-muted-foreground">{t("detail.refunded-amount")}</dt>
                  <dd className="text-right" data-testid="order-refunded">
                    {money(-refundedSoFar)}
                  </dd>
                  {order.status === "paid" ? (
                    <>
                      <dt className="text-muted-foreground">{t("detail.left-to-refund")}</dt>
                      <dd className="text-right" data-testid="order-left-to-refund">
                        {money(refunds.left)}
                      </dd>
                    </>
                  ) : null}
                </>
              ) : null}
            </dl>
            {refunds.refunds.length > 0 ? (
              <div className="mt-3 border-t pt-3 text-sm">
                <p className="mb-1 font-medium">{t("detail.refunds")}</p>
                <ul className="space-y-1 text-muted-foreground" data-testid="order-refunds">
                  {refunds.refunds.map((refund) => (
                    <li key={refund.id} className="flex flex-wrap justify-between gap-x-3 tabular-nums">
                      <span>
                        {t("detail.refund-line", { amount: money(refund.amount), date: date(refund.createdAt) })}
                      </span>
                      <span>
                        {refund.units > 0
                          ? t("detail.refund-units", { count: refund.units })
                          : t("detail.refund-amount-only")}
                        {refund.byBuyer ? ` · ${t("detail.refund-by-buyer")}` : null}
                        {refund.status === "pending" ? ` · ${t("detail.refund-pending")}` : null}
                      </span>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </CardContent>
        </Card>
        <OrganizerOrderInvoices
          orderId={order.id}
          invoice={invoices.invoice}
          creditNotes={invoices.creditNotes}
          timeZone={timezone}
        />
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>{t("detail.participants")}</CardTitle>
          </CardHeader>
          <CardContent>
            {participants.length === 0 ? (
              // A refund deletes the order's participants; a cancelled or expired order never had any.
              <p className="text-sm text-muted-foreground" data-testid="order-participants-empty">
                {t(`detail.no-participants.${order.status}`)}
              </p>
            ) : (
              <ul className="divide-y text-sm">
                {participants.map((p) => (
                  <li key={p.id} className="flex items-center justify-between gap-3 py-2">
                    <Link to={`/event/${eventId}/participants/${p.id}`} className="min-w-0 hover:underline">
                      <span className="block truncate font-medium">
                        {`${p.firstName} ${p.lastName}`.trim()}{" "}
                        {p.ticketType === "addon" ? <Badge variant="outline">{tParticipants("addon")}</Badge> : null}
                      </span>
                      <span className="block truncate text-muted-foreground">
                        #{p.id} · {p.ticketTitle} · {p.email}
                      </span>
                    </Link>
                    <span className="shrink-0 tabular-nums">
                      {participantPrice(p.price, tParticipants, i18n.language)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t("detail.billing")}</CardTitle>
          </CardHeader>
          <CardContent className="text-sm">
            {order.billing.length === 0 ? (
              <p className="text-muted-foreground">{t("detail.no-billing")}</p>
            ) : (
              <dl className="space-y-1">
                {order.billing.map((field, i) => (
                  <div key={`${field.label}-${i}`} className="flex gap-2">
                    {field.label ? (
                      <dt className="text-muted-foreground">
                        {isBillingField(field.label)
                          ? tBooking(`billing.${field.label.replace("_", "-") as "name"}`)
                          : field.label}
                      </dt>
                    ) : null}
                    <dd className="break-words">
                      {field.label === "country" ? countryName(field.value, i18n.language) : field.value}
                    </dd>
                  </div>
                ))}
              </dl>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t("detail.answers")}</CardTitle>
          </CardHeader>
          <CardContent className="text-sm">
            {answers.length === 0 ? (
              <p className="text-muted-foreground">{t("detail.no-answers")}</p>
            ) : (
              <dl className="space-y-2">
                {answers.map((a, i) => (
                  <div key={`${a.questionId}-${i}`}>
                    <dt className="text-muted-foreground">{a.questionTitle || a.questionId}</dt>
                    <dd className="break-words">
                      {typeof a.value === "boolean"
                        ? tParticipants(a.value ? "detail.answer-yes" : "detail.answer-no")
                        : a.value || "—"}
                    </dd>
                  </div>
                ))}
              </dl>
            )}
          </CardContent>
        </Card>
      </div>

      {canRefund ? (
        <OrderRefundDialog
          key={refundOpenings}
          open={refunding}
          onOpenChange={setRefunding}
          refunds={refunds}
          people={participants}
          busy={busy}
          onSubmit={(submission: RefundSubmission) => void fetcher.submit(submission, { method: "post" })}
        />
      ) : null}

      <AlertDialog open={confirm !== null} onOpenChange={(open) => (open ? null : setConfirm(null))}>
        <AlertDialogContent>
          {confirm ? (
            <>
              <AlertDialogHeader>
                <AlertDialogTitle>{dialog[confirm].title}</AlertDialogTitle>
                <AlertDialogDescription>{dialog[confirm].body}</AlertDialogDescription>
              </AlertDialogHeader>
              <AlertDialogFooter>
                <AlertDialogCancel>{t("actions.close")}</AlertDialogCancel>
                <Button
                  variant={confirm === "resend" ? "default" : "destructive"}
                  disabled={busy}
                  onClick={() => void fetcher.submit({ intent: confirm }, { method: "post" })}
                >
                  {busy ? <Spinner /> : null}
                  {t("actions.confirm")}
                </Button>
              </AlertDialogFooter>
            </>
          ) : null}
        </AlertDialogContent>
      </AlertDialog>
    </section>
  );
}

/** A field the checkout asks, labelled with its own words (« Société », « Numéro de TVA »…); others as stored. */
function isBillingField(key: string): boolean {
  return (BILLING_FIELDS as readonly string[]).includes(key);
}
