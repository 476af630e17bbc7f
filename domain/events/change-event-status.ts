import { and, eq, gt, ne, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { events, organizations, tickets, type EventStatus } from "#db/schema";
import type { EventAction } from "../policy";
import type { Actor } from "../shared/actor";
import { AppError } from "../shared/app-error";
import { loadEventForActor } from "./event-access";
import type { EventVisibility } from "./event-input-schema";
import { newEventAccessToken, toEventRecord, type EventRecord, type EventRow } from "./event-record";

/**
 * Spec §4 event lifecycle. publish: draft → published (a published event changes visibility with updateEvent);
 * unpublish ('Remettre en brouillon'): published → draft; archive: draft or published → archived;
 * unarchive: archived → draft. "past" is not a stored status: it derives from end_at.
 */
export const eventStatusActions = ["publish", "unpublish", "archive", "unarchive"] as const;
export type EventStatusAction = (typeof eventStatusActions)[number];

const allowedFrom: Record<EventStatusAction, readonly EventStatus[]> = {
  publish: ["draft"],
  unpublish: ["published"],
  archive: ["draft", "published"],
  unarchive: ["archived"],
};

const permissionOf: Record<EventStatusAction, EventAction> = {
  publish: "event:publish",
  unpublish: "event:publish",
  archive: "event:update",
  unarchive: "event:update",
};

/**
 * The action that takes an event from its status to a target status (the API's `PUT …/status/:status` and PUT with
 * a status); null when it already has that status.
 */
export function statusActionFor(from: EventStatus, target: EventStatus): EventStatusAction | null {
  if (from === target) return null;
  if (target === "published") return "publish";
  if (target === "archived") return "archive";
  return from === "archived" ? "unarchive" : "unpublish";
}

export function canTransition(from: EventStatus, action: EventStatusAction): boolean {
  return allowedFrom[action].includes(from);
}

export type PublishReadiness = {
  /** The event has at least one non-deleted ticket of type 'ticket'. */
  hasTickets: boolean;
  /** Some non-deleted ticket or add-on has a price above 0 while the organization's payment account is not valid. */
  needsPaymentAccount: boolean;
};

export type StatusChangeOptions = {
  /** Publish only: the visibility chosen first; defaults to the event's current one (public for a new event). */
  visibility?: EventVisibility;
  /** Publish only: the answer "publish anyway" to 'Publier sans billets ?'. */
  confirmWithoutTickets?: boolean;
};

/** The publish readiness of an event already loaded for the actor (the publish flow and the dashboard's actions). */
export async function readPublishReadiness(db: Database, event: Pick<EventRow, "id" | "organizationId">): Promise<PublishReadiness> {
  const [row] = await db
    .select({
      hasTickets: sql<number>`exists(select 1 from ${tickets} where ${and(
        eq(tickets.eventId, event.id),
        eq(tickets.organizationId, event.organizationId),
        eq(tickets.ticketType, "ticket"),
        ne(tickets.visibility, "deleted"),
      )})`,
      hasPaid: sql<number>`exists(select 1 from ${tickets} where ${and(
        eq(tickets.eventId, event.id),
        eq(tickets.organizationId, event.organizationId),
        ne(tickets.visibility, "deleted"),
        gt(tickets.price, 0),
      )})`,
      accountValid: organizations.isConnectedAccountValid,
    })
    .from(organizations)
    .where(eq(organizations.id, event.organizationId))
    .limit(1);
  return {
    hasTickets: Number(row?.hasTickets ?? 0) === 1,
    needsPaymentAccount: Number(row?.hasPaid ?? 0) === 1 && row?.accountValid !== true,
  };
}

/** What the publish dialog needs to pick its branch (spec §4 publish flow). */
export async function getPublishReadiness(db: Database, actor: Actor, eventId: number): Promise<PublishReadiness> {
  const { event } = await loadEventForActor(db, actor, eventId, "event:view");
  return readPublishReadiness(db, event);
}

/**
 * The column changes of a transition, or the refusal: conflict `events:errors.invalid-transition` when the status
 * does not allow it; for publish, conflict `events:errors.no-tickets` without tickets unless confirmed, and conflict
 * `events:errors.payment-account-required` when a paid ticket needs a valid payment account (the UI links /finance).
 */
export function planStatusChange(
  event: Pick<EventRow, "status" | "visibility">,
  action: EventStatusAction,
  options: StatusChangeOptions,
  readiness: PublishReadiness | null,
  now: Date,
): Partial<typeof events.$inferInsert> {
  if (!canTransition(event.status, action)) {
    throw new AppError("conflict", "events:errors.invalid-transition", { details: { from: event.status, action } });
  }
  switch (action) {
    case "publish": {
      if (!readiness) throw new Error("publish needs the publish readiness");
      if (!readiness.hasTickets && !options.confirmWithoutTickets) {
        throw new AppError("conflict", "events:errors.no-tickets", { details: { ...readiness } });
      }
      if (readiness.needsPaymentAccount) {
        throw new AppError("conflict", "events:errors.payment-account-required", { details: { ...readiness } });
      }
      return {
        status: "published",
        visibility: options.visibility ?? event.visibility,
        accessToken: null,
        publishedAt: now,
      };
    }
    case "unpublish":
      // Participants lose access; a new preview key lets the team keep looking at it.
      return { status: "draft", accessToken: newEventAccessToken() };
    case "archive":
      return { status: "archived" };
    case "unarchive":
      return { status: "draft", accessToken: newEventAccessToken() };
  }
}

/** Runs a lifecycle action on an event and returns it as stored. */
export async function changeEventStatus(
  db: Database,
  actor: Actor,
  input: { eventId: number; action: EventStatusAction; now?: Date } & StatusChangeOptions,
): Promise<EventRecord> {
  const { event } = await loadEventForActor(db, actor, input.eventId, permissionOf[input.action]);
  const now = input.now ?? new Date();
  const { changes } = await prepareStatusChange(db, event, input.action, input, now);
  const [row] = await db
    .update(events)
    .set({ ...changes, updatedAt: now })
    // The status guard makes a concurrent change lose instead of both applying.
    .where(and(eq(events.id, event.id), eq(events.organizationId, event.organizationId), eq(events.status, event.status)))
    .returning();
  if (!row) throw new AppError("conflict", "events:errors.invalid-transition");
  return toEventRecord(row);
}

/** The permission a lifecycle action needs and its column changes (reads the publish readiness for publish). */
export async function prepareStatusChange(
  db: Database,
  event: EventRow,
  action: EventStatusAction,
  options: StatusChangeOptions,
  now: Date,
): Promise<{ permission: EventAction; changes: Partial<typeof events.$inferInsert> }> {
  const readiness = action === "publish" ? await readPublishReadiness(db, event) : null;
  return { permission: permissionOf[action], changes: planStatusChange(event, action, options, readiness, now) };
}
