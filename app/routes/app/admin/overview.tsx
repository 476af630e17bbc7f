import { Building2, CalendarDays, Euro, ShoppingCart, Users, UserRound } from "lucide-react";
import { useTranslation } from "react-i18next";
import { getAdminOverview } from "#domain/admin/get-admin-overview";
import { formatMoney, formatNumber } from "#domain/shared/format";
import { getInstance } from "~/middleware/i18next";
import { serverContext } from "~/server/context";
import { requirePlatformPermission } from "~/server/guards.server";
import { EventStatusBadge, StatCard } from "./admin-ui";
import type { Route } from "./+types/overview";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "Guichet" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { actor } = requirePlatformPermission(context, "admin:access");
  const overview = await getAdminOverview(context.get(serverContext).db, actor);
  return { title: getInstance(context).t("admin:meta-title"), overview };
}

export default function AdminOverview({ loaderData: { overview } }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("admin");
  const number = (value: number) => formatNumber(value, i18n.language);
  const money = (cents: number) => formatMoney(cents, i18n.language);
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <StatCard
          testId="stat-users"
          icon={UserRound}
          label={t("overview.users")}
          value={number(overview.users)}
          detail={t("overview.admins", { count: overview.admins })}
        />
        <StatCard
          testId="stat-organizations"
          icon={Building2}
          label={t("overview.organizations")}
          value={number(overview.organizations)}
        />
        <StatCard
          testId="stat-events"
          icon={CalendarDays}
          label={t("overview.events")}
          value={number(overview.events.total)}
          detail={
            <ul className="flex flex-wrap gap-2" aria-label={t("overview.events-by-status")}>
              {(["published", "draft", "past", "archived"] as const).map((status) => (
                <li key={status} className="flex items-center gap-1.5">
                  <EventStatusBadge status={status} />
                  <span className="tabular-nums">{number(overview.events[status])}</span>
                </li>
              ))}
            </ul>
          }
        />
        <StatCard
          testId="stat-orders"
          icon={ShoppingCart}
          label={t("overview.orders")}
          value={number(overview.orders.total)}
          detail={t("overview.orders-breakdown", {
            paid: number(overview.orders.paid),
            manual: number(overview.orders.manual),
            pending: number(overview.orders.pending),
            other: number(overview.orders.other),
          })}
        />
        <StatCard
          testId="stat-participants"
          icon={Users}
          label={t("overview.participants")}
          value={number(overview.participants)}
          detail={t("overview.participants-help")}
        />
        <StatCard
          testId="stat-gross-sales"
          icon={Euro}
          label={t("overview.gross-sales")}
          value={money(overview.grossSales)}
          detail={
            <>
              <span>{t("overview.gross-sales-help")}</span>{" "}
              <span className="whitespace-nowrap">{t("overview.fees", { amount: money(overview.fees) })}</span>
              {" · "}
              <span className="whitespace-nowrap">{t("overview.net", { amount: money(overview.netSales) })}</span>
            </>
          }
        />
      </div>
    </div>
  );
}
