import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime, intlLocale } from "#domain/shared/format";
import { FieldError, FormError } from "~/components/form-error";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Spinner } from "~/components/ui/spinner";
import { useFocusFirstInvalid } from "~/lib/use-focus-first-invalid";
import type { QuotaDateChoice, QuotaDraft, QuotaRowView, QuotasActionResult, QuotaTicketChoice } from "./quota-types";

type Failure = Extract<QuotasActionResult, { ok: false }>;

const nativeControl =
  "h-9 w-full rounded-md border border-input bg-transparent px-3 py-1 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive md:text-sm";

/** The field errors of quota `index` of the list the page sent (`quotas.3.size` → `size`). */
function fieldsOf(failure: Failure | null, index: number): Record<string, string> {
  const fields: Record<string, string> = {};
  const prefix = `quotas.${index}.`;
  for (const [name, key] of Object.entries(failure?.errors.fields ?? {})) {
    if (!name.startsWith(prefix)) continue;
    const field = name.slice(prefix.length).split(".")[0]!;
    fields[field] ??= key;
  }
  return fields;
}

/** Add or edit one quota: name, places, date (or every date) and the tickets that draw on it. */
export function QuotaDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  index: number;
  quota: QuotaRowView | null;
  tickets: QuotaTicketChoice[];
  dates: QuotaDateChoice[];
  timezone: string;
  busy: boolean;
  failure: Failure | null;
  onSave: (draft: QuotaDraft) => void;
}) {
  const { t, i18n } = useTranslation("quotas");
  const locale = intlLocale(i18n.language);
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const { quota, open } = props;
  const [name, setName] = useState(quota?.name ?? "");
  const [size, setSize] = useState(quota ? String(quota.size) : "");
  const [dateId, setDateId] = useState(quota?.dateId ? String(quota.dateId) : "");
  const [ticketIds, setTicketIds] = useState<number[]>(quota?.tickets.map((ticket) => ticket.id) ?? []);
  const [submitted, setSubmitted] = useState(false);
  // Fields changed since the last save: their refusal no longer applies.
  const [edited, setEdited] = useState<string[]>([]);

  // Each opening starts from the quota as it is (or empty for a new one).
  useEffect(() => {
    if (!open) return;
    setName(quota?.name ?? "");
    setSize(quota ? String(quota.size) : "");
    setDateId(quota?.dateId ? String(quota.dateId) : "");
    setTicketIds(quota?.tickets.map((ticket) => ticket.id) ?? []);
    setSubmitted(false);
    setEdited([]);
  }, [open, quota]);

  const fields = Object.fromEntries(
    Object.entries(submitted ? fieldsOf(props.failure, props.index) : {}).filter(([name]) => !edited.includes(name)),
  );
  const touch = (name: string) => setEdited((names) => (names.includes(name) ? names : [...names, name]));
  const formError =
    submitted && props.failure && Object.keys(fields).length === 0 ? props.failure.errors.formError : undefined;
  useFocusFirstInvalid(formRef, submitted && !props.busy ? props.failure?.errors : undefined);
  const toggle = (ticketId: number, checked: boolean) => {
    setTicketIds((ids) => (checked ? [...ids, ticketId] : ids.filter((idOf) => idOf !== ticketId)));
    touch("ticket_ids");
  };

  return (
    <Dialog open={open} onOpenChange={props.onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg" data-testid="quota-dialog">
        <DialogHeader>
          <DialogTitle>{t(quota ? "dialog.edit-title" : "dialog.add-title")}</DialogTitle>
          <DialogDescription>{t("dialog.description")}</DialogDescription>
        </DialogHeader>
        <form
          ref={formRef}
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            setSubmitted(true);
            setEdited([]);
            props.onSave({
              ...(quota ? { id: quota.id } : {}),
              name,
              // A blank or malformed number is sent as is: the server names the field.
              size: size.trim() === "" ? Number.NaN : Number(size),
              date_id: dateId === "" ? null : Number(dateId),
              ticket_ids: props.tickets.filter((ticket) => ticketIds.includes(ticket.id)).map((ticket) => ticket.id),
            });
          }}
        >
          <FormError message={formError} />
          <div className="grid gap-2">
            <Label htmlFor={`${id}-name`}>{t("dialog.name")}</Label>
            <Input
              id={`${id}-name`}
              name="name"
              value={name}
              maxLength={100}
              placeholder={t("dialog.name-placeholder")}
              onChange={(event) => {
                setName(event.target.value);
                touch("name");
              }}
              aria-invalid={fields.name ? true : undefined}
              aria-describedby={fields.name ? `${id}-name-error` : undefined}
            />
            <FieldError id={`${id}-name-error`} message={fields.name} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-size`}>{t("dialog.size")}</Label>
            <Input
              id={`${id}-size`}
              name="size"
              inputMode="numeric"
              value={size}
              onChange={(event) => {
                setSize(event.target.value);
                touch("size");
              }}
              aria-invalid={fields.size ? true : undefined}
              aria-describedby={fields.size ? `${id}-size-error` : undefined}
            />
            <FieldError id={`${id}-size-error`} message={fields.size} />
          </div>
          {props.dates.length > 0 ? (
            <div className="grid gap-2">
              <Label htmlFor={`${id}-date`}>{t("dialog.date")}</Label>
              <select
                id={`${id}-date`}
                name="date_id"
                className={nativeControl}
                value={dateId}
                onChange={(event) => {
                  setDateId(event.target.value);
                  touch("date_id");
                }}
                aria-invalid={fields.date_id ? true : undefined}
              >
                <option value="">{t("all-dates")}</option>
                {props.dates.map((date) => (
                  <option key={date.id} value={date.id}>
                    {formatDateTime(date.startAt, locale, props.timezone)}
                    {date.status === "cancelled" ? ` — ${t("cancelled-date")}` : ""}
                  </option>
                ))}
              </select>
              <FieldError id={`${id}-date-error`} message={fields.date_id} />
            </div>
          ) : null}
          <fieldset className="grid gap-2" aria-describedby={fields.ticket_ids ? `${id}-tickets-error` : undefined}>
            <legend className="mb-2 text-sm leading-none font-medium">{t("dialog.tickets")}</legend>
            {props.tickets.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t("dialog.no-tickets")}</p>
            ) : (
              <div className="grid gap-2 rounded-md border p-3">
                {props.tickets.map((ticket) => (
                  <div key={ticket.id} className="flex items-center gap-2">
                    <Checkbox
                      id={`${id}-ticket-${ticket.id}`}
                      checked={ticketIds.includes(ticket.id)}
                      onCheckedChange={(checked) => toggle(ticket.id, checked === true)}
                      aria-invalid={fields.ticket_ids ? true : undefined}
                      data-testid={`quota-ticket-${ticket.id}`}
                    />
                    <Label htmlFor={`${id}-ticket-${ticket.id}`} className="font-normal">
                      {ticket.title}
                    </Label>
                  </div>
                ))}
              </div>
            )}
            <FieldError id={`${id}-tickets-error`} message={fields.ticket_ids} />
          </fieldset>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => props.onOpenChange(false)}>
              {t("cancel")}
            </Button>
            <Button type="submit" disabled={props.busy} data-testid="quota-save">
              {props.busy ? <Spinner label={null} /> : null}
              {t("save")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The event capacity: a number of places, or none. */
export function CapacityDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  size: number;
  busy: boolean;
  failure: Failure | null;
  onSave: (capacity: { event_capacity: string; unlimited?: "on" }) => void;
}) {
  const { t } = useTranslation("quotas");
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const { open, size } = props;
  const [value, setValue] = useState(size < 0 ? "" : String(size));
  const [unlimited, setUnlimited] = useState(size < 0);
  const [submitted, setSubmitted] = useState(false);
  useEffect(() => {
    if (!open) return;
    setValue(size < 0 ? "" : String(size));
    setUnlimited(size < 0);
    setSubmitted(false);
  }, [open, size]);
  const error = submitted ? props.failure?.errors.fields?.event_capacity : undefined;
  useFocusFirstInvalid(formRef, submitted && !props.busy ? props.failure?.errors : undefined);

  return (
    <Dialog open={open} onOpenChange={props.onOpenChange}>
      <DialogContent className="sm:max-w-md" data-testid="quota-capacity-dialog">
        <DialogHeader>
          <DialogTitle>{t("event-capacity.dialog-title")}</DialogTitle>
          <DialogDescription>{t("event-capacity.dialog-description")}</DialogDescription>
        </DialogHeader>
        <form
          ref={formRef}
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            setSubmitted(true);
            props.onSave({ event_capacity: value, ...(unlimited ? { unlimited: "on" as const } : {}) });
          }}
        >
          <div className="grid gap-2">
            <Label htmlFor={`${id}-capacity`}>{t("dialog.size")}</Label>
            <Input
              id={`${id}-capacity`}
              name="event_capacity"
              inputMode="numeric"
              value={value}
              disabled={unlimited}
              onChange={(event) => setValue(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-capacity-error` : undefined}
            />
            <FieldError id={`${id}-capacity-error`} message={error} />
          </div>
          <div className="flex items-center gap-2">
            <Checkbox
              id={`${id}-unlimited`}
              checked={unlimited}
              onCheckedChange={(checked) => setUnlimited(checked === true)}
            />
            <Label htmlFor={`${id}-unlimited`} className="font-normal">
              {t("event-capacity.unlimited")}
            </Label>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => props.onOpenChange(false)}>
              {t("cancel")}
            </Button>
            <Button type="submit" disabled={props.busy} data-testid="quota-capacity-save">
              {props.busy ? <Spinner label={null} /> : null}
              {t("save")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
