import { ArrowLeft, Hourglass } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, redirect } from "react-router";
import * as v from "valibot";
import { hitRateLimits } from "#domain/auth/rate-limit";
import { bookingRateLimits } from "#domain/booking/booking-rate-limits";
import { clientInfoFromHeaders } from "#domain/http/client-info";
import { getPublicEvent, type PublicTicket } from "#domain/public-events/get-public-event";
import { AppError } from "#domain/shared/app-error";
import { parseId } from "#domain/shared/ids";
import { enqueueJobs } from "#domain/shared/jobs";
import { joinWaitingList } from "#domain/waiting-list/join-waiting-list";
import { joinWaitingListSchema } from "#domain/waiting-list/join-waiting-list-schema";
import { waitingListEntryPath } from "#domain/waiting-list/waiting-list-links";
import { ErrorText, fieldId, TextField, type FieldState } from "~/components/booking/booking-fields";
import { eventPagePath } from "~/components/booking/booking-paths";
import { PublicEventNotFound } from "~/components/public-event/public-event-not-found";
import { PublicStyles } from "~/components/public-event/public-styles";
import { accessibleSurface, ORGANIZER_FOCUS_RING } from "~/lib/contrast";
import { cn } from "~/lib/utils";
import { getLocale } from "~/middleware/i18next";
import { serverContext } from "~/server/context";
import { actionError } from "~/server/route-errors.server";
import type { Route } from "./+types/event-waiting-list";

/** The ticket whose list the page joins, when the public page would offer it: listed, sold out, its list open. */
function joinableTicket(tickets: PublicTicket[], ticketId: number | null): PublicTicket | null {
  const ticket = tickets.find((candidate) => candidate.id === ticketId);
  return ticket && ticket.waitingList && ticket.sale.status === "sold_out" ? ticket : null;
}

async function loadPage({ params, request, context }: Route.LoaderArgs | Route.ActionArgs) {
  const { db, env } = context.get(serverContext);
  const url = new URL(request.url);
  const hash = url.searchParams.get("t");
  const found = await getPublicEvent(db, parseId(params.id), { mode: "public", env, hash });
  if (found.kind === "not-found") throw data(null, { status: 404 });
  const { event } = found;
  const ticketId = parseId(url.searchParams.get("ticket"));
  const privateHash = event.visibility === "private" ? hash : null;
  return { db, env, url, event, ticketId, privateHash };
}

/**
 * Issue 28 §3: joining a sold-out ticket's waiting list from the public page, as plain HTML like the booking (the public
 * pages load no JavaScript): the form, then the person's own page with their place in line.
 */
export async function loader(args: Route.LoaderArgs) {
  const { event, ticketId, privateHash, url } = await loadPage(args);
  if (args.params.slug !== event.slug) {
    throw redirect(`/events/${event.id}/${encodeURIComponent(event.slug)}/waiting-list${url.search}`, 302);
  }
  const ticket = joinableTicket(event.tickets, ticketId);
  return { event: pageEvent(event), ticket: ticket && pageTicket(ticket), privateHash };
}

export async function action(args: Route.ActionArgs) {
  const { db, env, event, ticketId, privateHash } = await loadPage(args);
  const { ctx } = args.context.get(serverContext);
  const form = Object.fromEntries(
    [...(await args.request.formData()).entries()].map(([name, value]) => [name, String(value)]),
  );
  const values = {
    first_name: form.first_name ?? "",
    last_name: form.last_name ?? "",
    email: form.email ?? "",
    quantity: form.quantity ?? "1",
  };
  const parsed = v.safeParse(joinWaitingListSchema, {
    ...form,
    ticket_id: ticketId ?? "",
    consent: form.consent ?? false,
    locale: getLocale(args.context),
    t: privateHash,
  });
  try {
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.issues) fields[v.getDotPath(issue) ?? "form"] ??= issue.message;
      throw new AppError("validation", "waiting-list:errors.invalid-input", { fields });
    }
    await hitRateLimits(db, bookingRateLimits(parsed.output.email, clientInfoFromHeaders(args.request.headers).ip));
    const joined = await joinWaitingList(
      db,
      { env, appUrl: env.APP_URL || new URL(args.request.url).origin },
      { eventId: event.id, join: parsed.output },
    );
    ctx.waitUntil(enqueueJobs(env, [{ type: "send-email", message: joined.email }]));
    throw redirect(`${waitingListEntryPath(joined.accessToken)}?joined=1`);
  } catch (error) {
    return actionError(error, values);
  }
}

