/** The columns the participants table sorts on in SQL (spec §3, §9): the table's config and the query share this list. */
export const participantSortIds = [
  "id",
  "name",
  "email",
  "ticket",
  "price",
  "order",
  "promo_code_key",
  "last_validation",
  "created_at",
  "event_date",
] as const;
export type ParticipantSortId = (typeof participantSortIds)[number];
