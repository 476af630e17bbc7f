import {
  BellRing,
  CircleAlert,
  CircleCheck,
  Euro,
  Eye,
  Hourglass,
  ListChecks,
  Pencil,
  Rocket,
  ScanLine,
  ShoppingCart,
  Users,
  Wallet,
  type LucideIcon,
} from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, type ShouldRevalidateFunctionArgs } from "react-router";
import { getEventDashboard, type DashboardActionKind } from "#domain/events/get-event-dashboard";
import { listEventDateChoices } from "#domain/events/event-date-filters";
import { DashboardDateSelect } from "~/components/event/dashboard-date-select";
import { notFound } from "#domain/shared/app-error";
import { parseId } from "#domain/shared/ids";
import { CopyLinkButton, previewHref } from "~/components/event/event-header-card";
import { EventPageErrorBoundary } from "~/components/event/event-page-error";
import { ParticipantsChart } from "~/components/event/participants-chart";
import { onlyEventAreaFlagsDropped, useEventAreaData, useEventAreaOutlet } from "~/components/event/use-event-area";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { eventNavigation, eventPath, flattenEventNavigation } from "~/lib/event-navigation";
import { formatDateTime, formatMoney, formatNumber } from "#domain/shared/format";
import { pageExists } from "~/lib/navigation";
import { serverContext } from "~/server/context";
import { getSignedIn } from "~/server/guards.server";
import { loaderError } from "~/server/route-errors.server";
import { readWaitingListSummary } from "#domain/waiting-list/list-waiting-list-entries";
import { getKnownEvent } from "~/server/session.server";
import type { Route } from "./+types/dashboard";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { actor } = getSignedIn(context);
  const { db } = context.get(serverContext);
  try {
    const eventId = parseId(params.event_id);
    if (eventId === null) throw notFound("events:errors.not-found");
    // Issue 30 §4: a multi-date event's figures for one date (`?date=`), or for all of them.
    const dateId = parseId(new URL(request.url).searchParams.get("date"));
    const dashboard = await getEventDashboard(db, actor, { eventId, known: getKnownEvent(context, eventId), dateId });
    // Issue 28 §3: the waiting list's length, read once the dashboard has checked the actor may see the sales (so the
    // event is of the actor's organization).
    const [waitingList, dates] = await Promise.all([
      readWaitingListSummary(db, { id: eventId, organizationId: actor.organizationId! }),
      listEventDateChoices(db, { id: eventId, organizationId: actor.organizationId! }),
    ]);
    return { ...dashboard, waitingList, dates, dateId };
  } catch (error) {
    // A 404 leaves the event layout's no-access screen in place (EventPageErrorBoundary).
    return loaderError(error);
  }
}

export { EventPageErrorBoundary as ErrorBoundary };

export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return onlyEventAreaFlagsDropped(args) ? false : args.defaultShouldRevalidate;
}

function Stat({
  label,
  value,
  hint,
  icon: Icon,
  testId,
}: {
  label: string;
  value: string;
  hint?: string;
  icon: LucideIcon;
  testId: string;
}) {
  return (
    <Card className="gap-2 py-4" data-testid={testId}>
      <CardHeader className="flex flex-row items-center justify-between gap-2 px-4">
        <CardDescription className="font-medium">{label}</CardDescription>
        <Icon className="size-4 text-muted-foreground" aria-hidden />
      </CardHeader>
      <CardContent className="px-4">
        <p
          className="text-xl font-semibold tracking-tight break-words tabular-nums sm:text-2xl xl:text-xl 2xl:text-2xl"
          data-testid={`${testId}-value`}
        >
          {value}
        </p>
        {hint ? <p className="mt-1 text-xs text-muted-foreground">{hint}</p> : null}
      </CardContent>
    </Card>
  );
}

