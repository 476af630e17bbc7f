import { ArrowRightLeft, Pencil, XCircle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import type { EditableAnswer } from "#domain/participants/get-participant";
import type { OrderSelfService } from "#domain/self-service/get-order-self-service";
import { formatMoney } from "#domain/shared/format";
import { QuestionField, TextField, type FieldState } from "~/components/booking/booking-fields";
import { ORGANIZER_FOCUS_RING } from "~/lib/contrast";
import { cn } from "~/lib/utils";

export type SelfServiceIntent = "edit" | "transfer" | "cancel";

export type SelfServiceActionResult =
  | { ok: true; intent: "edit" | "transfer"; participantId: number; name: string }
  /** A cancellation: of one ticket, or of the whole order (participantId null), and the cents it gave back. */
  | { ok: true; intent: "cancel"; participantId: number | null; amount: number; closesOrder: boolean }
  | {
      ok: false;
      intent?: SelfServiceIntent;
      participantId?: number;
      errors: { formError?: string; fields?: Record<string, string> };
      values: Record<string, string>;
      /** A deadline the message names, written in the event's time zone. */
      date?: string;
    };

/** The buyer's rules in plain words (issue 28 §1), as selfServiceSentences wrote them for the page's language. */
export function SelfServiceRules({ sentences }: { sentences: string[] }) {
  return (
    <ul className="space-y-1 text-sm" data-testid="self-service-rules">
      {sentences.map((sentence) => (
        <li key={sentence}>{sentence}</li>
      ))}
    </ul>
  );
}

/** What a cancellation gives back, in the words of its confirmation step. */
function refundLine(t: (key: never, options?: object) => string, amount: number, free: boolean, language: string) {
  if (free) return t("self-service.cancel-refund-free" as never);
  if (amount === 0) return t("self-service.cancel-refund-none" as never);
  return t("self-service.cancel-refund-amount" as never, { amount: formatMoney(amount, language) });
}

/**
 * « Annuler » with its confirmation step (issue 28 §2, docs/decisions/0060): a disclosure stating the exact refund
 * (the server's own computation, shown before anything is sent) and the confirm button. A plain form: it works before
 * the page's JavaScript has loaded. Its idempotency key is the page's (one per rendering of the page): a double click
 * sends the same key twice, and the server cancels once.
 */
export function CancelDisclosure({
  target,
  title,
  description,
  amount,
  free,
  idempotencyKey,
  failed,
  surfaceStyle,
  testId,
}: {
  target: number | "order";
  title: string;
  description: string;
  amount: number;
  free: boolean;
  idempotencyKey: string;
  failed: (SelfServiceActionResult & { ok: false }) | null;
  surfaceStyle: React.CSSProperties;
  testId: string;
}) {
  const { t, i18n } = useTranslation("booking");
  return (
    <details className="group open:w-full" open={Boolean(failed)} data-testid={`${testId}-disclosure`}>
      <summary
        className={cn(
          "inline-flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-lg border border-current px-4 text-sm font-semibold [&::-webkit-details-marker]:hidden",
          ORGANIZER_FOCUS_RING,
        )}
        data-testid={testId}
      >
        <XCircle className="size-4" aria-hidden />
        {target === "order" ? t("self-service.cancel-order") : t("self-service.cancel-ticket")}
      </summary>
      <Form method="post" className="mt-3 space-y-3" noValidate preventScrollReset>
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="participant_id" value={String(target)} />
        <input type="hidden" name="idempotency_key" value={idempotencyKey} />
        <p className="text-sm font-semibold">{title}</p>
        <p className="text-xs opacity-70">{description}</p>
        <p className="text-sm font-semibold" data-testid="cancel-refund-amount">
          {refundLine(t as never, amount, free, i18n.language)}
        </p>
        {amount > 0 ? <p className="text-xs opacity-70">{t("self-service.cancel-refund-where")}</p> : null}
        {failed ? <RefusalMessage failed={failed} /> : null}
        <button
          type="submit"
          className={cn(
            "inline-flex min-h-11 items-center rounded-lg px-4 text-sm font-semibold shadow-sm",
            ORGANIZER_FOCUS_RING,
          )}
          style={surfaceStyle}
          data-testid="confirm-cancel"
        >
          {t("self-service.cancel-confirm")}
        </button>
      </Form>
    </details>
  );
}

const asValue = (answer: EditableAnswer | undefined): string =>
  answer === undefined ? "" : Array.isArray(answer) ? answer.join("|") : String(answer);

/**
 * « Modifier » and « Transférer » under one ticket: each a disclosure holding a plain form (the page works before
 * its JavaScript has loaded), reopened with its errors when the server refused it.
 */
export function TicketSelfService({
  participant,
  actions,
  result,
  dark,
  surfaceStyle,
  free,
  cancelKey,
}: {
  participant: { id: number; first_name: string; last_name: string; email: string };
  actions: OrderSelfService["participants"][number];
  free: boolean;
  cancelKey: string;
  result: SelfServiceActionResult | undefined;
  dark: boolean;
  surfaceStyle: React.CSSProperties;
}) {
  const { t } = useTranslation("booking");
  const failed = result && !result.ok && result.participantId === participant.id ? result : null;
  const summary = cn(
    "inline-flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-lg border border-current px-4 text-sm font-semibold [&::-webkit-details-marker]:hidden",
    ORGANIZER_FOCUS_RING,
  );
  const submit = cn(
    "inline-flex min-h-11 items-center rounded-lg px-4 text-sm font-semibold shadow-sm",
    ORGANIZER_FOCUS_RING,
  );

  const stateOf = (intent: "edit" | "transfer", defaults: Record<string, string>): FieldState => {
    const prefix = `${intent}.${participant.id}`;
    const mine = failed && failed.intent === intent ? failed : null;
    return {
      errors: Object.fromEntries(
        Object.entries(mine?.errors.fields ?? {}).map(([field, key]) => [`${prefix}.${field}`, key]),
      ),
      values: mine ? mine.values : Object.fromEntries(Object.entries(defaults).map(([k, v]) => [`${prefix}.${k}`, v])),
    };
  };

  const formError = (intent: "edit" | "transfer") =>
    failed && failed.intent === intent && failed.errors.formError && !failed.errors.fields ? (
      <p role="alert" className="text-sm font-medium text-rose-700 dark:text-rose-400" data-testid="self-service-error">
        {t(failed.errors.formError as never)}
      </p>
    ) : null;

  const names = (intent: "edit" | "transfer", state: FieldState) => (
    <div className="grid gap-3 sm:grid-cols-2">
      <TextField
        name={`${intent}.${participant.id}.first_name`}
        label={t("self-service.first-name")}
        state={state}
        dark={dark}
        required
        autoComplete="off"
      />
      <TextField
        name={`${intent}.${participant.id}.last_name`}
        label={t("self-service.last-name")}
        state={state}
        dark={dark}
        required
        autoComplete="off"
      />
      <div className="sm:col-span-2">
        <TextField
          name={`${intent}.${participant.id}.email`}
          label={t("self-service.email")}
          type="email"
          state={state}
          dark={dark}
          required
          autoComplete="off"
        />
      </div>
    </div>
  );

  const editState = stateOf("edit", {
    first_name: participant.first_name,
    last_name: participant.last_name,
    email: participant.email,
    ...Object.fromEntries(actions.questions.map((q) => [`answers.${q.id}`, asValue(actions.answers[q.id])])),
  });
  const transferState = stateOf("transfer", { first_name: "", last_name: "", email: "" });

  const allowed = { edit: actions.can_edit, transfer: actions.can_transfer, cancel: actions.can_cancel };
  const refusedNow = Boolean(failed && failed.intent && !allowed[failed.intent]);
  if (!actions.can_edit && !actions.can_transfer && !actions.can_cancel && !actions.checked_in && !refusedNow)
    return null;

  return (
    <div className="space-y-3 border-t pt-3" data-testid="ticket-self-service">
      {actions.can_edit || actions.can_transfer || actions.can_cancel ? (
        <div className="flex flex-wrap gap-2">
          {actions.can_edit ? (
            <details className="group open:w-full" open={Boolean(failed && failed.intent === "edit")}>
              <summary className={summary} data-testid="edit-participant">
                <Pencil className="size-4" aria-hidden />
                {t("self-service.edit")}
              </summary>
              <Form method="post" className="mt-3 space-y-3" noValidate preventScrollReset>
                <input type="hidden" name="intent" value="edit" />
                <input type="hidden" name="participant_id" value={participant.id} />
                <p className="text-sm font-semibold">{t("self-service.edit-title")}</p>
                <p className="text-xs opacity-70">{t("self-service.edit-description")}</p>
                {formError("edit")}
                {names("edit", editState)}
                {actions.questions.map((question) => (
                  <QuestionField
                    key={question.id}
                    question={question}
                    prefix={`edit.${participant.id}.answers`}
                    state={editState}
                    dark={dark}
                  />
                ))}
                <button type="submit" className={submit} style={surfaceStyle} data-testid="save-participant">
                  {t("self-service.save")}
                </button>
              </Form>
            </details>
          ) : null}
          {actions.can_transfer ? (
            <details className="group open:w-full" open={Boolean(failed && failed.intent === "transfer")}>
              <summary className={summary} data-testid="transfer-participant">
                <ArrowRightLeft className="size-4" aria-hidden />
                {t("self-service.transfer")}
              </summary>
              <Form method="post" className="mt-3 space-y-3" noValidate preventScrollReset>
                <input type="hidden" name="intent" value="transfer" />
                <input type="hidden" name="participant_id" value={participant.id} />
                <p className="text-sm font-semibold">{t("self-service.transfer-title")}</p>
                <p className="text-xs opacity-70">{t("self-service.transfer-description")}</p>
                {formError("transfer")}
                {names("transfer", transferState)}
                <button type="submit" className={submit} style={surfaceStyle} data-testid="confirm-transfer">
                  {t("self-service.confirm-transfer")}
                </button>
              </Form>
            </details>
          ) : null}
          {actions.can_cancel && actions.cancel_refund_amount !== null ? (
            <CancelDisclosure
              target={participant.id}
              title={t("self-service.cancel-ticket-title", {
                name: `${participant.first_name} ${participant.last_name}`.trim(),
              })}
              description={t("self-service.cancel-ticket-description")}
              amount={actions.cancel_refund_amount}
              free={free}
              idempotencyKey={cancelKey}
              failed={failed && failed.intent === "cancel" ? failed : null}
              surfaceStyle={surfaceStyle}
              testId="cancel-participant"
            />
          ) : null}
        </div>
      ) : null}
      {actions.checked_in ? (
        <p className="text-xs font-medium opacity-80" data-testid="ticket-checked-in">
          {t("self-service.checked-in")}
        </p>
      ) : null}
      {failed && refusedNow ? <RefusalMessage failed={failed} /> : null}
    </div>
  );
}

/** Why the server refused an action, the deadline named when it is the reason. */
function RefusalMessage({ failed }: { failed: SelfServiceActionResult & { ok: false } }) {
  const { t } = useTranslation("booking");
  return (
    <p role="alert" className="text-sm font-medium text-rose-700 dark:text-rose-400" data-testid="self-service-error">
      {String(t((failed.errors.formError ?? "errors:invalid-input") as never, { date: failed.date ?? "" } as never))}
    </p>
  );
}
