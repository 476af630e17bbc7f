import { PLATFORM_TIME_ZONE } from "#domain/events/event-time-zone";
import {
  ArrowLeft,
  Building2,
  CalendarDays,
  Euro,
  ScanLine,
  ShoppingCart,
  Tag,
  Ticket,
  Users,
  UsersRound,
} from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import { getAdminEvent } from "#domain/admin/get-admin-event";
import { parseId } from "#domain/shared/ids";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatDate, formatDateTime, formatMoney, formatNumber } from "#domain/shared/format";
import { getInstance } from "~/middleware/i18next";
import { serverContext } from "~/server/context";
import { requirePlatformPermission } from "~/server/guards.server";
import { loaderError } from "~/server/route-errors.server";
import { EventStatusBadge, StatCard } from "./admin-ui";
import type { Route } from "./+types/event";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "Guichet" }];
}

/** /admin/organizations/:id/:event_id: 404 unless the event belongs to that organization. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { actor } = requirePlatformPermission(context, "admin:access");
  const organizationId = parseId(params.id);
  const eventId = parseId(params.event_id);
  if (organizationId === null || eventId === null) throw data(null, { status: 404 });
  try {
    const detail = await getAdminEvent(context.get(serverContext).db, actor, { organizationId, eventId });
    const i18n = getInstance(context);
    return {
      title: i18n.t("admin:event.meta-title", { title: detail.event.title || i18n.t("admin:events.untitled") }),
      ...detail,
    };
  } catch (error) {
    loaderError(error);
  }
}

export default function AdminEvent({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("admin");
  const { t: tOrganizations } = useTranslation("organizations");
  const { t: tEvents } = useTranslation("events");
  const { event, organization, figures } = loaderData;
  const number = (value: number) => formatNumber(value, i18n.language);
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const dateTime = (date: Date) => formatDateTime(date, i18n.language, event.timezone);

  return (
    <div className="space-y-6">
      <Link
        to="/admin/events"
        className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden />
        {t("event.back")}
      </Link>
      <div className="space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-xl font-semibold md:text-2xl">{event.title || t("events.untitled")}</h2>
          <EventStatusBadge status={event.status} />
          <Badge variant="outline">{tEvents(`visibility.${event.visibility}`)}</Badge>
        </div>
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <CalendarDays className="size-4 shrink-0" aria-hidden />
          {event.startAt && event.endAt
            ? t("event.from-to", { start: dateTime(event.startAt), end: dateTime(event.endAt) })
            : event.startAt
              ? dateTime(event.startAt)
              : t("event.no-date")}
        </p>
        <p className="text-xs text-muted-foreground">
          {t("event.created", { date: formatDate(event.createdAt, i18n.language, event.timezone) })}
          {event.publishedAt
            ? ` · ${t("event.published", { date: formatDate(event.publishedAt, i18n.language, event.timezone) })}`
            : null}
        </p>
      </div>

      <section aria-labelledby="admin-event-figures" className="space-y-3">
        <h3 id="admin-event-figures" className="text-base font-semibold">
          {t("event.figures")}
        </h3>
        <div className="grid grid-cols-2 gap-3 md:gap-4 xl:grid-cols-4">
          <StatCard
            testId="figure-gross-sales"
            icon={Euro}
            label={t("event.gross-sales")}
            value={money(figures.grossSales)}
            detail={t("event.fees-and-net", { fees: money(figures.fees), net: money(figures.netSales) })}
          />
          <StatCard
            testId="figure-participants"
            icon={Users}
            label={t("event.participants")}
            value={number(figures.participants)}
            detail={t("event.capacity-value", {
              value: event.eventCapacity === -1 ? t("event.unlimited") : number(event.eventCapacity),
            })}
          />
          <StatCard
            testId="figure-checked-in"
            icon={ScanLine}
            label={t("event.checked-in")}
            value={number(figures.checkedIn)}
            detail={t("event.checked-in-of", {
              checkedIn: number(figures.checkedIn),
              participants: number(figures.participants),
            })}
          />
          <StatCard
            testId="figure-orders"
            icon={ShoppingCart}
            label={t("event.orders")}
            value={number(figures.orders.total)}
            detail={t("overview.orders-breakdown", {
              paid: number(figures.orders.paid),
              manual: number(figures.orders.manual),
              pending: number(figures.orders.pending),
              other: number(figures.orders.other),
            })}
          />
          <StatCard
            icon={Ticket}
            label={t("event.tickets")}
            value={number(figures.tickets)}
            detail={t("event.addons-value", { value: number(figures.addons) })}
          />
          <StatCard icon={Tag} label={t("event.promo-codes")} value={number(figures.promoCodes)} />
          <StatCard icon={UsersRound} label={t("event.team")} value={number(figures.teamMembers)} />
        </div>
      </section>

      <Card data-testid="admin-event-organization">
        <CardHeader>
          <CardDescription className="flex items-center gap-2">
            <Building2 className="size-4" aria-hidden />
            {t("event.organization")}
          </CardDescription>
          <CardTitle className="text-lg">{organization.title}</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-3 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-muted-foreground">{t("event.members")}</dt>
              <dd className="font-medium tabular-nums">{number(organization.membersCount)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t("event.payment-account")}</dt>
              <dd className="font-medium">{tOrganizations(`finance.account.${organization.paymentAccount}`)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t("event.organization-created")}</dt>
              <dd className="font-medium">{formatDate(organization.createdAt, i18n.language, PLATFORM_TIME_ZONE)}</dd>
            </div>
          </dl>
          <Link
            to={`/admin/events?organization=${organization.id}`}
            className="mt-4 inline-block text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            {t("organizations.see-events")}
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
