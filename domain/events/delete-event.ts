import { and, eq, gt, inArray } from "drizzle-orm";
import type { Database } from "#db/database";
import {
  auditLogs,
  entries,
  eventAccesses,
  events,
  formAnswers,
  images,
  orders,
  participants,
  participationForms,
  promoCodes,
  tickets,
} from "#db/schema";
import type { ImageStore } from "../images/image-store";
import { deleteUnreferenced } from "../images/store-event-banner";
import type { Actor } from "../shared/actor";
import { AppError } from "../shared/app-error";
import { inEventScope, loadEventForActor } from "./event-access";
import { DELETE_CONFIRMATION_WORD } from "./event-input-schema";

/** Orders that moved money through the platform: their records must outlive any deletion. */
export const MONEY_ORDER_STATUSES = ["paid", "refunded"] as const;

export type DeletedEvent = {
  id: number;
  /** Banner key prefix that was in use, so the caller can remove its files from storage. */
  mainPicture: string;
};

/**
 * Deletes an event for good (spec §4/§5): the word DELETE must be typed exactly (validation
 * `events:errors.delete-confirmation`). An event with paid or refunded orders of a positive amount is refused
 * (conflict `events:errors.has-paid-orders`): archive it instead (docs/decisions/events-domain.md).
 * Needs event:delete (organization owners, admins and event managers).
 */
export async function deleteEvent(
  db: Database,
  actor: Actor,
  input: { eventId: number; confirmation: string },
  deps: { images?: ImageStore } = {},
): Promise<DeletedEvent> {
  const { event } = await loadEventForActor(db, actor, input.eventId, "event:delete");
  if (input.confirmation !== DELETE_CONFIRMATION_WORD) {
    throw new AppError("validation", "events:errors.delete-confirmation", {
      fields: { confirmation: "events:errors.delete-confirmation" },
    });
  }
  const inEvent = (table: Parameters<typeof inEventScope>[0]) => inEventScope(table, event);

  const [paid] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(inEvent(orders), inArray(orders.status, [...MONEY_ORDER_STATUSES]), gt(orders.amount, 0)))
    .limit(1);
  if (paid) throw new AppError("conflict", "events:errors.has-paid-orders");

  const imageVersions = await db
    .select({ keyPrefix: images.keyPrefix, sizes: images.sizes })
    .from(images)
    .where(and(eq(images.organizationId, event.organizationId), eq(images.ownerType, "event"), eq(images.ownerId, event.id)));

  // Children first and explicitly: participants restrict the deletion of their ticket, so cascades alone would fail.
  await db.batch([
    db.delete(entries).where(inEvent(entries)),
    db.delete(formAnswers).where(inEvent(formAnswers)),
    db.delete(participants).where(inEvent(participants)),
    db.delete(orders).where(inEvent(orders)),
    db.delete(promoCodes).where(inEvent(promoCodes)),
    db.delete(tickets).where(inEvent(tickets)),
    db.delete(participationForms).where(inEvent(participationForms)),
    db.delete(eventAccesses).where(inEvent(eventAccesses)),
    db
      .delete(images)
      .where(and(eq(images.organizationId, event.organizationId), eq(images.ownerType, "event"), eq(images.ownerId, event.id))),
    db.delete(events).where(and(eq(events.id, event.id), eq(events.organizationId, event.organizationId))),
    db.insert(auditLogs).values({
      organizationId: event.organizationId,
      userId: actor.userId,
      action: "event.deleted",
      targetType: "event",
      targetId: String(event.id),
      data: JSON.stringify({ title: event.title }),
    }),
  ]);
  // Banner files go once no other event (a duplicate) still shows them.
  if (deps.images) await deleteUnreferenced(db, deps.images, imageVersions);
  return { id: event.id, mainPicture: event.mainPicture };
}
