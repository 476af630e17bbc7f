import { CalendarDays, Lock, MapPin, Plus, Search, Ticket, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { eventListFilters, parseEventListFilter } from "#domain/events/event-list-filter";
import { listEvents, type EventListItem } from "#domain/events/list-events";
import { canInOrganization } from "#domain/policy";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { formatDateTime, formatMoney } from "~/lib/format";
import { cn } from "~/lib/utils";
import { getInstance } from "~/middleware/i18next";
import { serverContext } from "~/server/context";
import { getSignedIn } from "~/server/guards.server";
import type { Route } from "./+types/home";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "Guichet" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor, currentOrganization } = getSignedIn(context);
  const url = new URL(request.url);
  const filter = parseEventListFilter(url.searchParams.get("filter"));
  const search = (url.searchParams.get("q") ?? "").slice(0, 100);
  const events = await listEvents(context.get(serverContext).db, actor, { filter, search });
  return {
    title: getInstance(context).t("events:home.meta-title"),
    events,
    filter,
    search,
    organization: currentOrganization,
    isGuest: actor.role === "",
    canCreateEvent: canInOrganization(actor, "events:create"),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("events");
  const { t: tArea } = useTranslation("event-area");
  const { events, filter, search, organization, isGuest, canCreateEvent } = loaderData;
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location?.pathname === "/";

  const tabHref = (value: string) => {
    const next = new URLSearchParams(searchParams);
    next.set("filter", value);
    return `?${next}`;
  };

  return (
    <div className="mx-auto w-full max-w-[1600px] space-y-6 px-4 py-6 md:px-6 md:py-8">
      <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div className="space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">{t("home.title")}</h1>
          {organization ? (
            <p className="text-sm text-muted-foreground">
              {t(isGuest ? "home.guest-subtitle" : "home.subtitle", { organization: organization.title })}
            </p>
          ) : null}
        </div>
        <div className="flex w-full flex-col gap-2 sm:flex-row md:w-auto md:items-center">
          <Form method="get" role="search" className="flex w-full gap-2 md:w-80">
            <input type="hidden" name="filter" value={filter} />
            <div className="relative flex-1">
              <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
              <Input
                type="search"
                name="q"
                defaultValue={search}
                placeholder={t("home.search-placeholder")}
                aria-label={t("home.search-label")}
                className="bg-background pl-9"
              />
            </div>
            <Button type="submit" variant="outline" className="sr-only">
              {t("home.search-submit")}
            </Button>
          </Form>
          {canCreateEvent ? (
            <Button asChild className="shrink-0">
              <Link to="/event/new">
                <Plus aria-hidden />
                {tArea("create-event")}
              </Link>
            </Button>
          ) : null}
        </div>
      </div>

      <nav aria-label={t("home.tabs-label")} className="-mx-1 flex gap-1 overflow-x-auto border-b px-1">
        {eventListFilters.map((value) => (
          <Link
            key={value}
            to={tabHref(value)}
            aria-current={filter === value ? "page" : undefined}
            className={cn(
              "-mb-px border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors",
              filter === value
                ? "border-primary text-foreground"
                : "border-transparent text-muted-foreground hover:text-foreground",
            )}
          >
            {t(`home.tabs.${value}`)}
          </Link>
        ))}
      </nav>

      <div aria-live="polite" className={cn("transition-opacity", busy && "opacity-60")}>
        {!organization ? (
          <EmptyState message={t("home.empty.no-organization")} />
        ) : events.length === 0 ? (
          <EmptyState message={search ? t("home.empty.search", { search }) : t(`home.empty.${filter}`)} />
        ) : (
          <>
            <p className="mb-3 text-sm text-muted-foreground">{t("home.count", { count: events.length })}</p>
            <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4" data-testid="event-list">
              {events.map((event) => (
                <li key={event.id}>
                  <EventCard event={event} />
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </div>
  );
}

function EmptyState({ message }: { message: string }) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed bg-background px-6 py-16 text-center">
      <CalendarDays className="size-10 text-muted-foreground" aria-hidden />
      <p className="text-sm text-muted-foreground">{message}</p>
    </div>
  );
}

function EventCard({ event }: { event: EventListItem }) {
  const { t, i18n } = useTranslation("events");
  const statusKey = event.status === "archived" ? "archived" : event.isPast ? "past" : event.status;
  const statusVariant = statusKey === "published" ? "default" : statusKey === "draft" ? "outline" : "secondary";
  return (
    <Link
      to={`/event/${event.id}`}
      className="group flex h-full flex-col overflow-hidden rounded-xl border bg-background shadow-xs transition-shadow outline-none hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring/50"
      data-testid="event-card"
    >
      <div
        className="relative aspect-video bg-gradient-to-br from-primary/80 to-primary/40"
        style={{ backgroundImage: `linear-gradient(135deg, ${event.primaryColor}, ${event.primaryColor}66)` }}
      >
        {event.mainPicture ? (
          <img src={event.mainPicture} alt="" className="absolute inset-0 size-full object-cover" loading="lazy" />
        ) : (
          <Ticket className="absolute top-1/2 left-1/2 size-10 -translate-1/2 text-primary-foreground/70" aria-hidden />
        )}
        <div className="absolute top-3 left-3 flex gap-2">
          <Badge variant={statusVariant}>{t(`status.${statusKey}`)}</Badge>
          {event.visibility === "private" && event.status === "published" ? (
            <Badge variant="secondary">
              <Lock aria-hidden />
              {t("visibility.private")}
            </Badge>
          ) : null}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <h2 className="line-clamp-2 font-semibold group-hover:underline">{event.title || t("untitled")}</h2>
        <div className="space-y-1 text-sm text-muted-foreground">
          <p className="flex items-center gap-2">
            <CalendarDays className="size-4 shrink-0" aria-hidden />
            {event.startAt ? formatDateTime(event.startAt, i18n.language, event.timezone) : t("home.no-date")}
          </p>
          {event.addressName ? (
            <p className="flex items-center gap-2">
              <MapPin className="size-4 shrink-0" aria-hidden />
              <span className="truncate">{event.addressName}</span>
            </p>
          ) : null}
        </div>
        <div className="mt-auto flex items-center justify-between border-t pt-3 text-sm">
          <span className="flex items-center gap-1.5">
            <Users className="size-4 text-muted-foreground" aria-hidden />
            {t("home.participants", { count: event.participantCount })}
          </span>
          <span className="font-medium">{t("home.gross-sales", { amount: formatMoney(event.grossSales, i18n.language) })}</span>
        </div>
      </div>
    </Link>
  );
}
