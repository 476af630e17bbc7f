import { asc, eq, or, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { participants } from "#db/schema";
import type { Actor } from "../shared/actor";
import type { SigningEnv } from "../shared/signing-secret";
import { escapeLike } from "../shared/sql";
import { loadCheckInEvent } from "./check-in-event";
import {
  selectCheckInParticipants,
  toListedCheckInParticipant,
  type CheckInListParticipant,
} from "./check-in-participant";

/** Lower-case and accent-free, as participants.search_text is stored. */
function normalizeSearch(value: string): string {
  return value
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .trim();
}

/**
 * The scanner's manual search (GET /api/events/:id/check-ins/search?q=): participants whose name or email contains
 * the query, checked in
 * by participant id through the same call as a scanned QR code.
 */
export async function searchCheckInParticipants(
  db: Database,
  actor: Actor,
  env: SigningEnv,
  input: { eventId: number; query: string; limit?: number },
): Promise<CheckInListParticipant[]> {
  const event = await loadCheckInEvent(db, actor, input.eventId);
  const query = normalizeSearch(input.query);
  if (query.length < 2) return [];
  const pattern = `%${escapeLike(query)}%`;
  const id = /^\d{1,15}$/.test(query) ? Number(query) : null;
  const rows = await selectCheckInParticipants(
    db,
    event,
    or(sql`${participants.searchText} like ${pattern} escape '\\'`, id !== null ? eq(participants.id, id) : undefined),
  )
    .orderBy(asc(participants.lastName), asc(participants.firstName), asc(participants.id))
    .limit(Math.min(Math.max(1, input.limit ?? 20), 50));
  return Promise.all(rows.map((row) => toListedCheckInParticipant(env, row)));
}
