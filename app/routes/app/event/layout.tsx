import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  data,
  Outlet,
  useFetcher,
  useNavigate,
  useNavigation,
  useRevalidator,
  useSearchParams,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { toast } from "sonner";
import * as v from "valibot";
import { changeEventStatus, getPublishReadiness, type EventStatusAction } from "#domain/events/change-event-status";
import { deleteEvent } from "#domain/events/delete-event";
import { updateEvent } from "#domain/events/update-event";
import { duplicateEvent } from "#domain/events/duplicate-event";
import { eventPermissions, eventRolesOf } from "#domain/events/event-access";
import { eventCountdown } from "#domain/events/event-countdown";
import { isEventPast } from "#domain/events/event-past";
import { listEventTitles } from "#domain/events/list-event-titles";
import { previewEventPath, publicEventPath } from "#domain/events/private-event-link";
import { canInOrganization } from "#domain/policy";
import { isAppError } from "#domain/shared/app-error";
import { parseId } from "#domain/shared/ids";
import { DeleteEventDialog } from "~/components/event/delete-event-dialog";
import type { EventActionResult, EventAreaEvent, EventIntent, EventSwitcherItem } from "~/components/event/event-area-types";
import { EventHeaderCard, useCopyEventLink } from "~/components/event/event-header-card";
import { EventInOtherOrganization, EventNotFound } from "~/components/event/event-no-access";
import { EventSideNavigation, EventTabBar } from "~/components/event/event-side-navigation";
import { FromCreateDialog } from "~/components/event/from-create-dialog";
import { PublishDialog } from "~/components/event/publish-dialog";
import type { EventAreaOutletContext } from "~/components/event/use-event-area";
import { eventNavigation, eventPath, flattenEventNavigation } from "~/lib/event-navigation";
import { pageExists } from "~/lib/navigation";
import { stepForPublishRefusal, type PublishStep } from "~/lib/publish-flow";
import type eventAreaFr from "~/locales/fr/event-area.json";
import { getInstance } from "~/middleware/i18next";
import { serverContext } from "~/server/context";
import { locateEventPage } from "~/server/event-page.server";
import { parseForm } from "~/server/forms.server";
import { getSignedIn } from "~/server/guards.server";
import type { Route } from "./+types/layout";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "Guichet" }];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { actor } = getSignedIn(context);
  const { db, env } = context.get(serverContext);
  const { t } = getInstance(context);
  const located = await locateEventPage(context, params.event_id);
  if (!located.event) return located.noAccess;

  const record = located.event;
  const now = new Date();
  const [roles, organizationEvents] = await Promise.all([
    eventRolesOf(db, actor, record.id),
    listEventTitles(db, actor),
  ]);
  const permissions = eventPermissions(actor, { organizationId: record.organizationId, roles });
  const readiness = record.status === "draft" && permissions.canPublish ? await getPublishReadiness(db, actor, record.id) : null;

  const event: EventAreaEvent = {
    id: record.id,
    title: record.title,
    status: record.status,
    // "Past" derives from end_at; an archived event shows its archived label instead.
    isPast: record.status !== "archived" && isEventPast(record, now),
    visibility: record.visibility,
    startAt: record.startAt,
    endAt: record.endAt,
    timezone: record.timezone,
    mainPicture: record.mainPicture,
    primaryColor: record.primaryColor,
    countdown: eventCountdown(record.startAt)?.label ?? null,
    publicPath: publicEventPath(env, record),
    previewPath: previewEventPath(record),
  };
  const switcher: EventSwitcherItem[] = organizationEvents.map(({ id, title }) => ({ id, title }));
  if (!switcher.some((item) => item.id === record.id)) switcher.unshift({ id: record.id, title: record.title });

  return {
    kind: "found" as const,
    title: t("event-area:meta-title", { title: record.title || t("events:untitled"), interpolation: { escapeValue: false } }),
    event,
    events: switcher,
    readiness,
    permissions: {
      update: permissions.canUpdate,
      publish: permissions.canPublish,
      delete: permissions.canDelete,
      duplicate: canInOrganization(actor, "events:create"),
    },
    canLinkPaymentAccount: canInOrganization(actor, "finance:connect-account"),
  };
}

const actionSchema = v.variant("intent", [
  v.object({
    intent: v.literal("publish"),
    visibility: v.picklist(["public", "private"]),
    confirmWithoutTickets: v.optional(v.picklist(["0", "1"]), "0"),
  }),
  v.object({ intent: v.literal("visibility"), visibility: v.picklist(["public", "private"]) }),
  v.object({ intent: v.picklist(["draft", "archive", "unarchive", "duplicate"]) }),
  v.object({ intent: v.literal("delete"), confirmation: v.string() }),
]);

