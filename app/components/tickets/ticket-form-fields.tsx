import { lazy, Suspense, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Checkbox } from "~/components/ui/checkbox";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";
import { DescriptionEditorSkeleton } from "~/components/event-editor/description-editor-skeleton";
import { Textarea } from "~/components/ui/textarea";
import { utcToZonedInput } from "~/lib/zoned-time";
import { cn } from "~/lib/utils";
import type { FormErrors } from "~/server/forms.server";
import { moneyInputValue } from "~/lib/money-input";
import type { TicketTaxRateChoices } from "#domain/tickets/ticket-tax-rate";
import { formatBasisPoints } from "#domain/shared/format";
import type { TicketView } from "./ticket-types";

// The rich-text editor (tiptap) is loaded only when a ticket form opens.
const DescriptionEditor = lazy(() => import("~/components/event-editor/description-editor"));

const selectClass = cn(
  "h-9 w-full min-w-0 rounded-md border border-input bg-transparent px-3 py-1 text-base shadow-xs outline-none md:text-sm",
  "focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive",
  "dark:bg-input/30",
);

/**
 * Every field of a ticket or add-on (spec §3), posted under the API's names: the price in euros, the sale dates as
 * wall-clock times in the event's zone (the action converts both). After a refusal `values` holds what was typed.
 */
