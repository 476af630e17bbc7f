import { readFormValues } from "~/server/forms.server";
import { CalendarDays, Mail, MapPin } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, redirect } from "react-router";
import * as v from "valibot";
import { contactMessageSchema } from "#domain/contact-entries/contact-message-schema";
import { submitContactMessage } from "#domain/contact-entries/submit-contact-message";
import { getPublicOrganization } from "#domain/organizations/get-public-organization";
import { isAppError } from "#domain/shared/app-error";
import { parseId, requireId } from "#domain/shared/ids";
import { emailSenderFromEnv } from "#adapters/email";
import { contactOutcomeOf, OrganizerContactForm } from "~/components/contact-form/organizer-contact-form";
import { Logo } from "~/components/logo";
import { formatDate } from "#domain/shared/format";
import { openStreetMapUrl } from "~/lib/map-link";
import { safeRedirectPath } from "#domain/http/safe-redirect";
import { clientInfoFromHeaders } from "#domain/http/client-info";
import { getLocale } from "~/middleware/i18next";
import { serverContext } from "~/server/context";
import type { Route } from "./+types/organizer-page";

/** Public organization page (issue 12 §8): server-rendered HTML without JavaScript; a private organization has none. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db } = context.get(serverContext);
  const organization = await getPublicOrganization(db, parseId(params.id));
  if (!organization) throw data(null, { status: 404 });
  const url = new URL(request.url);
  if (params.slug !== organization.slug) {
    const query = url.searchParams.toString();
    throw redirect(`/organizers/${organization.id}/${encodeURIComponent(organization.slug)}${query ? `?${query}` : ""}`, 302);
  }
  return data(
    { organization, path: url.pathname, outcome: contactOutcomeOf(url.search) },
    { headers: { "Content-Language": getLocale(context) } },
  );
}

/**
 * The contact form's plain HTML POST, from this page or the public event page (OrganizerContactForm): stores the
 * message (honeypot, rate limits and the email to the organization are the domain's) and goes back to `returnTo`.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const { db, env } = context.get(serverContext);
  const values = await readFormValues(request);
  const back = (outcome: string) => {
    const target = new URL(safeRedirectPath(values.returnTo, "/"), "http://local");
    target.searchParams.set("contact", outcome);
    return redirect(`${target.pathname}${target.search}#contact`, 303);
  };
  const parsed = v.safeParse(contactMessageSchema, values);
  if (!parsed.success) return back("error");
  try {
    const sender = emailSenderFromEnv(env, db);
    await submitContactMessage(
      db,
      // Links in emails come from APP_URL, never from the Host a request names.
      { sendEmail: (message) => sender.send(message), appUrl: env.APP_URL },
      requireId(params.id),
      parsed.output,
      { ip: clientInfoFromHeaders(request.headers).ip },
    );
    return back("sent");
  } catch (error) {
    if (isAppError(error) && error.code === "rate_limited") return back("rate-limited");
    if (isAppError(error) && error.code === "not_found") throw data(null, { status: 404 });
    throw error;
  }
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const headers = new Headers({ "Cache-Control": "private, no-cache" });
  const language = loaderHeaders.get("Content-Language");
  if (language) headers.set("Content-Language", language);
  return headers;
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: "Guichet" }, { name: "robots", content: "noindex" }];
  const { organization } = loaderData;
  return [
    { title: `${organization.title} — Guichet` },
    { name: "description", content: organization.smallDescription },
    { property: "og:title", content: organization.title },
    { property: "og:description", content: organization.smallDescription },
  ];
}

export default function OrganizerPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("organization");
  const { organization, path, outcome } = loaderData;
  const mapUrl = organization.addressLabel
    ? openStreetMapUrl(organization.addressLatitude, organization.addressLongitude)
    : null;
  return (
    <div className="min-h-svh bg-muted/30">
      <header className="relative">
        <div className="aspect-[3/1] max-h-[400px] w-full overflow-hidden bg-gradient-to-br from-indigo-600 to-violet-600">
          {organization.coverPicture ? (
            <img src={organization.coverPicture} alt="" className="size-full object-cover" />
          ) : null}
        </div>
        <div className="mx-auto -mt-12 flex max-w-4xl items-end gap-4 px-4 sm:-mt-16">
          <div className="size-24 shrink-0 overflow-hidden rounded-2xl border-4 border-background bg-background shadow sm:size-32">
            {organization.mainPicture ? (
              <img src={organization.mainPicture} alt={organization.title} className="size-full object-cover" />
            ) : (
              <div className="grid size-full place-items-center bg-primary/10 text-3xl font-bold text-primary">
                {organization.title.slice(0, 1).toUpperCase()}
              </div>
            )}
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-4xl space-y-8 px-4 py-6">
        <div className="space-y-2">
          <h1 className="text-3xl font-bold tracking-tight">{organization.title}</h1>
          {organization.smallDescription ? (
            <p className="text-lg text-muted-foreground">{organization.smallDescription}</p>
          ) : null}
          <ul className="flex flex-wrap gap-x-6 gap-y-2 pt-2 text-sm text-muted-foreground">
            {organization.addressLabel ? (
              <li className="inline-flex items-center gap-1.5">
                <MapPin className="size-4" aria-hidden />
                {mapUrl ? (
                  <a href={mapUrl} target="_blank" rel="noreferrer" className="hover:underline">
                    {organization.addressLabel}
                  </a>
                ) : (
                  organization.addressLabel
                )}
              </li>
            ) : null}
            {organization.contactEmail ? (
              <li className="inline-flex items-center gap-1.5">
                <Mail className="size-4" aria-hidden />
                <a href={`mailto:${organization.contactEmail}`} className="hover:underline">
                  {organization.contactEmail}
                </a>
              </li>
            ) : null}
          </ul>
        </div>
        {organization.description ? (
          <section
            className="prose prose-sm max-w-none rounded-xl border bg-background p-4 sm:p-6 [&_a]:text-primary [&_a]:underline [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_p]:my-2 [&_ul]:list-disc"
            // Sanitized by the domain (sanitizeEventHtml) on save and again on read.
            dangerouslySetInnerHTML={{ __html: organization.description }}
          />
        ) : null}
        <section className="space-y-3" aria-labelledby="upcoming-events">
          <h2 id="upcoming-events" className="text-xl font-semibold">
            {t("public.upcoming")}
          </h2>
          {organization.events.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              {t("public.no-events")}
            </p>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2" data-testid="organizer-events">
              {organization.events.map((event) => (
                <li key={event.id}>
                  <a
                    href={`/events/${event.id}/${encodeURIComponent(event.slug)}`}
                    className="flex h-full flex-col overflow-hidden rounded-xl border bg-background transition-shadow hover:shadow-md"
                  >
                    <div className="aspect-video w-full bg-gradient-to-br from-indigo-100 to-violet-100">
                      {event.mainPicture ? <img src={event.mainPicture} alt="" className="size-full object-cover" /> : null}
                    </div>
                    <div className="space-y-1 p-4">
                      <p className="font-semibold">{event.title}</p>
                      {event.startAt ? (
                        <p className="inline-flex items-center gap-1.5 text-sm text-muted-foreground">
                          <CalendarDays className="size-4" aria-hidden />
                          {formatDate(event.startAt, i18n.language, event.timezone)}
                        </p>
                      ) : null}
                      {event.addressLabel ? <p className="text-sm text-muted-foreground">{event.addressLabel}</p> : null}
                    </div>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
        <OrganizerContactForm
          organizerId={organization.id}
          organizerTitle={organization.title}
          returnTo={path}
          outcome={outcome}
        />
        <footer className="flex items-center justify-center gap-2 pt-4 pb-8 text-xs text-muted-foreground">
          <Logo />
        </footer>
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  const { t } = useTranslation("organization");
  return (
    <main className="grid min-h-svh place-items-center p-6 text-center">
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold">{t("public.not-found")}</h1>
        <a href="/" className="text-sm text-primary hover:underline">
          {t("public.home")}
        </a>
      </div>
    </main>
  );
}
