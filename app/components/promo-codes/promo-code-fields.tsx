import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  PROMO_BULK_MAX_COUNT,
  PROMO_CODE_MAX_LENGTH,
  PROMO_PREFIX_MAX_LENGTH,
} from "#domain/promo-codes/promo-code-limits";
import { Checkbox } from "~/components/ui/checkbox";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { RadioGroup, RadioGroupItem } from "~/components/ui/radio-group";
import { utcToZonedInput } from "~/lib/zoned-time";
import type { PromoCodesPageData, PromoCodeView } from "./promo-code-types";

type Props = {
  mode: "create" | "edit" | "bulk";
  code: PromoCodeView | null;
  tickets: PromoCodesPageData["tickets"];
  timezone: string;
  errors?: Record<string, string>;
  /** What was posted, to show again after a refusal. */
  values?: Record<string, string>;
};

const centsToEuros = (cents: number) =>
  cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2).replace(".", ",");

/** The fields of one promo code (create and edit) or of a bulk creation (prefix and count instead of the code). */
export function PromoCodeFields({ mode, code, tickets, timezone, errors, values }: Props) {
  const { t } = useTranslation("promo-codes");
  const { t: tAny } = useTranslation();
  const error = (field: string) => (errors?.[field] ? tAny(errors[field] as never) : undefined);
  const initial = (field: string, fallback: string) => values?.[field] ?? fallback;

  const [discountType, setDiscountType] = useState(initial("discount_type", code?.discountType ?? "percent"));
  const [selected, setSelected] = useState<number[]>(() => {
    const posted = values?.tickets;
    if (posted !== undefined) return posted.split(",").filter(Boolean).map(Number);
    return code?.tickets ?? [];
  });
  const [unlimited, setUnlimited] = useState(values ? values.unlimited === "on" : (code?.maxUses ?? -1) === -1);
  const discountDefault = code
    ? code.discountType === "amount"
      ? centsToEuros(code.discount)
      : String(code.discount)
    : "";

  return (
    <>
      {mode === "bulk" ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t("fields.prefix")} description={t("fields.prefix-hint")} error={error("prefix")}>
            <Input
              name="prefix"
              defaultValue={initial("prefix", "")}
              maxLength={PROMO_PREFIX_MAX_LENGTH}
              autoComplete="off"
              className="font-mono uppercase"
            />
          </Field>
          <Field
            label={t("fields.count")}
            description={t("fields.count-hint", { max: PROMO_BULK_MAX_COUNT })}
            error={error("count")}
            required
          >
            <Input
              name="count"
              type="number"
              inputMode="numeric"
              min={1}
              max={PROMO_BULK_MAX_COUNT}
              defaultValue={initial("count", "10")}
            />
          </Field>
        </div>
      ) : (
        <Field
          label={t("fields.code")}
          description={mode === "edit" ? t("fields.code-locked") : t("fields.code-hint")}
          error={error("key")}
          required
        >
          <Input
            name="key"
            defaultValue={initial("key", code?.key ?? "")}
            readOnly={mode === "edit"}
            maxLength={PROMO_CODE_MAX_LENGTH}
            autoComplete="off"
            className="font-mono uppercase"
            data-testid="promo-key"
          />
        </Field>
      )}

      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">{t("fields.discount-type")}</legend>
        <RadioGroup name="discount_type" value={discountType} onValueChange={setDiscountType} className="flex gap-6">
          <div className="flex items-center gap-2">
            <RadioGroupItem value="percent" id="promo-percent" />
            <Label htmlFor="promo-percent">{t("fields.percent")}</Label>
          </div>
          <div className="flex items-center gap-2">
            <RadioGroupItem value="amount" id="promo-amount" />
            <Label htmlFor="promo-amount">{t("fields.amount")}</Label>
          </div>
        </RadioGroup>
      </fieldset>

      <Field
        label={discountType === "amount" ? t("fields.discount-euros") : t("fields.discount-percent")}
        error={error("discount") ?? error("discount_type")}
        required
      >
        <Input
          name="discount"
          inputMode="decimal"
          defaultValue={initial("discount", discountDefault)}
          autoComplete="off"
          className="max-w-40"
          data-testid="promo-discount"
        />
      </Field>

      <fieldset className="grid gap-2" aria-describedby="promo-tickets-hint">
        <legend className="text-sm font-medium">{t("fields.tickets")}</legend>
        <p id="promo-tickets-hint" className="text-sm text-muted-foreground">
          {t("fields.tickets-hint")}
        </p>
        <input type="hidden" name="tickets" value={selected.join(",")} />
        {tickets.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("fields.no-tickets")}</p>
        ) : (
          <div className="grid max-h-48 gap-2 overflow-y-auto rounded-md border p-3">
            {tickets.map((ticket) => {
              const id = `promo-ticket-${ticket.id}`;
              return (
                <div key={ticket.id} className="flex items-center gap-2">
                  <Checkbox
                    id={id}
                    checked={selected.includes(ticket.id)}
                    onCheckedChange={(checked) =>
                      setSelected((current) =>
                        checked === true ? [...current, ticket.id] : current.filter((other) => other !== ticket.id),
                      )
                    }
                  />
                  <Label htmlFor={id} className="min-w-0 font-normal">
                    <span className="truncate">{ticket.title}</span>
                    {ticket.ticketType === "addon" ? (
                      <span className="text-xs text-muted-foreground">({t("fields.addon")})</span>
                    ) : null}
                  </Label>
                </div>
              );
            })}
          </div>
        )}
        {error("tickets") ? <p className="text-sm text-destructive">{error("tickets")}</p> : null}
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t("fields.start")}
          description={t("fields.time-zone", { zone: timezone })}
          error={error("start_at")}
        >
          <Input
            type="datetime-local"
            name="start_at"
            defaultValue={initial("start_at", utcToZonedInput(code?.startAt ? new Date(code.startAt) : null, timezone))}
          />
        </Field>
        <Field label={t("fields.end")} error={error("end_at")}>
          <Input
            type="datetime-local"
            name="end_at"
            defaultValue={initial("end_at", utcToZonedInput(code?.endAt ? new Date(code.endAt) : null, timezone))}
          />
        </Field>
      </div>

      <div className="grid gap-2">
        <div className="flex items-center gap-2">
          <Checkbox
            id="promo-unlimited"
            name="unlimited"
            checked={unlimited}
            onCheckedChange={(checked) => setUnlimited(checked === true)}
          />
          <Label htmlFor="promo-unlimited" className="font-normal">
            {t("fields.unlimited")}
          </Label>
        </div>
        {unlimited ? null : (
          <Field
            label={t("fields.max-uses")}
            description={mode === "bulk" ? t("fields.max-uses-bulk") : undefined}
            error={error("max_uses")}
            required
          >
            <Input
              name="max_uses"
              type="number"
              inputMode="numeric"
              min={1}
              defaultValue={initial("max_uses", code && code.maxUses !== -1 ? String(code.maxUses) : "1")}
              className="max-w-40"
            />
          </Field>
        )}
      </div>
    </>
  );
}