export function TicketFormFields({
  ticket,
  ticketType,
  timezone,
  taxRates,
  errors,
  values,
  disabled,
}: {
  ticket: TicketView | null;
  ticketType: "ticket" | "addon";
  timezone: string;
  taxRates: TicketTaxRateChoices;
  errors?: FormErrors;
  values?: Record<string, string>;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation("tickets");
  const { t: tAny } = useTranslation();
  const type = ticket?.ticketType ?? ticketType;
  const fieldError = (name: string) => {
    const key = errors?.fields?.[name];
    return key ? tAny(key as never) : undefined;
  };
  const initial = (name: string, fallback: string) => values?.[name] ?? fallback;
  const initialAmount = initial("amount", String(ticket?.amount ?? -1));
  const [unlimited, setUnlimited] = useState(initialAmount === "-1");
  const [amount, setAmount] = useState(initialAmount === "-1" ? "" : initialAmount);
  const [detailed, setDetailed] = useState(initial("detailed_description", ticket?.detailedDescription ?? ""));
  const detailedLabelId = useId();
  const checked = (name: string, fallback: boolean) => (values ? values[name] === "on" : fallback);

  return (
    <div className="grid gap-5" data-testid="ticket-form-fields">
      <input type="hidden" name="ticket_type" value={type} />
      <Field label={t("form.title")} error={fieldError("title")} required>
        <Input
          name="title"
          defaultValue={initial("title", ticket?.title ?? "")}
          placeholder={t(type === "addon" ? "form.addon-title-placeholder" : "form.title-placeholder")}
          maxLength={240}
          autoComplete="off"
          disabled={disabled}
        />
      </Field>
      <Field
        label={t("form.description")}
        description={t(type === "addon" ? "form.addon-description-hint" : "form.description-hint")}
        error={fieldError("description")}
      >
        <Textarea
          name="description"
          rows={2}
          defaultValue={initial("description", ticket?.description ?? "")}
          disabled={disabled}
        />
      </Field>
      <div className="grid gap-2">
        <Label id={detailedLabelId}>{t("form.detailed-description")}</Label>
        <input type="hidden" name="detailed_description" value={detailed} />
        <Suspense fallback={<DescriptionEditorSkeleton html={detailed} />}>
          <DescriptionEditor
            value={detailed}
            onChange={setDetailed}
            labelId={detailedLabelId}
            invalid={!!fieldError("detailed_description")}
            placeholder={t(
              type === "addon"
                ? "form.addon-detailed-description-placeholder"
                : "form.detailed-description-placeholder",
            )}
          />
        </Suspense>
        {fieldError("detailed_description") ? (
          <p className="text-sm text-destructive">{fieldError("detailed_description")}</p>
        ) : null}
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t("form.price")}
          description={t(type === "addon" ? "form.addon-price-hint" : "form.price-hint")}
          error={fieldError("price")}
        >
          <Input
            name="price"
            inputMode="decimal"
            defaultValue={initial("price", ticket ? moneyInputValue(ticket.price, i18n.language) : "0")}
            autoComplete="off"
            disabled={disabled}
          />
        </Field>
        <div className="grid content-start gap-2">
          <Field
            label={t("form.amount")}
            description={ticket && ticket.purchased > 0 ? t("form.sold-hint", { count: ticket.purchased }) : undefined}
            error={fieldError("amount")}
          >
            <Input
              type="number"
              min={1}
              inputMode="numeric"
              value={unlimited ? "" : amount}
              onChange={(event) => setAmount(event.target.value)}
              disabled={disabled || unlimited}
              placeholder={unlimited ? "∞" : undefined}
              data-testid="ticket-amount"
            />
          </Field>
          <input type="hidden" name="amount" value={unlimited ? "-1" : amount} />
          <label className="flex items-center gap-2 text-sm">
            <Checkbox
              checked={unlimited}
              onCheckedChange={(value) => setUnlimited(value === true)}
              disabled={disabled}
            />
            {t("form.amount-unlimited")}
          </label>
        </div>
      </div>

      <div className="grid gap-2">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t("form.sell-start")} error={fieldError("sell_start_at")}>
            <Input
              type="datetime-local"
              name="sell_start_at"
              defaultValue={initial(
                "sell_start_at",
                utcToZonedInput(ticket?.sellStartAt ? new Date(ticket.sellStartAt) : null, timezone),
              )}
              disabled={disabled}
            />
          </Field>
          <Field label={t("form.sell-end")} error={fieldError("sell_end_at")}>
            <Input
              type="datetime-local"
              name="sell_end_at"
              defaultValue={initial(
                "sell_end_at",
                utcToZonedInput(ticket?.sellEndAt ? new Date(ticket.sellEndAt) : null, timezone),
              )}
              disabled={disabled}
            />
          </Field>
        </div>
        <p className="text-sm text-muted-foreground">{t("form.dates-hint", { timezone })}</p>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("form.min-per-order")} error={fieldError("min_per_order")}>
          <Input
            type="number"
            name="min_per_order"
            min={1}
            defaultValue={initial("min_per_order", String(ticket?.minPerOrder ?? 1))}
            disabled={disabled}
          />
        </Field>
        <Field label={t("form.max-per-order")} error={fieldError("max_per_order")}>
          <Input
            type="number"
            name="max_per_order"
            min={1}
            defaultValue={initial("max_per_order", String(ticket?.maxPerOrder ?? 10))}
            disabled={disabled}
          />
        </Field>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("form.visibility")} error={fieldError("visibility")}>
          <select
            name="visibility"
            defaultValue={initial("visibility", ticket?.visibility ?? "visible")}
            className={selectClass}
            disabled={disabled}
          >
            <option value="visible">{t("form.visibility-visible")}</option>
            <option value="hidden">{t("form.visibility-hidden")}</option>
          </select>
        </Field>
        <Field label={t("form.fees-type")} error={fieldError("fees_type")}>
          <select
            name="fees_type"
            defaultValue={initial("fees_type", ticket?.feesType ?? "included")}
            className={selectClass}
            disabled={disabled}
          >
            <option value="included">{t("form.fees-included")}</option>
            <option value="added">{t("form.fees-added")}</option>
          </select>
        </Field>
      </div>

      <TaxRateField
        taxRates={taxRates}
        current={ticket?.taxRateId ?? null}
        initial={initial}
        error={fieldError("tax_rate_id")}
        disabled={disabled}
      />

      <div className="grid gap-3">
        <CheckboxRow
          name="restricted"
          label={t("form.restricted")}
          hint={t("form.restricted-hint")}
          defaultChecked={checked("restricted", ticket?.restricted ?? false)}
          disabled={disabled}
        />
        <CheckboxRow
          name="show_remaining_count"
          label={t("form.show-remaining")}
          hint={t("form.show-remaining-hint")}
          defaultChecked={checked("show_remaining_count", ticket?.showRemainingCount ?? false)}
          disabled={disabled}
        />
        {type === "ticket" ? <WaitingListSwitch ticket={ticket} checked={checked} disabled={disabled} /> : null}
      </div>
    </div>
  );
}

