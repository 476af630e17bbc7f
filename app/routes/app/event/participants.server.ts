import type { ListParticipantsInput } from "#domain/participants/list-participants";
import { answerFiltersOfUrl } from "~/lib/answer-columns";
import { participantsTableConfig } from "~/lib/data-table-configs";
import { tableQuery, type DataTableState } from "~/lib/data-table-url";

/** The participants table's URL → the domain's query (search, filters, sort, page). */
export function participantsQuery(url: URL): { state: DataTableState } & Omit<
  ListParticipantsInput,
  "eventId" | "offset" | "limit"
> & {
    offset: number;
    limit: number;
  } {
  const query = tableQuery(url, participantsTableConfig);
  return {
    state: query.state,
    offset: query.offset,
    limit: query.limit,
    sort: query.sort,
    search: query.text("search"),
    ticketIds: query.ids("ticket"),
    dateIds: query.ids("date"),
    orderStatuses: query.facet("order_status"),
    checkIn: query.facet("check_in"),
    answers: answerFiltersOfUrl(url),
  };
}