const statusActionOf = { draft: "unpublish", archive: "archive", unarchive: "unarchive" } as const satisfies Record<
  string,
  EventStatusAction
>;

/** The lifecycle actions of the header card (spec §4). Answers what happened; the page shows the toast. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { actor } = getSignedIn(context);
  const { db, env } = context.get(serverContext);
  const eventId = parseId(params.event_id);
  const parsed = await parseForm(request, actionSchema);
  if (!parsed.ok || eventId === null) {
    const intent = parsed.ok ? parsed.data.intent : null;
    return data<EventActionResult>({ ok: false, intent }, { status: 400 });
  }
  const input = parsed.data;
  try {
    switch (input.intent) {
      case "publish":
        await changeEventStatus(db, actor, {
          eventId,
          action: "publish",
          visibility: input.visibility,
          confirmWithoutTickets: input.confirmWithoutTickets === "1",
        });
        return data<EventActionResult>({ ok: true, intent: "publish", visibility: input.visibility });
      case "visibility":
        // A published event keeps its status; only the visibility changes (the "Modifier" link of the header).
        await updateEvent(db, actor, { eventId, changes: { visibility: input.visibility } });
        return data<EventActionResult>({ ok: true, intent: "visibility", visibility: input.visibility });
      case "draft":
      case "archive":
      case "unarchive":
        await changeEventStatus(db, actor, { eventId, action: statusActionOf[input.intent] });
        return data<EventActionResult>({ ok: true, intent: input.intent });
      case "duplicate": {
        const copy = await duplicateEvent(db, actor, { eventId });
        return data<EventActionResult>({ ok: true, intent: "duplicate", duplicateId: copy.id });
      }
      case "delete":
        await deleteEvent(db, actor, { eventId, confirmation: input.confirmation }, { images: env.IMAGES });
        return data<EventActionResult>({ ok: true, intent: "delete" });
    }
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data<EventActionResult>({ ok: false, intent: input.intent, messageKey: error.messageKey }, { status: 400 });
  }
}

/** After a deletion the event is gone: the page leaves for / instead of reloading it. */
export function shouldRevalidate({ formData, actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const result = actionResult as EventActionResult | undefined;
  if (result?.ok && (formData?.get("intent") === "delete" || result.intent === "duplicate")) return false;
  // A refused action changed nothing; the page revalidates itself once it has said why (a missing event's toast
  // would otherwise vanish with the area it belongs to).
  if (result && !result.ok) return false;
  return defaultShouldRevalidate;
}

type ToastKey = `toasts.${keyof (typeof eventAreaFr)["toasts"]}`;

const toastOf: Record<EventIntent, (result: Extract<EventActionResult, { ok: true }>) => ToastKey> = {
  publish: (r) => (r.visibility === "private" ? "toasts.published-private" : "toasts.published-public"),
  visibility: (r) => (r.visibility === "private" ? "toasts.published-private" : "toasts.published-public"),
  draft: () => "toasts.to-draft",
  archive: () => "toasts.archived",
  unarchive: () => "toasts.unarchived",
  duplicate: () => "toasts.duplicated",
  delete: () => "toasts.deleted",
};

export default function EventLayout({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "not-found") return <EventNotFound />;
  if (loaderData.kind === "other-organization") {
    return <EventInOtherOrganization eventId={loaderData.eventId} organization={loaderData.organization} />;
  }
  return <EventArea data={loaderData} />;
}

type FoundData = Extract<Route.ComponentProps["loaderData"], { kind: "found" }>;

function EventArea({ data: { event, events, readiness, permissions, canLinkPaymentAccount } }: { data: FoundData }) {
  const { t, i18n } = useTranslation("event-area");
  const { t: tEvents } = useTranslation("events");
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const fetcher = useFetcher<EventActionResult>({ key: `event-lifecycle-${event.id}` });
  const [publishOpen, setPublishOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [fromCreateOpen, setFromCreateOpen] = useState(false);
  const [publishRefusal, setPublishRefusal] = useState<{ step: Exclude<PublishStep, "visibility"> } | null>(null);
  const revalidator = useRevalidator();
  const copyLink = useCopyEventLink(event);
  const handled = useRef<unknown>(null);

  const submittingIntent = fetcher.state !== "idle" ? ((fetcher.formData?.get("intent") as EventIntent | null) ?? null) : null;

  const submit = useCallback(
    (values: Record<string, string>) => void fetcher.submit(values, { method: "post", action: eventPath(event.id) }),
    [fetcher, event.id],
  );

  // ?publish=true opens the publish dialog, ?from-create the next-steps dialog. The flags then leave the address bar
  // through the history API: a router navigation would reload the page and unmount the dialog it just opened.
  useEffect(() => {
    const publish = searchParams.get("publish") === "true";
    const fromCreate = searchParams.has("from-create");
    if (!publish && !fromCreate) return;
    if (publish && event.status !== "archived" && permissions.publish) setPublishOpen(true);
    else if (fromCreate) setFromCreateOpen(true);
    const url = new URL(window.location.href);
    url.searchParams.delete("publish");
    url.searchParams.delete("from-create");
    window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
  }, [searchParams, event.status, permissions.publish]);

  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (!result.ok) {
      // The event was deleted meanwhile (or is out of reach): say so, then show the not-found screen.
      if (result.messageKey === "events:errors.not-found") {
        toast.error(tEvents("errors.not-found"));
        void revalidator.revalidate();
        return;
      }
      // The readiness the page had was stale: the dialog goes to the question the server asks, with fresh data.
      const refusedStep = result.intent === "publish" ? stepForPublishRefusal(result.messageKey) : null;
      if (refusedStep) {
        setPublishRefusal({ step: refusedStep });
        void revalidator.revalidate();
        return;
      }
      // Other failures keep their toast: a failure must never pass silently (docs/decisions/events-domain.md).
      // A refusal the domain explains (an event with paid orders cannot be deleted) is worth its own message.
      const explained = result.intent === "delete" && result.messageKey && i18n.exists(result.messageKey);
      toast.error(
        explained
          ? i18n.t(result.messageKey as never)
          : t(result.intent === "duplicate" ? "toasts.duplicate-failed" : "toasts.update-failed"),
      );
      return;
    }
    toast.success(t(toastOf[result.intent](result)));
    if (result.intent === "publish" || result.intent === "visibility") setPublishOpen(false);
    if (result.intent === "delete") {
      setDeleteOpen(false);
      void navigate("/", { replace: true });
    }
    if (result.intent === "duplicate" && result.duplicateId) void navigate(eventPath(result.duplicateId));
  }, [fetcher.state, fetcher.data, navigate, t, tEvents, i18n, revalidator]);

  const outletContext = useMemo<EventAreaOutletContext>(() => ({ openPublishDialog: () => setPublishOpen(true), copyLink }), [copyLink]);
  const ticketsLink = flattenEventNavigation(eventNavigation).find((link) => link.id === "tickets");
  const leaving = navigation.state === "loading" && !navigation.location.pathname.startsWith(eventPath(event.id));

  return (
    <div className="mx-auto flex w-full max-w-[1600px] gap-6 px-4 py-6 md:px-6 md:py-8" aria-busy={leaving || undefined}>
      <EventSideNavigation eventId={event.id} />
      <div className="flex min-w-0 flex-1 flex-col gap-6">
        <EventHeaderCard
          event={event}
          events={events}
          permissions={permissions}
          busyIntent={submittingIntent}
          onIntent={(intent) => submit({ intent })}
          onPublish={() => setPublishOpen(true)}
          onDelete={() => setDeleteOpen(true)}
        />
        <EventTabBar eventId={event.id} />
        <Outlet context={outletContext} />
      </div>

      <PublishDialog
        open={publishOpen}
        onOpenChange={setPublishOpen}
        published={event.status === "published"}
        visibility={event.visibility}
        readiness={readiness}
        busy={submittingIntent === "publish" || submittingIntent === "visibility"}
        onPublish={(visibility, confirmWithoutTickets) =>
          event.status === "published"
            ? submit({ intent: "visibility", visibility })
            : submit({ intent: "publish", visibility, confirmWithoutTickets: confirmWithoutTickets ? "1" : "0" })
        }
        createTicketPath={ticketsLink?.available ? eventPath(event.id, "tickets") : null}
        paymentAccountPath={canLinkPaymentAccount && pageExists("/finance") ? "/finance" : null}
        refusal={publishRefusal}
      />
      <DeleteEventDialog
        open={deleteOpen}
        onOpenChange={setDeleteOpen}
        title={event.title || tEvents("untitled")}
        busy={submittingIntent === "delete"}
        onConfirm={(confirmation) => submit({ intent: "delete", confirmation })}
      />
      <FromCreateDialog
        open={fromCreateOpen}
        onOpenChange={setFromCreateOpen}
        createTicketsPath={ticketsLink?.available ? eventPath(event.id, "tickets") : null}
      />
    </div>
  );
}
