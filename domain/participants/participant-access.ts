import { and, eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { participants } from "#db/schema";
import type { EventAction } from "../policy";
import { loadEventForActor, type EventWithRoles } from "../events/event-access";
import type { Actor } from "../shared/actor";
import { notFound } from "../shared/app-error";

export type ParticipantRecord = typeof participants.$inferSelect;

/**
 * Finds a participant by its own id inside the actor's organization and checks `action` on its event. The event id a
 * caller names is not trusted (spec §7: the client always sends event 1); when `eventId` is given it must match.
 * Another organization's participant, or a missing one, answers 404.
 */
export async function loadParticipantForActor(
  db: Database,
  actor: Actor,
  participantId: number,
  action: EventAction,
  eventId?: number,
): Promise<{ participant: ParticipantRecord } & EventWithRoles> {
  if (actor.organizationId === null || !Number.isSafeInteger(participantId) || participantId <= 0) {
    throw notFound("participants:errors.not-found");
  }
  const [participant] = await db
    .select()
    .from(participants)
    .where(and(eq(participants.id, participantId), eq(participants.organizationId, actor.organizationId)))
    .limit(1);
  if (!participant || (eventId !== undefined && participant.eventId !== eventId)) {
    throw notFound("participants:errors.not-found");
  }
  const access = await loadEventForActor(db, actor, participant.eventId, action);
  return { participant, ...access };
}

/**
 * The organization a participant belongs to, for an API call that names only the participant (the acting user's
 * membership there is checked next). Null when there is no such participant.
 */
export async function organizationOfParticipant(db: Database, participantId: number): Promise<number | null> {
  const [row] = await db
    .select({ organizationId: participants.organizationId })
    .from(participants)
    .where(eq(participants.id, participantId))
    .limit(1);
  return row?.organizationId ?? null;
}