const pageEvent = (event: Awaited<ReturnType<typeof loadPage>>["event"]) => ({
  id: event.id,
  slug: event.slug,
  title: event.title,
  theme: event.theme,
  primaryColor: event.primaryColor,
  organizationTitle: event.organization.title,
});
const pageTicket = (ticket: PublicTicket) => ({ id: ticket.id, title: ticket.title, maxPerOrder: ticket.maxPerOrder });

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.event.title} · Guichet` : "Guichet" }, { name: "robots", content: "noindex" }];
}

export default function EventWaitingList({ loaderData, actionData }: Route.ComponentProps) {
  const { event, ticket, privateHash } = loaderData;
  const { t } = useTranslation("waiting-list");
  const { t: tb } = useTranslation("booking");
  const dark = event.theme === "dark";
  const surface = accessibleSurface(event.primaryColor);
  const surfaceStyle = { backgroundColor: surface.background, color: surface.text };
  const state: FieldState = {
    errors: actionData && !actionData.ok ? (actionData.errors.fields ?? {}) : {},
    values: actionData?.values ?? {},
  };
  const formError = actionData && !actionData.ok ? actionData.errors.formError : null;
  const fieldErrors = Object.keys(state.errors).length > 0;
  const backHref = eventPagePath(event, privateHash);
  const inputClass = cn(
    "h-11 min-w-0 rounded-md border px-3 text-base shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-sky-500/50 aria-invalid:border-rose-600",
    dark ? "border-slate-700 bg-slate-900 text-slate-100" : "border-slate-300 bg-white text-slate-900",
  );

  return (
    <div className={cn("min-h-svh", dark ? "dark bg-slate-950 text-slate-100" : "bg-slate-50 text-slate-900")}>
      <PublicStyles />
      <header style={surfaceStyle}>
        <div className="mx-auto max-w-2xl px-4 py-6 md:px-6">
          <a href={backHref} className="inline-flex items-center gap-1 text-sm underline underline-offset-2">
            <ArrowLeft className="size-4" aria-hidden />
            {t("join.back")}
          </a>
          <p className="mt-3 text-sm">{event.organizationTitle}</p>
          <h1 className="text-2xl font-bold tracking-tight wrap-anywhere md:text-3xl">{event.title}</h1>
        </div>
      </header>
      <main className="mx-auto max-w-2xl px-4 py-6 md:px-6">
        {!ticket ? (
          <div className="space-y-4" role="alert" data-testid="waiting-list-unavailable">
            <p>{t("join.unavailable")}</p>
            <a href={backHref} className="font-medium underline">
              {t("join.back")}
            </a>
          </div>
        ) : (
          <form
            method="post"
            noValidate
            className={cn(
              "space-y-5 rounded-xl border p-5",
              dark ? "border-slate-800 bg-slate-900" : "border-slate-200 bg-white",
            )}
            data-testid="waiting-list-form"
          >
            <div className="space-y-1">
              <h2 className="flex items-center gap-2 text-xl font-semibold">
                <Hourglass className="size-5 opacity-70" aria-hidden />
                {t("join.title")}
              </h2>
              <p className="text-sm opacity-80">{t("join.description", { ticket: ticket.title })}</p>
            </div>
            {formError || fieldErrors ? (
              <div
                role="alert"
                tabIndex={-1}
                autoFocus
                className="rounded-lg border border-rose-300 bg-rose-50 p-4 text-sm text-rose-900 outline-none dark:border-rose-900 dark:bg-rose-950 dark:text-rose-100"
                data-testid="waiting-list-errors"
              >
                {t(fieldErrors ? "errors.invalid-input" : (formError as never))}
              </div>
            ) : null}
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                name="first_name"
                label={tb("fields.first-name")}
                state={state}
                dark={dark}
                required
                autoComplete="given-name"
              />
              <TextField
                name="last_name"
                label={tb("fields.last-name")}
                state={state}
                dark={dark}
                required
                autoComplete="family-name"
              />
              <div className="sm:col-span-2">
                <TextField
                  name="email"
                  label={tb("fields.email")}
                  type="email"
                  state={state}
                  dark={dark}
                  required
                  autoComplete="email"
                />
              </div>
            </div>
            <div className="space-y-1.5">
              <label htmlFor={fieldId("quantity")} className="block text-sm font-medium">
                {t("join.quantity")}
              </label>
              <select
                id={fieldId("quantity")}
                name="quantity"
                defaultValue={actionData?.values.quantity ?? "1"}
                aria-invalid={state.errors.quantity ? true : undefined}
                className={cn(inputClass, "w-24")}
              >
                {Array.from({ length: Math.max(1, ticket.maxPerOrder) }, (_, i) => i + 1).map((quantity) => (
                  <option key={quantity} value={quantity}>
                    {quantity}
                  </option>
                ))}
              </select>
              <ErrorText name="quantity" state={state} />
            </div>
            <div className="space-y-1.5">
              <div className="flex items-start gap-3">
                <input
                  id={fieldId("consent")}
                  name="consent"
                  type="checkbox"
                  required
                  aria-invalid={state.errors.consent ? true : undefined}
                  aria-describedby={state.errors.consent ? `${fieldId("consent")}-error` : undefined}
                  className="mt-1 size-4 shrink-0"
                />
                <label htmlFor={fieldId("consent")} className="text-sm">
                  {t("join.consent")}{" "}
                  <a href="/privacy" className="underline">
                    {t("join.privacy")}
                  </a>
                </label>
              </div>
              <ErrorText name="consent" state={state} />
            </div>
            <div className="flex justify-end">
              <button
                type="submit"
                className={cn("h-11 w-full rounded-lg px-6 font-semibold shadow-sm sm:w-auto", ORGANIZER_FOCUS_RING)}
                style={surfaceStyle}
                data-testid="waiting-list-submit"
              >
                {t("join.submit")}
              </button>
            </div>
          </form>
        )}
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return <PublicEventNotFound />;
}
