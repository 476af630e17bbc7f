import { CircleCheck, CircleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";

/** Where the form posts: the organizer page's action (app/routes/public/organizer-page.tsx), any slug. */
const contactFormAction = (organizerId: number) => `/organizers/${organizerId}/contact`;

/** The outcome the action sends back in the query (`?contact=sent`), read by the page that shows the form. */
export type ContactFormOutcome = "sent" | "error" | "rate-limited" | null;

export function contactOutcomeOf(search: URLSearchParams | string): ContactFormOutcome {
  const value = new URLSearchParams(search).get("contact");
  return value === "sent" || value === "error" || value === "rate-limited" ? value : null;
}

/**
 * 'Écrire à l'organisateur': a plain HTML form inside a <details> disclosure, so that it works on pages served without
 * JavaScript (the public event and organization pages). It posts to the organizer page's action, which redirects back
 * to `returnTo` with `?contact=…#contact`. `website` is a honeypot: hidden from people and assistive technology.
 */
export function OrganizerContactForm({
  organizerId,
  organizerTitle,
  returnTo,
  subject = "",
  outcome = null,
}: {
  organizerId: number;
  organizerTitle: string;
  /** The path of the page showing the form (same site). */
  returnTo: string;
  subject?: string;
  outcome?: ContactFormOutcome;
}) {
  const { t } = useTranslation("contact");
  const input =
    "h-10 w-full rounded-md border border-input bg-background px-3 text-sm outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50";
  return (
    <details id="contact" className="group rounded-xl border bg-background p-4 sm:p-6" open={outcome !== null}>
      <summary className="cursor-pointer list-none text-base font-semibold marker:hidden">
        <span className="inline-flex items-center gap-2 underline-offset-4 group-open:no-underline hover:underline">
          {t("form.title")}
        </span>
      </summary>
      <p className="mt-2 text-sm text-muted-foreground">{t("form.description", { organization: organizerTitle })}</p>
      {outcome === "sent" ? (
        <p
          role="status"
          className="mt-4 flex items-start gap-2 rounded-md bg-success/10 p-3 text-sm text-success"
          data-testid="contact-sent"
        >
          <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
          {t("form.sent")}
        </p>
      ) : outcome ? (
        <p
          role="alert"
          className="mt-4 flex items-start gap-2 rounded-md bg-destructive/10 p-3 text-sm text-destructive"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          {outcome === "rate-limited" ? t("form.rate-limited") : t("form.failed")}
        </p>
      ) : null}
      {outcome === "sent" ? null : (
        <form method="post" action={contactFormAction(organizerId)} className="mt-4 grid gap-4 sm:grid-cols-2">
          <input type="hidden" name="returnTo" value={returnTo} />
          <label className="grid gap-1.5 text-sm font-medium">
            {t("form.first-name")}
            <input name="first_name" required maxLength={100} autoComplete="given-name" className={input} />
          </label>
          <label className="grid gap-1.5 text-sm font-medium">
            {t("form.last-name")}
            <input name="last_name" required maxLength={100} autoComplete="family-name" className={input} />
          </label>
          <label className="grid gap-1.5 text-sm font-medium sm:col-span-2">
            {t("form.email")}
            <input name="email" type="email" required maxLength={254} autoComplete="email" className={input} />
          </label>
          <label className="grid gap-1.5 text-sm font-medium sm:col-span-2">
            {t("form.subject")}
            <input name="subject" maxLength={200} defaultValue={subject} className={input} />
          </label>
          <label className="grid gap-1.5 text-sm font-medium sm:col-span-2">
            {t("form.message")}
            <textarea
              name="message"
              required
              maxLength={5000}
              rows={5}
              className="w-full rounded-md border border-input bg-background px-3 py-2 text-sm outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50"
            />
          </label>
          <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
            <label>
              {t("form.website")}
              <input name="website" tabIndex={-1} autoComplete="off" />
            </label>
          </div>
          <div className="sm:col-span-2">
            <button
              type="submit"
              className="inline-flex h-10 items-center justify-center rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground hover:bg-primary/90 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
            >
              {t("form.submit")}
            </button>
          </div>
        </form>
      )}
    </details>
  );
}
