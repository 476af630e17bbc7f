import type { Database } from "#db/database";
import type { EventRole } from "#db/schema";
import { canInOrganization } from "../policy";
import type { Actor } from "../shared/actor";
import { readPublishReadiness, type PublishReadiness } from "./change-event-status";
import { eventPermissions, type EventPermissions, type KnownEvent } from "./event-access";
import { eventCountdown, type EventCountdown } from "./event-countdown";
import { isEventPast } from "./event-past";
import type { EventRecord } from "./event-record";
import { listEventTitles } from "./list-event-titles";
import { locateEvent } from "./locate-event";
import { previewEventPath, publicEventPath, type PrivateLinkEnv } from "./private-event-link";

export type EventAreaPermissions = EventPermissions & {
  /** Duplicating creates an event in the organization (events:create). */
  canDuplicate: boolean;
  /** Linking the payment account is the finance page's (finance:connect-account). */
  canLinkPaymentAccount: boolean;
};

export type EventArea =
  | {
      kind: "found";
      event: EventRecord;
      roles: EventRole[];
      permissions: EventAreaPermissions;
      /** "Past" derives from end_at; an archived event shows its archived label instead. */
      isPast: boolean;
      countdown: EventCountdown | null;
      /** The public page, with `?t=` at the current link version when private. */
      publicPath: string;
      /** The preview of an unpublished event; null without a preview key. */
      previewPath: string | null;
      /** Only for a draft the actor may publish: what the publish dialog needs to choose its branch. */
      readiness: PublishReadiness | null;
      /** The event switcher (ids and titles), the event itself included even when archived. */
      switcher: { id: number; title: string }[];
    }
  | { kind: "other-organization"; organizationId: number; organizationTitle: string }
  | { kind: "not-found" };

/**
 * Everything the event area's frame shows (spec §2 header card, side navigation, publish dialog), in one call: the
 * event and the actor's roles are read once, then the switcher and the readiness together.
 */
export async function getEventArea(
  db: Database,
  actor: Actor,
  input: { eventId: number; env: PrivateLinkEnv; now?: Date; known?: KnownEvent },
): Promise<EventArea> {
  // The switcher depends only on the actor: read beside the event rather than after it.
  const titlesRead = listEventTitles(db, actor);
  const location = await locateEvent(db, actor, { eventId: input.eventId, known: input.known }).catch(
    (error: unknown) => {
      titlesRead.catch(() => undefined);
      throw error;
    },
  );
  if (location.kind !== "accessible") {
    await titlesRead.catch(() => undefined);
    return location;
  }
  const { event, eventRoles } = location;
  const now = input.now ?? new Date();
  const permissions = eventPermissions(actor, { organizationId: event.organizationId, roles: eventRoles });
  const [titles, readiness] = await Promise.all([
    titlesRead,
    event.status === "draft" && permissions.canPublish ? readPublishReadiness(db, event, now) : Promise.resolve(null),
  ]);
  const switcher = titles.some((item) => item.id === event.id)
    ? titles
    : [{ id: event.id, title: event.title }, ...titles];
  return {
    kind: "found",
    event,
    roles: eventRoles,
    permissions: {
      ...permissions,
      canDuplicate: canInOrganization(actor, "events:create"),
      canLinkPaymentAccount: canInOrganization(actor, "finance:connect-account"),
    },
    isPast: event.status !== "archived" && isEventPast(event, now),
    countdown: eventCountdown(event.startAt, now),
    publicPath: publicEventPath(input.env, event),
    previewPath: previewEventPath(event),
    readiness,
    switcher,
  };
}
