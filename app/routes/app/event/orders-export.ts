import { exportOrders } from "#domain/orders/export-orders";
import { notFound } from "#domain/shared/app-error";
import { csvStream } from "#domain/shared/csv";
import { parseId } from "#domain/shared/ids";
import { csvLanguage } from "#domain/shared/csv-headers";
import { getLocale } from "~/middleware/i18next";
import { serverContext } from "~/server/context";
import { getSignedIn } from "~/server/guards.server";
import { loaderError } from "~/server/route-errors.server";
import { ordersQuery } from "./orders.server";
import type { Route } from "./+types/orders-export";

/** GET /event/:event_id/orders/export.csv?<the table's query>[&ids=1,2] — the CSV of the current filters. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { actor } = getSignedIn(context);
  const { db } = context.get(serverContext);
  const url = new URL(request.url);
  const { search, statuses, answers } = ordersQuery(url);
  const ids = (url.searchParams.get("ids") ?? "")
    .split(",")
    .map((id) => parseId(id))
    .filter((id): id is number => id !== null)
    .slice(0, 1000);
  try {
    const eventId = parseId(params.event_id);
    if (eventId === null) throw notFound("events:errors.not-found");
    const csv = await exportOrders(db, actor, {
      eventId,
      language: csvLanguage(getLocale(context)),
      search,
      statuses,
      answers,
      ids,
    });
    return new Response(csvStream(csv.header, csv.nextPage), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="orders-${eventId}.csv"`,
        "Cache-Control": "no-store",
      },
    });
  } catch (error) {
    return loaderError(error);
  }
}
