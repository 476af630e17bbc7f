import { Plus, Trash2 } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { toast } from "~/lib/toast";
import { formatDateTime, formatNumber } from "#domain/shared/format";
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
} from "~/components/ui/dialog-lazy";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Spinner } from "~/components/ui/spinner";
import { useFocusFirstInvalid } from "~/lib/use-focus-first-invalid";

export type AddParticipantsAnswer =
  { ok: true; added: number } | { ok: false; errors: { formError?: string; fields?: Record<string, string> } };

type Ticket = { id: number; title: string; ticketType: string };
type DateChoice = { id: number; startAt: number; status: string };

export type AddParticipantsProps = {
  tickets: Ticket[];
  /** A multi-date event's dates (issue 30): each participant gets one, a pass needing none. */
  dates?: DateChoice[];
  timezone?: string;
  emailQuota: { remaining: number; limit: number };
  /** False for a draft event, which sends no email (decision 0038): the box starts unticked. */
  sendsEmail: boolean;
};

/**
 * The add dialog's form (issue 11 §2): one manual order, a buyer and one or more participants. Loaded on the first
 * press of "Ajouter" (participants-add-dialog.tsx), and mounted afresh at each opening: one participant row, no
 * message from an earlier answer.
 */
export function AddParticipantsForm({
  tickets,
  dates = [],
  timezone,
  emailQuota,
  sendsEmail,
  open,
  onOpenChange: setOpen,
}: AddParticipantsProps & { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t, i18n } = useTranslation("participants");
  const [rows, setRows] = useState<number[]>([0]);
  const nextRow = useRef(1);
  const fetcher = useFetcher<AddParticipantsAnswer>({ key: "participants-add" });
  const formRef = useRef<HTMLFormElement>(null);
  const ids = useId();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const errors = open && answer && !answer.ok ? answer.errors : undefined;
  useFocusFirstInvalid(formRef, errors);
  const [seen, setSeen] = useState(answer);
  // A field's message goes away once it is edited, until the next answer.
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    if (answer === seen) return;
    setSeen(answer);
    setEdited(new Set());
    if (answer?.ok) {
      toast.success(t("toasts.added", { count: answer.added }));
      setOpen(false);
    }
  }, [answer, seen, setOpen, t]);
  const busy = fetcher.state !== "idle";

  const message = (name: string) => {
    return edited.has(name) ? null : (errors?.fields?.[name] ?? null);
  };
  // The sentence already shown at the top ('Veuillez remplir tous les champs.') only marks the field, not repeated.
  const fieldMessage = (name: string) => {
    const text = message(name);
    return text === (errors?.formError ?? null) ? null : text;
  };
  const field = (name: string, label: string, type = "text") => (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={`${ids}-${name}`}>{label}</Label>
      <Input
        id={`${ids}-${name}`}
        name={name}
        type={type}
        autoComplete="off"
        aria-invalid={message(name) ? true : undefined}
        aria-describedby={`${ids}-${name}-error`}
      />
      <FieldError id={`${ids}-${name}-error`} message={fieldMessage(name)} />
    </div>
  );
  const person = (prefix: string) => (
    <div className="grid gap-3 sm:grid-cols-3">
      {field(`${prefix}.first_name`, t("edit.first-name"))}
      {field(`${prefix}.last_name`, t("edit.last-name"))}
      {field(`${prefix}.email`, t("edit.email"), "email")}
    </div>
  );

  return (
    <>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
          <DialogHeader>
            <DialogTitle>{t("add-dialog.title")}</DialogTitle>
            <DialogDescription>{t("add-dialog.description")}</DialogDescription>
          </DialogHeader>
          <fetcher.Form
            method="post"
            ref={formRef}
            className="grid gap-5"
            noValidate
            onChange={(event) => {
              // The field that changed (the form only receives the bubbling event).
              const name = (event.nativeEvent.target as HTMLInputElement | null)?.name;
              if (name && !edited.has(name)) setEdited(new Set(edited).add(name));
            }}
          >
            <input type="hidden" name="intent" value="add" />
            <FormError message={errors?.formError ?? null} />
            <fieldset className="grid gap-3">
              <legend className="mb-2 text-sm font-semibold">{t("add-dialog.buyer")}</legend>
              {person("buyer")}
            </fieldset>
            {rows.map((row, index) => {
              const prefix = `participants.${index}`;
              const ticketName = `${prefix}.ticket_id`;
              return (
                <fieldset
                  key={row}
                  className="grid gap-3 rounded-lg border p-3"
                  aria-labelledby={`${ids}-row-${row}`}
                  data-testid="add-participant-row"
                >
                  <div className="flex items-center justify-between gap-2">
                    <span id={`${ids}-row-${row}`} className="text-sm font-semibold">
                      {t("add-dialog.participant", { n: index + 1 })}
                    </span>
                    {rows.length > 1 ? (
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        aria-label={t("add-dialog.remove", { n: index + 1 })}
                        onClick={() => setRows((current) => current.filter((r) => r !== row))}
                      >
                        <Trash2 />
                      </Button>
                    ) : null}
                  </div>
                  <div className="grid gap-1.5">
                    <Label htmlFor={`${ids}-${ticketName}`}>{t("add-dialog.ticket")}</Label>
                    <select
                      id={`${ids}-${ticketName}`}
                      name={ticketName}
                      defaultValue={tickets.length === 1 ? String(tickets[0]!.id) : ""}
                      aria-invalid={message(ticketName) ? true : undefined}
                      aria-describedby={`${ids}-${ticketName}-error`}
                      className="h-9 w-full rounded-md border border-input bg-background px-3 text-sm aria-invalid:border-destructive"
                    >
                      <option value="">{t("add-dialog.ticket-placeholder")}</option>
                      {tickets.map((ticket) => (
                        <option key={ticket.id} value={ticket.id}>
                          {ticket.ticketType === "addon" ? `${ticket.title} (${t("addon")})` : ticket.title}
                        </option>
                      ))}
                    </select>
                    <FieldError id={`${ids}-${ticketName}-error`} message={fieldMessage(ticketName)} />
                  </div>
                  {dates.some((date) => date.status !== "cancelled") ? (
                    <div className="grid gap-1.5">
                      <Label htmlFor={`${ids}-${prefix}.date_id`}>{t("add-dialog.date")}</Label>
                      <select
                        id={`${ids}-${prefix}.date_id`}
                        name={`${prefix}.date_id`}
                        data-testid="add-participant-date"
                        defaultValue=""
                        aria-invalid={message(`${prefix}.date_id`) ? true : undefined}
                        aria-describedby={`${ids}-${prefix}.date_id-error`}
                        className="h-9 w-full rounded-md border border-input bg-background px-3 text-sm aria-invalid:border-destructive"
                      >
                        <option value="">{t("add-dialog.date-placeholder")}</option>
                        {dates
                          .filter((date) => date.status !== "cancelled")
                          .map((date) => (
                            <option key={date.id} value={date.id}>
                              {formatDateTime(date.startAt, i18n.language, timezone ?? "UTC")}
                            </option>
                          ))}
                      </select>
                      <FieldError id={`${ids}-${prefix}.date_id-error`} message={fieldMessage(`${prefix}.date_id`)} />
                    </div>
                  ) : null}
                  {person(prefix)}
                </fieldset>
              );
            })}
            <FieldError id={`${ids}-participants-error`} message={fieldMessage("participants")} />
            <div>
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => setRows((current) => [...current, nextRow.current++])}
              >
                <Plus />
                {t("add-dialog.add-participant")}
              </Button>
            </div>
            <div className="flex items-center gap-2">
              <Checkbox id={`${ids}-send-email`} name="send_email" defaultChecked={sendsEmail} />
              <Label htmlFor={`${ids}-send-email`}>{t("add-dialog.send-email")}</Label>
            </div>
            <p className="-mt-2 text-sm text-muted-foreground" data-testid="email-quota">
              {t("add-dialog.email-quota", {
                remaining: formatNumber(emailQuota.remaining, i18n.language),
                limit: formatNumber(emailQuota.limit, i18n.language),
              })}
            </p>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                {t("edit.cancel")}
              </Button>
              <Button type="submit" disabled={busy}>
                {busy ? <Spinner /> : null}
                {t("add-dialog.submit")}
              </Button>
            </DialogFooter>
          </fetcher.Form>
        </DialogContent>
      </Dialog>
    </>
  );
}