/**
 * « Taux de TVA » (issue 29 §2): one of the organization's rates, or its default one. Not shown when the choice would
 * do nothing (not VAT-registered, no rates yet): a sentence says why. A rate archived since stays shown on the tickets
 * still pointing at it, saying that the default rate applies meanwhile.
 */
function TaxRateField({
  taxRates,
  current,
  initial,
  error,
  disabled,
}: {
  taxRates: TicketTaxRateChoices;
  current: number | null;
  initial: (name: string, fallback: string) => string;
  error?: string;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation("tickets");
  const active = taxRates.rates.filter((rate) => !rate.archived);
  if (!taxRates.vatRegistered || active.length === 0) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="ticket-tax-rate-unavailable">
        {t(taxRates.vatRegistered ? "form.tax-rate-none" : "form.tax-rate-not-registered")}
      </p>
    );
  }
  // Preset names already say their rate ("TVA 5,5 %"); a name of the organizer's own gets it added.
  const label = (rate: { name: string; rate: number }) => {
    const percent = formatBasisPoints(rate.rate, i18n.language);
    const digits = (text: string) => text.replace(/\D/g, "");
    return digits(rate.name).includes(digits(percent)) ? rate.name : `${rate.name} (${percent})`;
  };
  const defaultRate = active.find((rate) => rate.isDefault);
  const archived = current === null ? undefined : taxRates.rates.find((rate) => rate.id === current && rate.archived);
  return (
    <Field
      label={t("form.tax-rate")}
      description={archived ? t("form.tax-rate-archived-hint", { name: archived.name }) : t("form.tax-rate-hint")}
      error={error}
    >
      <select
        name="tax_rate_id"
        defaultValue={initial("tax_rate_id", current === null ? "" : String(current))}
        className={selectClass}
        disabled={disabled}
        data-testid="ticket-tax-rate"
      >
        <option value="">
          {defaultRate ? t("form.tax-rate-default", { rate: label(defaultRate) }) : t("form.tax-rate-default-none")}
        </option>
        {active.map((rate) => (
          <option key={rate.id} value={String(rate.id)}>
            {label(rate)}
          </option>
        ))}
        {archived ? (
          <option value={String(archived.id)}>{t("form.tax-rate-archived-option", { rate: label(archived) })}</option>
        ) : null}
      </select>
    </Field>
  );
}

/** « Liste d'attente » (issue 28 §3): once sold out, visitors may join the ticket's waiting list. Tickets only. */
function WaitingListSwitch({
  ticket,
  checked,
  disabled,
}: {
  ticket: TicketView | null;
  checked: (name: string, fallback: boolean) => boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation("tickets");
  const id = useId();
  return (
    <div className="flex items-start gap-3" data-testid="ticket-waiting-list">
      <Switch
        id={id}
        name="waiting_list"
        defaultChecked={checked("waiting_list", ticket?.waitingList ?? false)}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
      />
      <div className="grid gap-1">
        <Label htmlFor={id}>{t("form.waiting-list")}</Label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {t("form.waiting-list-hint")}
        </p>
      </div>
    </div>
  );
}

function CheckboxRow({
  name,
  label,
  hint,
  defaultChecked,
  disabled,
}: {
  name: string;
  label: string;
  hint: string;
  defaultChecked: boolean;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <Checkbox
        id={id}
        name={name}
        defaultChecked={defaultChecked}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        className="mt-0.5"
      />
      <div className="grid gap-0.5">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      </div>
    </div>
  );
}
