import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime, intlLocale } from "#domain/shared/format";
import { FieldError } from "~/components/form-error";
import { Checkbox } from "~/components/ui/checkbox";
import { Label } from "~/components/ui/label";
import { RadioGroup, RadioGroupItem } from "~/components/ui/radio-group";

export type TicketValidForView = {
  dates: { id: number; startAt: string; cancelled: boolean }[];
  dateIds: number[];
  locked: boolean;
};

/**
 * « Valable pour » on the ticket form of a multi-date event (decision 0068): one date the buyer picks, or a pass for
 * the dates ticked. Posts `valid_for` (per-date | pass) and one `date_ids` per date; fixed once the ticket has sold.
 */
export function TicketValidFor(props: {
  view: TicketValidForView;
  timezone: string;
  disabled?: boolean;
  error?: string;
}) {
  const { t, i18n } = useTranslation("quotas");
  const locale = intlLocale(i18n.language);
  const id = useId();
  const { view } = props;
  const [mode, setMode] = useState<"per-date" | "pass">(view.dateIds.length > 0 ? "pass" : "per-date");
  const [chosen, setChosen] = useState<number[]>(view.dateIds);
  const disabled = props.disabled || view.locked;

  return (
    <fieldset
      className="grid gap-3"
      data-testid="ticket-valid-for"
      aria-describedby={props.error ? `${id}-error` : undefined}
    >
      <legend className="mb-2 text-sm leading-none font-medium">{t("valid-for.label")}</legend>
      <input type="hidden" name="valid_for" value={mode} />
      <RadioGroup
        value={mode}
        onValueChange={(value) => setMode(value === "pass" ? "pass" : "per-date")}
        disabled={disabled}
        className="grid gap-2"
      >
        <div className="flex items-center gap-2">
          <RadioGroupItem value="per-date" id={`${id}-per-date`} />
          <Label htmlFor={`${id}-per-date`} className="font-normal">
            {t("valid-for.per-date")}
          </Label>
        </div>
        <div className="flex items-center gap-2">
          <RadioGroupItem value="pass" id={`${id}-pass`} />
          <Label htmlFor={`${id}-pass`} className="font-normal">
            {t("valid-for.pass")}
          </Label>
        </div>
      </RadioGroup>
      {mode === "pass" ? (
        <div className="grid gap-2 rounded-md border p-3" role="group" aria-label={t("valid-for.dates")}>
          {view.dates.map((date) => (
            <div key={date.id} className="flex items-center gap-2">
              <Checkbox
                id={`${id}-date-${date.id}`}
                checked={chosen.includes(date.id)}
                disabled={disabled}
                onCheckedChange={(checked) =>
                  setChosen((ids) => (checked === true ? [...ids, date.id] : ids.filter((other) => other !== date.id)))
                }
              />
              <Label htmlFor={`${id}-date-${date.id}`} className="font-normal">
                {formatDateTime(date.startAt, locale, props.timezone)}
                {date.cancelled ? ` — ${t("cancelled-date")}` : ""}
              </Label>
              {chosen.includes(date.id) ? <input type="hidden" name="date_ids" value={date.id} /> : null}
            </div>
          ))}
        </div>
      ) : null}
      {view.locked ? <p className="text-sm text-muted-foreground">{t("valid-for.locked")}</p> : null}
      <FieldError id={`${id}-error`} message={props.error} />
    </fieldset>
  );
}
