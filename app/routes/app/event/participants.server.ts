import { paymentStatuses, type PaymentStatus } from "#domain/orders/order-status";
import { checkInStates, type CheckInState } from "#domain/participants/check-in-state";
import {
  participantSortIds,
  type ListParticipantsInput,
  type ParticipantSortId,
} from "#domain/participants/list-participants";
import { participantsTableConfig } from "~/lib/data-table-configs";
import { facetFilter, parseDataTableState, textFilter, type DataTableState } from "~/lib/data-table-url";

const isOne =
  <T extends string>(values: readonly T[]) =>
  (value: string): value is T =>
    (values as readonly string[]).includes(value);

/** The participants table's URL → the domain's query (search, filters, sort, page). */
export function participantsQuery(url: URL): { state: DataTableState } & Omit<
  ListParticipantsInput,
  "eventId" | "offset" | "limit"
> & {
    offset: number;
    limit: number;
  } {
  const state = parseDataTableState(url.searchParams, participantsTableConfig);
  const sort = state.sort[0];
  return {
    state,
    offset: state.page * state.pageSize,
    limit: state.pageSize,
    sort: sort && isOne(participantSortIds)(sort.id) ? { id: sort.id as ParticipantSortId, desc: sort.desc } : null,
    search: textFilter(state, "search"),
    ticketIds: facetFilter(state, "ticket").map(Number),
    orderStatuses: facetFilter(state, "order_status").filter(isOne<PaymentStatus>(paymentStatuses)),
    checkIn: facetFilter(state, "check_in").filter(isOne<CheckInState>(checkInStates)),
  };
}