export default function EventDashboard({ loaderData: dashboard }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("event-area");
  const area = useEventAreaData();
  const { openPublishDialog } = useEventAreaOutlet();
  if (!area) return null;
  const { event, permissions, canLinkPaymentAccount } = area;
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const number = (value: number) => formatNumber(value, i18n.language);
  const preview = previewHref(event);
  const ticketsAvailable = flattenEventNavigation(eventNavigation).some(
    (link) => link.id === "tickets" && link.available,
  );

  const actionButton = (kind: DashboardActionKind): React.ReactNode => {
    switch (kind) {
      case "no-tickets":
        return ticketsAvailable ? (
          <Button size="sm" variant="outline" asChild>
            <Link to={eventPath(event.id, "tickets")}>{t("dashboard.action-buttons.tickets")}</Link>
          </Button>
        ) : null;
      case "unpublished":
        return event.status === "draft" && permissions.publish ? (
          <Button size="sm" variant="outline" onClick={openPublishDialog}>
            {t("dashboard.action-buttons.publish")}
          </Button>
        ) : null;
      case "payment-account-missing":
        return canLinkPaymentAccount && pageExists("/finance") ? (
          <Button size="sm" variant="outline" asChild>
            <Link to="/finance">{t("dashboard.action-buttons.finance")}</Link>
          </Button>
        ) : null;
      case "no-description":
      case "no-banner":
      case "no-start-date":
        return permissions.update ? (
          <Button size="sm" variant="outline" asChild>
            <Link to={`/event/update/${event.id}`}>{t("dashboard.action-buttons.edit")}</Link>
          </Button>
        ) : null;
    }
  };

  const fees = dashboard.grossSales - dashboard.netSales;
  return (
    <div className="grid gap-6" data-testid="event-dashboard">
      <h2 className="sr-only">{t("dashboard.title")}</h2>
      {dashboard.dates.length > 0 && (
        <DashboardDateSelect dates={dashboard.dates} dateId={dashboard.dateId} timezone={dashboard.timezone} />
      )}
      <div className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-5">
        <Stat
          testId="stat-participants"
          icon={Users}
          label={t("dashboard.participants")}
          value={number(dashboard.participantsCount)}
          hint={
            dashboard.capacity !== null
              ? t("dashboard.participants-capacity", {
                  sold: number(dashboard.ticketsSold),
                  capacity: number(dashboard.capacity),
                })
              : t("dashboard.participants-sold", { count: dashboard.ticketsSold, total: number(dashboard.ticketsSold) })
          }
        />
        <Stat testId="stat-gross" icon={Euro} label={t("dashboard.gross-sales")} value={money(dashboard.grossSales)} />
        <Stat
          testId="stat-net"
          icon={Wallet}
          label={t("dashboard.net-sales")}
          value={money(dashboard.netSales)}
          hint={t("dashboard.net-hint", { fees: money(fees) })}
        />
        <Stat
          testId="stat-orders"
          icon={ShoppingCart}
          label={t("dashboard.orders")}
          value={number(dashboard.ordersCount)}
        />
        <Stat
          testId="stat-checkins"
          icon={ScanLine}
          label={t("dashboard.checkins")}
          value={number(dashboard.checkInsCount)}
          hint={t("dashboard.checkins-hint", {
            count: dashboard.participantsCount,
            total: number(dashboard.participantsCount),
          })}
        />
      </div>

      <div className="grid grid-cols-1 gap-6 xl:grid-cols-3">
        <Card className="min-w-0 xl:col-span-2">
          <CardHeader>
            <CardTitle>{t("dashboard.chart-title")}</CardTitle>
            <CardDescription>
              {t("dashboard.chart-subtitle", { count: dashboard.participantsPerDay.length })}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <ParticipantsChart days={dashboard.participantsPerDay} />
          </CardContent>
        </Card>

        {/* One column no wider than its track: the cards shrink with it and their content wraps inside them. */}
        <div className="grid min-w-0 grid-cols-1 content-start gap-6">
          <Card className="gap-4">
            <CardHeader>
              <CardTitle>{t("dashboard.quick-actions")}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-2 sm:grid-cols-2 xl:grid-cols-1">
              {permissions.update ? (
                <Button variant="outline" className="justify-start" asChild>
                  <Link to={`/event/update/${event.id}`}>
                    <Pencil aria-hidden />
                    {t("header.edit")}
                  </Link>
                </Button>
              ) : null}
              {preview ? (
                <Button variant="outline" className="justify-start" asChild>
                  <a href={preview} target="_blank" rel="noopener noreferrer">
                    <Eye aria-hidden />
                    {t("header.preview")}
                  </a>
                </Button>
              ) : (
                <Button variant="outline" className="justify-start" disabled title={t("header.preview-unavailable")}>
                  <Eye aria-hidden />
                  {t("header.preview")}
                </Button>
              )}
              <CopyLinkButton event={event} className="justify-start" testId="quick-copy-link" />
              <Button variant="outline" className="justify-start" asChild>
                <Link to={`${eventPath(event.id)}/answers`} data-testid="quick-answers">
                  <ListChecks aria-hidden />
                  {t("dashboard.answers")}
                </Link>
              </Button>
              {event.status === "draft" && permissions.publish ? (
                <Button className="justify-start" onClick={openPublishDialog} data-testid="quick-publish">
                  <Rocket aria-hidden />
                  {t("header.publish")}
                </Button>
              ) : null}
            </CardContent>
          </Card>

          {dashboard.waitingList.enabled ? (
            <WaitingListCard eventId={event.id} open={dashboard.waitingList.open} />
          ) : null}

          {dashboard.reminders ? (
            <RemindersCard eventId={event.id} {...dashboard.reminders} timezone={dashboard.timezone} />
          ) : null}

          <Card className="gap-4" data-testid="dashboard-actions">
            <CardHeader>
              <CardTitle>{t("dashboard.actions-title")}</CardTitle>
            </CardHeader>
            <CardContent>
              {dashboard.actions.length === 0 ? (
                <p className="flex items-center gap-2 text-sm text-muted-foreground">
                  <CircleCheck className="size-4 text-success" aria-hidden />
                  {t("dashboard.actions-done")}
                </p>
              ) : (
                <ul className="grid gap-3">
                  {dashboard.actions.map((kind: DashboardActionKind) => (
                    <li key={kind} className="flex items-start gap-3 text-sm" data-action={kind}>
                      <CircleAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
                      {/* The button goes under its sentence when both do not fit on one line (the narrow column). */}
                      <div className="flex min-w-0 flex-1 flex-wrap items-start justify-between gap-x-3 gap-y-2">
                        <span className="min-w-0 flex-[1_1_14rem]">{t(`dashboard.actions.${kind}`)}</span>
                        {actionButton(kind)}
                      </div>
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
        </div>
      </div>
    </div>
  );
}

/** Issue 27 §2: when the next reminder goes out, in the event's time zone, and the way to the reminders page. */
function RemindersCard({
  eventId,
  nextSendAt,
  timezone,
}: {
  eventId: number;
  nextSendAt: Date | null;
  timezone: string;
}) {
  const { t, i18n } = useTranslation("reminders");
  return (
    <Card className="gap-3" data-testid="dashboard-reminders">
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle>{t("dashboard.title")}</CardTitle>
        <BellRing className="size-4 text-muted-foreground" aria-hidden />
      </CardHeader>
      <CardContent className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <p className="text-sm" data-testid="dashboard-reminders-next">
          {nextSendAt
            ? t("dashboard.next", { date: formatDateTime(nextSendAt, i18n.language, timezone) })
            : t("dashboard.none")}
        </p>
        <Button size="sm" variant="outline" asChild>
          <Link to={`${eventPath(eventId)}/reminders`}>{t("dashboard.manage")}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** Issue 28 §3: how many people wait for a sold-out ticket, shown once any ticket has its list on. */
function WaitingListCard({ eventId, open }: { eventId: number; open: number }) {
  const { t } = useTranslation("waiting-list");
  return (
    <Card className="gap-4" data-testid="dashboard-waiting-list">
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle>{t("dashboard.title")}</CardTitle>
        <Hourglass className="size-4 text-muted-foreground" aria-hidden />
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-xl font-semibold tabular-nums" data-testid="dashboard-waiting-list-count">
          {t("dashboard.count", { count: open })}
        </p>
        <Button variant="outline" size="sm" className="justify-self-start" asChild>
          <Link to={eventPath(eventId, "waiting-list")}>{t("dashboard.link")}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
