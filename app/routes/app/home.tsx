import { CalendarDays, ChevronLeft, ChevronRight, Lock, Plus, Search, Ticket, Users } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation, useSearchParams, useSubmit } from "react-router";
import { eventListFilters, parseEventListFilter } from "#domain/events/event-list-filter";
import { eventListPaging, listEvents, listEventsToScan, type EventListItem } from "#domain/events/list-events";
import { canInOrganization } from "#domain/policy";
import { EventWhenWhere } from "~/components/events-home/event-when-where";
import { EventsToScan } from "~/components/events-home/events-to-scan";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { formatMoney, formatNumber } from "#domain/shared/format";
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
  const paging = eventListPaging({ page: url.searchParams.get("page"), limit: url.searchParams.get("limit") });
  const { db } = context.get(serverContext);
  const [list, toScan] = await Promise.all([
    listEvents(db, actor, { filter, search, ...paging }),
    listEventsToScan(db, actor),
  ]);
  return {
    title: getInstance(context).t("events:home.meta-title"),
    list,
    toScan,
    filter,
    search,
    organization: currentOrganization,
    isGuest: actor.role === "",
    canCreateEvent: canInOrganization(actor, "events:create"),
  };
}

const SEARCH_DEBOUNCE_MS = 300;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("events");
  const { t: tArea } = useTranslation("event-area");
  const { list, toScan, filter, search, organization, isGuest, canCreateEvent } = loaderData;
  // A validator and nothing else: the events they scan are the whole home (no grid, tabs or search of events they
  // cannot open).
  const scanOnly = toScan.scanOnly && toScan.items.length > 0;
  const events = list.items;
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const submit = useSubmit();
  const busy = navigation.state === "loading" && navigation.location?.pathname === "/";
  const [typed, setTyped] = useState(search);
  const pages = Math.max(1, Math.ceil(list.total / list.limit));

  // Back/forward brings another search: the box follows the address bar, unless the search is the one typed here
  // (the user may have typed on while it loaded).
  const [shownSearch, setShownSearch] = useState(search);
  const [sentSearch, setSentSearch] = useState(search);
  if (search !== shownSearch) {
    setShownSearch(search);
    if (search !== sentSearch) setTyped(search);
  }

  // Search as you type: once typing pauses, the address bar (replaced, not pushed) and the list follow; the form's
  // Enter still works without JavaScript.
  useEffect(() => {
    if (typed.trim() === search.trim()) return;
    const timer = window.setTimeout(() => {
      const next = new URLSearchParams(searchParams);
      if (typed.trim()) next.set("q", typed.trim());
      else next.delete("q");
      next.delete("page");
      setSentSearch(typed.trim());
      void submit(next, { method: "get", action: "/", replace: true, preventScrollReset: true });
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [typed, search, searchParams, submit]);

  const hrefWith = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    return `?${next}`;
  };

  if (scanOnly) {
    return (
      <div className="mx-auto w-full max-w-[1600px] space-y-6 px-4 py-6 md:px-6 md:py-8">
        <div className="min-w-0 space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">{t("home.title")}</h1>
          {organization ? (
            <p className="text-sm break-words text-muted-foreground">
              {t("home.scan.subtitle", { organization: organization.title })}
            </p>
          ) : null}
        </div>
        <EventsToScan events={toScan.items} total={toScan.total} headingLevel="h2" />
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-[1600px] space-y-6 px-4 py-6 md:px-6 md:py-8">
      <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div className="min-w-0 space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">{t("home.title")}</h1>
          {organization ? (
            <p className="text-sm break-words text-muted-foreground">
              {t(isGuest ? "home.guest-subtitle" : "home.subtitle", { organization: organization.title })}
            </p>
          ) : null}
        </div>
        <div className="flex w-full flex-col gap-2 sm:flex-row md:w-auto md:items-center">
          <Form method="get" role="search" className="flex w-full gap-2 md:w-80">
            <input type="hidden" name="filter" value={filter} />
            <div className="relative flex-1">
              <Search
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
                aria-hidden
              />
              <Input
                type="search"
                name="q"
                value={typed}
                onChange={(change) => setTyped(change.target.value)}
                maxLength={100}
                placeholder={t("home.search-placeholder")}
                aria-label={t("home.search-label")}
                className="bg-background pl-9"
                data-testid="event-search"
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

      {toScan.items.length > 0 ? (
        <section aria-labelledby="events-to-scan" className="space-y-3" data-testid="scan-event-section">
          <div className="space-y-1">
            <h2 id="events-to-scan" className="text-lg font-semibold">
              {t("home.scan.title")}
            </h2>
            <p className="text-sm text-muted-foreground">{t("home.scan.description")}</p>
          </div>
          <EventsToScan events={toScan.items} total={toScan.total} headingLevel="h3" />
        </section>
      ) : null}

      <nav aria-label={t("home.tabs-label")} className="-mx-1 flex gap-1 overflow-x-auto border-b px-1">
        {eventListFilters.map((value) => (
          <Link
            key={value}
            to={hrefWith({ filter: value, page: null })}
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
            <p className="mb-3 text-sm text-muted-foreground" data-testid="event-count">
              {t("home.count", { count: list.total })}
            </p>
            <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4" data-testid="event-list">
              {events.map((event) => (
                <li key={event.id} className="min-w-0">
                  <EventCard event={event} />
                </li>
              ))}
            </ul>
            {pages > 1 ? (
              <nav
                aria-label={t("home.pager-label")}
                className="mt-6 flex items-center justify-between gap-4"
                data-testid="event-pager"
              >
                {list.page > 0 ? (
                  <Button variant="outline" size="sm" asChild>
                    <Link to={hrefWith({ page: list.page - 1 === 0 ? null : String(list.page - 1) })} rel="prev">
                      <ChevronLeft aria-hidden />
                      {t("home.previous")}
                    </Link>
                  </Button>
                ) : (
                  <span />
                )}
                <p className="text-sm text-muted-foreground">{t("home.page", { page: list.page + 1, pages })}</p>
                {list.page + 1 < pages ? (
                  <Button variant="outline" size="sm" asChild>
                    <Link to={hrefWith({ page: String(list.page + 1) })} rel="next">
                      {t("home.next")}
                      <ChevronRight aria-hidden />
                    </Link>
                  </Button>
                ) : (
                  <span />
                )}
              </nav>
            ) : null}
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
        <h2 className="line-clamp-2 font-semibold wrap-anywhere group-hover:underline" data-testid="event-card-title">
          {event.title || t("untitled")}
        </h2>
        <EventWhenWhere event={event} />
        <div className="mt-auto flex items-center justify-between border-t pt-3 text-sm">
          <span className="flex items-center gap-1.5">
            <Users className="size-4 text-muted-foreground" aria-hidden />
            {t("home.participants", {
              count: event.participantCount,
              total: formatNumber(event.participantCount, i18n.language),
            })}
          </span>
          <span className="font-medium">
            {t("home.gross-sales", { amount: formatMoney(event.grossSales, i18n.language) })}
          </span>
        </div>
      </div>
    </Link>
  );
}
