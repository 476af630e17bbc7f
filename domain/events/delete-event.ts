import { and, eq, sql } from "drizzle-orm";
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
import { removeGuestWithoutAccessStatement } from "../event-team/set-event-access-roles";
import { inEventScope, loadEventForActor } from "./event-access";
import { DELETE_CONFIRMATION_WORD } from "./event-input-schema";
import { MONEY_ORDER_STATUSES } from "../orders/order-status";

export type DeletedEvent = {
  id: number;
  /** Banner key prefix that was in use, so the caller can remove its files from storage. */
  mainPicture: string;
};

/**
 * Deletes an event for good (spec §4/§5): the word DELETE must be typed exactly (validation
 * `events:errors.delete-confirmation`). An event with paid or refunded orders of a positive amount is refused
 * (conflict `events:errors.has-paid-orders`): archive it instead (docs/decisions/0011-events-domain.md).
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
  // The money rule lives inside the write: every statement of the batch deletes only while the event has no paid or
  // refunded order of a positive amount, so an order paid between the load and the batch stops the whole deletion
  // instead of being deleted with it.
  const noMoneyMoved = sql`not exists (select 1 from "orders" where "orders"."event_id" = ${event.id}
    and "orders"."organization_id" = ${event.organizationId} and "orders"."status" in ${[...MONEY_ORDER_STATUSES]}
    and "orders"."amount" > 0)`;
  const guarded = (table: Parameters<typeof inEventScope>[0]) => and(inEventScope(table, event), noMoneyMoved);
  const eventRow = and(eq(events.id, event.id), eq(events.organizationId, event.organizationId));
  const eventImages = and(
    eq(images.organizationId, event.organizationId),
    eq(images.ownerType, "event"),
    eq(images.ownerId, event.id),
  );

  const imageVersions = await db
    .select({ keyPrefix: images.keyPrefix, sizes: images.sizes })
    .from(images)
    .where(eventImages);

  // The people with an access to it: a guest among them whose last access this was leaves the organization too.
  const team = await db
    .select({ userId: eventAccesses.userId })
    .from(eventAccesses)
    .where(inEventScope(eventAccesses, event));

  // Children first and explicitly: participants restrict the deletion of their ticket, so cascades alone would fail.
  await db.batch([
    // The audit row is written only if this very batch is about to delete the event (it still exists, no money moved).
    db.insert(auditLogs).select(
      sql`select null, ${event.organizationId}, ${actor.userId}, 'event.deleted', 'event', ${String(event.id)},
        ${JSON.stringify({ title: event.title })}, cast(unixepoch('subsecond') * 1000 as integer)
        where exists (select 1 from "events" where "events"."id" = ${event.id} and "events"."organization_id" = ${event.organizationId})
        and ${noMoneyMoved}`,
    ),
    db.delete(entries).where(guarded(entries)),
    db.delete(formAnswers).where(guarded(formAnswers)),
    db.delete(participants).where(guarded(participants)),
    db.delete(orders).where(guarded(orders)),
    db.delete(promoCodes).where(guarded(promoCodes)),
    db.delete(tickets).where(guarded(tickets)),
    db.delete(participationForms).where(guarded(participationForms)),
    db.delete(eventAccesses).where(guarded(eventAccesses)),
    ...team.map(({ userId }) => removeGuestWithoutAccessStatement(db, event.organizationId, userId)),
    db.delete(images).where(and(eventImages, noMoneyMoved)),
    db.delete(events).where(and(eventRow, noMoneyMoved)),
  ]);
  // The guard held everything back: the event is still there because money moved meanwhile.
  const [remaining] = await db.select({ id: events.id }).from(events).where(eventRow).limit(1);
  if (remaining) throw new AppError("conflict", "events:errors.has-paid-orders");
  // Banner files go once no other event (a duplicate) still shows them.
  if (deps.images) await deleteUnreferenced(db, deps.images, event.organizationId, imageVersions);
  return { id: event.id, mainPicture: event.mainPicture };
}
