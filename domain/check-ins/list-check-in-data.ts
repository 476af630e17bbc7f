import { asc, gt, or } from "drizzle-orm";
import type { Database } from "#db/database";
import { orders, participants } from "#db/schema";
import type { Actor } from "../shared/actor";
import type { SigningEnv } from "../shared/signing-secret";
import { loadCheckInEvent } from "./check-in-event";
import {
  selectCheckInParticipants,
  toListedCheckInParticipant,
  type CheckInListParticipant,
} from "./check-in-participant";

export type CheckInList = {
  event: { id: number; title: string };
  /** Pass it back as `since` to get only what changed after this answer. */
  server_time: number;
  participants: CheckInListParticipant[];
  /** More participants follow: ask again with `after` = this id (and the same `since`). */
  next_after: number | null;
};

const CHECK_IN_LIST_DEFAULT_LIMIT = 1000;
const CHECK_IN_LIST_MAX_LIMIT = 5000;

/**
 * GET /api/events/:id/check-ins/list: what a scanner keeps to validate offline, paged by participant id. With `since`,
 * only participants (or their orders) changed after that time: a check-in, an edit, a cancellation or a refund.
 */
export async function listCheckInData(
  db: Database,
  actor: Actor,
  env: SigningEnv,
  input: { eventId: number; since?: number; after?: number; limit?: number; now?: number },
): Promise<CheckInList> {
  const event = await loadCheckInEvent(db, actor, input.eventId);
  const serverTime = input.now ?? Date.now();
  const limit = Math.min(Math.max(1, input.limit ?? CHECK_IN_LIST_DEFAULT_LIMIT), CHECK_IN_LIST_MAX_LIMIT);
  const since = input.since !== undefined ? new Date(input.since) : undefined;
  const rows = await selectCheckInParticipants(
    db,
    event,
    input.after !== undefined ? gt(participants.id, input.after) : undefined,
    since ? or(gt(participants.updatedAt, since), gt(orders.updatedAt, since)) : undefined,
  )
    .orderBy(asc(participants.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const list = await Promise.all(page.map((row) => toListedCheckInParticipant(env, row)));
  return {
    event: { id: event.id, title: event.title },
    server_time: serverTime,
    participants: list,
    next_after: rows.length > limit ? page[page.length - 1]!.id : null,
  };
}
