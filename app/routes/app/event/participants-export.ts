import { exportParticipants } from "#domain/participants/export-participants";
import { csvStream } from "#domain/shared/csv";
import { notFound } from "#domain/shared/app-error";
import { parseId } from "#domain/shared/ids";
import { csvLanguage } from "#domain/shared/csv-headers";
import { getLocale } from "~/middleware/i18next";
import { serverContext } from "~/server/context";
import { getSignedIn } from "~/server/guards.server";
import { loaderError } from "~/server/route-errors.server";
import { participantsQuery } from "./participants.server";
import type { Route } from "./+types/participants-export";

/** GET /event/:event_id/participants/export.csv?<the table's query>[&ids=1,2] — the CSV of the current filters. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { actor } = getSignedIn(context);
  const { db } = context.get(serverContext);
  const url = new URL(request.url);
  const { search, ticketIds, orderStatuses, checkIn, answers } = participantsQuery(url);
  const ids = (url.searchParams.get("ids") ?? "")
    .split(",")
    .map((id) => parseId(id))
    .filter((id): id is number => id !== null)
    .slice(0, 1000);
  try {
    const eventId = parseId(params.event_id);
    if (eventId === null) throw notFound("events:errors.not-found");
    const csv = await exportParticipants(db, actor, {
      eventId,
      language: csvLanguage(getLocale(context)),
      search,
      ticketIds,
      orderStatuses,
      checkIn,
      answers,
      ids,
    });
    return new Response(csvStream(csv.header, csv.nextPage), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="participants-${eventId}.csv"`,
        "Cache-Control": "no-store",
      },
    });
  } catch (error) {
    return loaderError(error);
  }
}
