import { CircleCheck, Hourglass } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import * as v from "valibot";
import type { PublicTicket } from "#domain/public-events/get-public-event";
import { joinWaitingListSchema } from "#domain/waiting-list/join-waiting-list-schema";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { ORGANIZER_FOCUS_RING } from "~/lib/contrast";
import { cn } from "~/lib/utils";

/** Where the join goes: the event, and a private event's link token. */
export type WaitingListTarget = { eventId: number; privateHash: string | null };

type Errors = { fields: Record<string, string>; form: string | null };
type Joined = { position: number; email: string };

const noErrors: Errors = { fields: {}, form: null };

/**
 * « Rejoindre la liste d'attente » (issue 28 §3): shown instead of the quantity picker on a sold-out ticket whose list is
 * open. The form is checked with the API's own schema first (messages as i18n keys), then posted to
 * POST /api/public/events/:id/waiting-list, whose refusals arrive already written in the page's language. Once joined,
 * the dialog says the place in line.
 */
export function JoinWaitingListDialog({
  ticket,
  target,
  dark,
  surfaceStyle,
}: {
  ticket: Pick<PublicTicket, "id" | "title" | "maxPerOrder">;
  target: WaitingListTarget;
  dark: boolean;
  /** The organizer's colour and its readable text, for the buttons. */
  surfaceStyle?: React.CSSProperties;
}) {
  const { t, i18n } = useTranslation("waiting-list");
  const { t: tAny } = useTranslation();
  const { t: tb } = useTranslation("booking");
  const [open, setOpen] = useState(false);
  const [errors, setErrors] = useState<Errors>(noErrors);
  const [joined, setJoined] = useState<Joined | null>(null);
  const [busy, setBusy] = useState(false);
  const formId = useId();
  const field = (name: string) => `${formId}-${name}`;

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The dialog lives in a portal but inside the ticket picker's React tree: its submit must not reach that form.
    event.stopPropagation();
    const form = new FormData(event.currentTarget);
    const body = {
      ticket_id: ticket.id,
      first_name: String(form.get("first_name") ?? ""),
      last_name: String(form.get("last_name") ?? ""),
      email: String(form.get("email") ?? ""),
      quantity: Number(form.get("quantity") ?? 1),
      consent: form.get("consent") === "on",
      locale: i18n.language,
      ...(target.privateHash ? { t: target.privateHash } : {}),
    };
    const checked = v.safeParse(joinWaitingListSchema, body);
    if (!checked.success) {
      const fields: Record<string, string> = {};
      for (const issue of checked.issues) {
        const name = v.getDotPath(issue) ?? "form";
        fields[name] ??= tAny(issue.message as never);
      }
      setErrors({ fields, form: null });
      return;
    }
    setBusy(true);
    try {
      const response = await fetch(`/api/public/events/${target.eventId}/waiting-list`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      const answer = (await response.json().catch(() => null)) as {
        position?: number;
        error?: { message: string; fields?: { name: string; message: string }[] };
      } | null;
      if (response.ok && answer?.position) {
        setErrors(noErrors);
        setJoined({ position: answer.position, email: checked.output.email });
        return;
      }
      const fields = Object.fromEntries((answer?.error?.fields ?? []).map((f) => [f.name, f.message]));
      setErrors({
        fields,
        form:
          Object.keys(fields).length > 0 ? null : (answer?.error?.message ?? tAny("errors:internal-error" as never)),
      });
    } catch {
      setErrors({ fields: {}, form: tAny("errors:internal-error" as never) });
    } finally {
      setBusy(false);
    }
  }

  const inputClass = cn(
    "h-11 w-full min-w-0 rounded-md border px-3 text-base shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-sky-500/50 aria-invalid:border-rose-600",
    dark ? "border-slate-700 bg-slate-900 text-slate-100" : "border-slate-300 bg-white text-slate-900",
  );
  const errorOf = (name: string) =>
    errors.fields[name] ? (
      <p id={field(`${name}-error`)} className="text-sm font-medium text-rose-600 dark:text-rose-400">
        {errors.fields[name]}
      </p>
    ) : null;
  const describedBy = (name: string) => (errors.fields[name] ? field(`${name}-error`) : undefined);
  const textField = (name: string, label: string, type: "text" | "email", autoComplete: string) => (
    <div className="space-y-1.5">
      <label htmlFor={field(name)} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={field(name)}
        name={name}
        type={type}
        required
        autoComplete={autoComplete}
        aria-invalid={errors.fields[name] ? true : undefined}
        aria-describedby={describedBy(name)}
        className={inputClass}
      />
      {errorOf(name)}
    </div>
  );
  const quantities = Array.from({ length: Math.max(1, ticket.maxPerOrder) }, (_, i) => i + 1);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setErrors(noErrors);
          setJoined(null);
        }
      }}
    >
      <DialogTrigger asChild>
        <button
          type="button"
          className={cn(
            "inline-flex h-10 items-center gap-2 rounded-lg px-4 text-sm font-semibold shadow-sm",
            ORGANIZER_FOCUS_RING,
          )}
          style={surfaceStyle}
          data-testid={`join-waiting-list-${ticket.id}`}
        >
          <Hourglass className="size-4" aria-hidden />
          {t("join.button")}
        </button>
      </DialogTrigger>
      <DialogContent
        className={cn(dark ? "dark border-slate-700 bg-slate-900 text-slate-100" : "bg-white text-slate-900")}
        data-testid="join-waiting-list-dialog"
      >
        {joined ? (
          <>
            <DialogHeader>
              <DialogTitle className="flex items-center gap-2">
                <CircleCheck className="size-5 text-emerald-600" aria-hidden />
                {t("join.joined-title")}
              </DialogTitle>
              <DialogDescription className={dark ? "text-slate-300" : "text-slate-600"}>
                {t("join.joined-email", { email: joined.email })}
              </DialogDescription>
            </DialogHeader>
            <p className="text-lg font-semibold" role="status" data-testid="waiting-list-position">
              {t("join.joined-position", { position: joined.position })}
            </p>
            <DialogFooter>
              <button
                type="button"
                onClick={() => setOpen(false)}
                className={cn("h-11 rounded-lg px-6 font-semibold shadow-sm", ORGANIZER_FOCUS_RING)}
                style={surfaceStyle}
              >
                {t("join.close")}
              </button>
            </DialogFooter>
          </>
        ) : (
          <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
            <DialogHeader>
              <DialogTitle>{t("join.title")}</DialogTitle>
              <DialogDescription className={dark ? "text-slate-300" : "text-slate-600"}>
                {t("join.description", { ticket: ticket.title })}
              </DialogDescription>
            </DialogHeader>
            {errors.form ? (
              <p role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm font-medium text-rose-700">
                {errors.form}
              </p>
            ) : null}
            <div className="grid gap-4 sm:grid-cols-2">
              {textField("first_name", tb("fields.first-name"), "text", "given-name")}
              {textField("last_name", tb("fields.last-name"), "text", "family-name")}
            </div>
            {textField("email", tb("fields.email"), "email", "email")}
            <div className="space-y-1.5">
              <label htmlFor={field("quantity")} className="block text-sm font-medium">
                {t("join.quantity")}
              </label>
              <select
                id={field("quantity")}
                name="quantity"
                defaultValue="1"
                aria-invalid={errors.fields.quantity ? true : undefined}
                aria-describedby={describedBy("quantity")}
                className={cn(inputClass, "w-24")}
              >
                {quantities.map((quantity) => (
                  <option key={quantity} value={quantity}>
                    {quantity}
                  </option>
                ))}
              </select>
              {errorOf("quantity")}
            </div>
            <div className="space-y-1.5">
              <div className="flex items-start gap-3">
                <input
                  id={field("consent")}
                  name="consent"
                  type="checkbox"
                  required
                  aria-invalid={errors.fields.consent ? true : undefined}
                  aria-describedby={describedBy("consent")}
                  className="mt-1 size-4 shrink-0 accent-current"
                />
                <label htmlFor={field("consent")} className="text-sm">
                  {t("join.consent")}{" "}
                  <a href="/privacy" target="_blank" rel="noopener noreferrer" className="underline">
                    {t("join.privacy")}
                  </a>
                </label>
              </div>
              {errorOf("consent")}
            </div>
            <DialogFooter>
              <button
                type="button"
                onClick={() => setOpen(false)}
                className={cn(
                  "h-11 rounded-lg border px-6 font-medium",
                  dark ? "border-slate-700" : "border-slate-300",
                  ORGANIZER_FOCUS_RING,
                )}
              >
                {t("join.cancel")}
              </button>
              <button
                type="submit"
                disabled={busy}
                className={cn("h-11 rounded-lg px-6 font-semibold shadow-sm disabled:opacity-60", ORGANIZER_FOCUS_RING)}
                style={surfaceStyle}
                data-testid="join-waiting-list-submit"
              >
                {t("join.submit")}
              </button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
