import { data, type RouterContextProvider } from "react-router";
import { locateEvent } from "#domain/events/locate-event";
import { parseId } from "#domain/shared/ids";
import { getInstance } from "~/middleware/i18next";
import { serverContext } from "./context";
import { getSignedIn } from "./guards.server";

/**
 * The event a page of the event area or the editor names in its URL (spec §2/§6), for the signed-in user: the event
 * when they may view it in the selected organization, else `noAccess`, the loader answer of the no-access screens
 * (404 for a missing or unreachable event, or the organization to switch to when it is another of theirs).
 */
export async function locateEventPage(context: Readonly<RouterContextProvider>, idParam: string | undefined) {
  const { actor } = getSignedIn(context);
  const { db } = context.get(serverContext);
  const { t } = getInstance(context);
  const eventId = parseId(idParam);
  const location = eventId === null ? ({ kind: "not-found" } as const) : await locateEvent(db, actor, { eventId });
  if (location.kind === "not-found") {
    return {
      event: null,
      noAccess: data({ kind: "not-found" as const, title: t("event-area:no-access.not-found-title") }, { status: 404 }),
    };
  }
  if (location.kind === "other-organization") {
    return {
      event: null,
      noAccess: {
        kind: "other-organization" as const,
        title: t("event-area:no-access.other-organization-title"),
        eventId: eventId!,
        organization: { id: location.organizationId, title: location.organizationTitle },
      },
    };
  }
  return { event: location.event, noAccess: null };
}
