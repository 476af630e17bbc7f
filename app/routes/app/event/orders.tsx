import { Download } from "lucide-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useSearchParams } from "react-router";
import { paymentStatuses } from "#domain/orders/order-status";
import { listOrders, type OrderRow } from "#domain/orders/list-orders";
import { listEventDateChoices } from "#domain/events/event-date-filters";
import { dateFacet } from "~/components/event-date-facet";
import { notFound } from "#domain/shared/app-error";
import { parseId } from "#domain/shared/ids";
import { DataTable } from "~/components/data-table/data-table";
import { EventPageErrorBoundary } from "~/components/event/event-page-error";
import { Button } from "~/components/ui/button";
import { answerFacets, withAnswerColumns } from "~/lib/answer-columns";
import { ordersTableConfig } from "~/lib/data-table-configs";
import { parseDataTableState } from "~/lib/data-table-url";
import { answerColumnsOf } from "./participants-columns";
import { serverContext } from "~/server/context";
import { getSignedIn } from "~/server/guards.server";
import { loaderError } from "~/server/route-errors.server";
import { orderColumns } from "./orders-columns";
import { ordersQuery } from "./orders.server";
import type { Route } from "./+types/orders";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { actor } = getSignedIn(context);
  const { db } = context.get(serverContext);
  const { state, ...query } = ordersQuery(new URL(request.url));
  try {
    const eventId = parseId(params.event_id);
    if (eventId === null) throw notFound("events:errors.not-found");
    const [page, dates] = await Promise.all([
      listOrders(db, actor, { eventId, ...query }),
      // Shown only once listOrders has authorized the event: Promise.all rejects with its error.
      listEventDateChoices(db, { id: eventId, organizationId: actor.organizationId ?? 0 }),
    ]);
    return { eventId, state, dates, ...page };
  } catch (error) {
    return loaderError(error);
  }
}

export { EventPageErrorBoundary as ErrorBoundary };

function exportHref(eventId: number, search: string, ids?: number[]): string {
  const params = new URLSearchParams(search);
  if (ids?.length) params.set("ids", ids.join(","));
  return `/event/${eventId}/orders/export.csv?${params.toString()}`;
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { eventId, rows, total, timezone, canManage, answerColumns, dates } = loaderData;
  const { t, i18n } = useTranslation("orders");
  const { t: tParticipants } = useTranslation("participants");
  const location = useLocation();
  const [searchParams] = useSearchParams();
  // The questions change only when the forms do: the config keeps its identity across the table's own navigations.
  const questionsKey = JSON.stringify(answerColumns);
  const questions = useMemo(() => JSON.parse(questionsKey) as typeof answerColumns, [questionsKey]);
  const config = useMemo(() => withAnswerColumns(ordersTableConfig, questions), [questions]);
  const columns = useMemo(
    () => [
      ...orderColumns({ eventId, timezone, language: i18n.language, t, dates }),
      ...answerColumnsOf<OrderRow>(questions),
    ],
    [eventId, timezone, i18n.language, t, questions, dates],
  );
  return (
    <section className="flex min-w-0 flex-col gap-4" aria-labelledby="orders-title">
      <div>
        <h2 id="orders-title" className="text-xl font-semibold">
          {t("title")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("description")}</p>
      </div>
      <DataTable<OrderRow>
        label={t("title")}
        columns={columns}
        rows={rows}
        total={total}
        config={config}
        getRowId={(row) => String(row.id)}
        searchPlaceholder={t("search-placeholder")}
        facets={[
          ...dateFacet(dates, timezone, i18n.language, t("filters.date")),
          {
            id: "status",
            title: t("filters.status"),
            options: paymentStatuses.map((status) => ({ value: status, label: t(`status.${status}`) })),
          },
          ...answerFacets(questions, parseDataTableState(searchParams, config), tParticipants("answers.answered")),
        ]}
        rowHref={(row) => `/event/${eventId}/orders/${row.id}`}
        toolbarEnd={
          canManage ? (
            <Button variant="outline" size="sm" asChild>
              <a href={exportHref(eventId, location.search)} download data-testid="orders-export">
                <Download />
                {t("export")}
              </a>
            </Button>
          ) : null
        }
        bulkActions={
          canManage
            ? (selected) => (
                <Button variant="outline" size="sm" asChild>
                  <a
                    href={exportHref(
                      eventId,
                      location.search,
                      selected.map((row) => row.id),
                    )}
                    download
                  >
                    <Download />
                    {t("export")}
                  </a>
                </Button>
              )
            : undefined
        }
        emptyState={
          <div className="rounded-xl border border-dashed bg-background px-6 py-12 text-center">
            <p className="font-medium">{t("empty-title")}</p>
            <p className="mt-1 text-sm text-muted-foreground">{t("empty-hint")}</p>
          </div>
        }
      />
    </section>
  );
}
