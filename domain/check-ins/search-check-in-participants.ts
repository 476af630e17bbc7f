import { and, asc, eq, or, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { participants } from "#db/schema";
import { tokenCandidatesSql } from "../participants/list-participants";
import { searchTokenKeys, wordStartSql } from "../participants/search-tokens";
import { searchWords } from "../participants/word-start";
import type { Actor } from "../shared/actor";
import type { SigningEnv } from "../shared/signing-secret";
import { checkInEventOf, checkInEventReads, loadCheckInEvent } from "./check-in-event";
import {
  selectCheckInParticipants,
  toListedCheckInParticipant,
  type CheckInListParticipant,
} from "./check-in-participant";

/**
 * At most this many token entries are read for a search: a word with more is so common at this event that its rows
 * are read in name order instead (that read stops at the page, the matches being dense).
 */
export const CHECK_IN_SEARCH_CANDIDATES = 2_000;

/**
 * The scanner's manual search (GET /api/events/:id/check-ins/search?q=): the participants each of whose typed words
 * starts a word of their name or email, as the participants page searches (decision 0074), or whose participant
 * number is typed (a single digit too); by name, checked in by participant id through the same call as a scanned QR
 * code. Read from the search tokens of the rarest-looking typed word (decision 0077): constant at any size of the
 * event.
 */
export async function searchCheckInParticipants(
  db: Database,
  actor: Actor,
  env: SigningEnv,
  input: { eventId: number; query: string; limit?: number },
): Promise<CheckInListParticipant[]> {
  const words = searchWords(input.query);
  const id = words.length === 1 && /^\d{1,15}$/.test(words[0]!) ? Number(words[0]) : null;
  if (words.join(" ").length < 2 && id === null) {
    await loadCheckInEvent(db, actor, input.eventId);
    return [];
  }
  const reads = checkInEventReads(db, actor, input.eventId);
  // Read with the event, in its organization: for an event the actor may not scan, checkInEventOf refuses and the
  // rows read are dropped.
  const event = { id: input.eventId, organizationId: actor.organizationId! };
  const limit = Math.min(Math.max(1, input.limit ?? 20), 50);
  const inText = and(...words.map((word) => wordStartSql(participants.searchText, word)))!;
  const matches = id === null ? inText : or(inText, eq(participants.id, id))!;
  const byName = [asc(participants.lastName), asc(participants.firstName), asc(participants.id)] as const;
  const sortedAfterwards = [
    asc(sql`+${participants.lastName}`),
    asc(participants.firstName),
    asc(participants.id),
  ] as const;
  const inNameOrder = () =>
    selectCheckInParticipants(db, event, matches)
      .orderBy(...byName)
      .limit(limit);
  const [key] = searchTokenKeys(words);
  if (!key) {
    // No word long enough to have tokens: the event's rows in name order.
    const [eventRows, accessRows, rows] = await db.batch([...reads, inNameOrder()]);
    checkInEventOf(actor, eventRows, accessRows);
    return Promise.all(rows.map((row) => toListedCheckInParticipant(env, row)));
  }
  const candidates = tokenCandidatesSql(event.id, key, CHECK_IN_SEARCH_CANDIDATES);
  // The rows to check, as one list the query is driven by (an OR beside it would make SQLite read every row).
  const driving = id === null ? candidates : sql`select * from (${candidates}) union all select ${id}`;
  const [eventRows, accessRows, found, [probe]] = await db.batch([
    ...reads,
    selectCheckInParticipants(db, event, matches, sql`${participants.id} in (${driving})`)
      // Sorted after the candidates are read: ordered as the (event, last name) index is, SQLite would walk the
      // event's rows in that index and look each one up in the list.
      .orderBy(...sortedAfterwards)
      .limit(limit),
    db
      .select({ entries: sql<number>`(select count(*) from (${candidates}))`.mapWith(Number) })
      .from(sql`(select 1) as one`),
  ]);
  checkInEventOf(actor, eventRows, accessRows);
  // A word found everywhere at this event: its first entries are not all its rows, read them in name order.
  const rows = (probe?.entries ?? 0) < CHECK_IN_SEARCH_CANDIDATES ? found : await inNameOrder();
  return Promise.all(rows.map((row) => toListedCheckInParticipant(env, row)));
}
