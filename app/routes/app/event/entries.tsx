import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { listEntries, parseTicketSearch, type EntryRow } from "#domain/entries/list-entries";
import { listEventDateChoices } from "#domain/events/event-date-filters";
import { dateFacet } from "~/components/event-date-facet";
import { requireId } from "#domain/shared/ids";
import { DataTable } from "~/components/data-table/data-table";
import { EventPageErrorBoundary } from "~/components/event/event-page-error";
import { entriesTableConfig, entryDirectionValues } from "~/lib/data-table-configs";
import { tableQuery } from "~/lib/data-table-url";
import { serverContext } from "~/server/context";
import { getSignedIn } from "~/server/guards.server";
import { loaderError } from "~/server/route-errors.server";
import { entryColumns } from "./entries-columns";
import type { Route } from "./+types/entries";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { actor } = getSignedIn(context);
  const { db } = context.get(serverContext);
  const { state, offset, limit, sort, text, facet, ids } = tableQuery(new URL(request.url), entriesTableConfig);
  const search = text("search");
  try {
    const eventId = requireId(params.event_id, "events:errors.not-found");
    const [page, dates] = await Promise.all([
      listEntries(db, actor, {
        eventId,
        offset,
        limit,
        sort: sort ?? { id: "id", desc: true },
        ticketId: search ? parseTicketSearch(search) : undefined,
        directions: facet("direction"),
        dateIds: ids("date"),
      }),
      // Shown only once listEntries has authorized the event: Promise.all rejects with its error.
      listEventDateChoices(db, { id: eventId, organizationId: actor.organizationId ?? 0 }),
    ]);
    return { eventId, state, dates, ...page };
  } catch (error) {
    return loaderError(error);
  }
}

export { EventPageErrorBoundary as ErrorBoundary };

export default function Entries({ loaderData }: Route.ComponentProps) {
  const { eventId, rows, total, timezone, dates } = loaderData;
  const { t, i18n } = useTranslation("entries");
  const columns = useMemo(
    () => entryColumns({ eventId, timezone, language: i18n.language, t, dates }),
    [eventId, timezone, i18n.language, t, dates],
  );
  return (
    <section className="flex min-w-0 flex-col gap-4" aria-labelledby="entries-title">
      <div>
        <h2 id="entries-title" className="text-xl font-semibold">
          {t("title")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("description")}</p>
      </div>
      <DataTable<EntryRow>
        label={t("title")}
        columns={columns}
        rows={rows}
        total={total}
        config={entriesTableConfig}
        getRowId={(row) => String(row.id)}
        searchPlaceholder={t("search-placeholder")}
        facets={[
          ...dateFacet(dates, timezone, i18n.language, t("filters.date")),
          {
            id: "direction",
            title: t("filters.direction"),
            options: entryDirectionValues.map((d) => ({ value: d, label: t(`direction.${d}`) })),
          },
        ]}
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
