import { and, eq, gt, ne, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { events, organizations, tickets, type EventStatus } from "#db/schema";
import { canOnEvent, type EventAction } from "../policy";
import type { Actor } from "../shared/actor";
import { AppError, forbidden } from "../shared/app-error";
import { eventWebhookStatement } from "../webhooks/event-webhook-statement";
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

/** What an event lacks before it may be published (spec §4, issue 8: an untitled or undated page cannot go out). */
export const publishRequirements = ["title", "start-date"] as const;
export type PublishRequirement = (typeof publishRequirements)[number];

export type PublishReadiness = {
  /** The event has at least one non-deleted ticket of type 'ticket'. */
  hasTickets: boolean;
  /** Some non-deleted ticket or add-on has a price above 0 while the organization's payment account is not valid. */
  needsPaymentAccount: boolean;
  /** What must be filled in before publishing (the publish dialog lists it); empty when nothing is missing. */
  missing: PublishRequirement[];
  /** The start date is already past: the client asks for a confirmation before publishing. */
  startsInPast: boolean;
};

export type StatusChangeOptions = {
  /** Publish only: the visibility chosen first; defaults to the event's current one (public for a new event). */
  visibility?: EventVisibility;
  /**
   * Publish only: the answer "publish anyway" to 'Publier sans billets ?'. The question is the client's (spec §4):
   * the server publishes without tickets either way, so the plain call works as the spec's client sends it.
   */
  confirmWithoutTickets?: boolean;
};

/** The parts of the readiness that follow from the event row alone. */
function eventPublishGaps(
  event: Pick<EventRow, "title" | "startAt">,
  now: Date,
): Pick<PublishReadiness, "missing" | "startsInPast"> {
  const missing: PublishRequirement[] = [];
  if (event.title.trim() === "") missing.push("title");
  if (!event.startAt) missing.push("start-date");
  return { missing, startsInPast: event.startAt !== null && event.startAt.getTime() < now.getTime() };
}

/** The publish readiness of an event already loaded for the actor (the publish flow and the dashboard's actions). */
export async function readPublishReadiness(
  db: Database,
  event: Pick<EventRow, "id" | "organizationId" | "title" | "startAt">,
  now: Date = new Date(),
): Promise<PublishReadiness> {
  return toPublishReadiness(await publishReadinessQuery(db, event), event, now);
}

/** readPublishReadiness's read as a query not yet run, for a `db.batch`; toPublishReadiness reads its rows. */
export function publishReadinessQuery(db: Database, event: Pick<EventRow, "id" | "organizationId">) {
  return db
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
}

export function toPublishReadiness(
  rows: Awaited<ReturnType<typeof publishReadinessQuery>>,
  event: Pick<EventRow, "title" | "startAt">,
  now: Date,
): PublishReadiness {
  const [row] = rows;
  return {
    hasTickets: Number(row?.hasTickets ?? 0) === 1,
    needsPaymentAccount: Number(row?.hasPaid ?? 0) === 1 && row?.accountValid !== true,
    ...eventPublishGaps(event, now),
  };
}

/** What the publish dialog needs to pick its branch (spec §4 publish flow). */
export async function getPublishReadiness(
  db: Database,
  actor: Actor,
  eventId: number,
  now = new Date(),
): Promise<PublishReadiness> {
  const { event } = await loadEventForActor(db, actor, eventId, "event:view");
  return readPublishReadiness(db, event, now);
}

/**
 * The column changes of a transition, or the refusal: conflict `events:errors.invalid-transition` when the status
 * does not allow it; for publish, conflict `events:errors.publish-incomplete` (fields title / start_at) while the
 * title or the start date is missing, and conflict `events:errors.payment-account-required` when a paid ticket needs
 * a valid payment account (the UI links /finance). No tickets is not a refusal: 'Publier sans billets ?' is the
 * client's question (spec §4), and a start date in the past is the client's confirmation too.
 */
function planStatusChange(
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
      if (readiness.missing.length > 0) {
        throw new AppError("conflict", "events:errors.publish-incomplete", {
          reason: "publish_incomplete",
          fields: Object.fromEntries(readiness.missing.map((gap) => [missingField[gap], missingMessage[gap]])),
          details: { ...readiness },
        });
      }
      if (readiness.needsPaymentAccount) {
        throw new AppError("conflict", "events:errors.payment-account-required", {
          reason: "payment_account_required",
          details: { ...readiness },
        });
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

const missingField: Record<PublishRequirement, string> = { title: "title", "start-date": "start_at" };
const missingMessage: Record<PublishRequirement, string> = {
  title: "events:errors.publish-needs-title",
  "start-date": "events:errors.publish-needs-start-date",
};

/** Runs a lifecycle action on an event and returns it as stored. */
export async function changeEventStatus(
  db: Database,
  actor: Actor,
  input: { eventId: number; action: EventStatusAction; now?: Date } & StatusChangeOptions,
): Promise<EventRecord> {
  const { event } = await loadEventForActor(db, actor, input.eventId, permissionOf[input.action]);
  return applyStatusAction(db, event, input.action, input, input.now ?? new Date());
}

/**
 * Spec §7 `PUT events/{id}/status/{status}`: brings the event to a target status through the lifecycle action that
 * leads there (statusActionFor), with that action's permission. The same status answers the event unchanged.
 */
export async function setEventStatus(
  db: Database,
  actor: Actor,
  input: { eventId: number; target: EventStatus; now?: Date } & StatusChangeOptions,
): Promise<EventRecord> {
  const { event, scope } = await loadEventForActor(db, actor, input.eventId, "event:view");
  const action = statusActionFor(event.status, input.target);
  if (!action) return toEventRecord(event);
  if (!canOnEvent(actor, permissionOf[action], scope)) throw forbidden();
  return applyStatusAction(db, event, action, input, input.now ?? new Date());
}

async function applyStatusAction(
  db: Database,
  event: EventRow,
  action: EventStatusAction,
  options: StatusChangeOptions,
  now: Date,
): Promise<EventRecord> {
  const { changes } = await prepareStatusChange(db, event, action, options, now);
  const [rows] = await db.batch([
    db
      .update(events)
      .set({ ...changes, updatedAt: now })
      // The status guard makes a concurrent change lose instead of both applying.
      .where(
        and(eq(events.id, event.id), eq(events.organizationId, event.organizationId), eq(events.status, event.status)),
      )
      .returning(),
    eventWebhookStatement(db, event, { ...event, ...changes, updatedAt: now }, now),
  ]);
  const [row] = rows;
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
  const readiness = action === "publish" ? await readPublishReadiness(db, event, now) : null;
  return { permission: permissionOf[action], changes: planStatusChange(event, action, options, readiness, now) };
}
