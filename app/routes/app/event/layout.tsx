import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
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
import { toast } from "~/lib/toast";
import * as v from "valibot";
import { changeEventStatus, type EventStatusAction } from "#domain/events/change-event-status";
import { deleteEvent } from "#domain/events/delete-event";
import { duplicateEvent } from "#domain/events/duplicate-event";
import { getEventArea, type EventArea as EventAreaLookup } from "#domain/events/get-event-area";
import { updateEvent } from "#domain/events/update-event";
import { notFound } from "#domain/shared/app-error";
import { parseId } from "#domain/shared/ids";
import type {
  EventActionResult,
  EventAreaEvent,
  EventAreaPermissions,
  EventIntent,
} from "~/components/event/event-area-types";
import { EventHeaderCard, useCopyEventLink } from "~/components/event/event-header-card";
import { EventInOtherOrganization, EventNotFound } from "~/components/event/event-no-access";
import { EventSideNavigation, EventTabBar } from "~/components/event/event-side-navigation";
import {
  eventAreaFlags,
  onlyEventAreaFlagsDropped,
  type EventAreaOutletContext,
} from "~/components/event/use-event-area";
import { eventNavigation, eventPath, flattenEventNavigation } from "~/lib/event-navigation";
import { formatDateTime } from "#domain/shared/format";
import { pageExists } from "~/lib/navigation";
import { isNavigationWithinFrame } from "~/lib/frame-revalidation";
import { stepForPublishRefusal, type PublishStep } from "~/lib/publish-flow";
import type eventAreaFr from "~/locales/fr/event-area.json";
import { getInstance } from "~/middleware/i18next";
import { serverContext } from "~/server/context";
import { parseForm } from "~/server/forms.server";
import { getSignedIn } from "~/server/guards.server";
import { actionError } from "~/server/route-errors.server";
import { getKnownEvent } from "~/server/session.server";
import type { Route } from "./+types/layout";
import { boundedString, SHORT_TEXT_MAX_LENGTH } from "#domain/shared/bounded-string";

// Dialogs the page opens on demand: their code (and the delete dialog's confirmation schema) loads when first opened,
// not with every page of the event area (issue 31 §7).
const PublishDialog = lazy(() =>
  import("~/components/event/publish-dialog").then((module) => ({ default: module.PublishDialog })),
);
const DeleteEventDialog = lazy(() =>
  import("~/components/event/delete-event-dialog").then((module) => ({ default: module.DeleteEventDialog })),
);
const FromCreateDialog = lazy(() =>
  import("~/components/event/from-create-dialog").then((module) => ({ default: module.FromCreateDialog })),
);

/** True from the first time `open` is true on: a lazy dialog mounts then, and stays for its closing animation. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "Guichet" }];
}

/** The event area's frame: one domain call (getEventArea) for the event, the actor's rights, readiness and switcher. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { actor } = getSignedIn(context);
  const { db, env } = context.get(serverContext);
  const { t } = getInstance(context);
  const eventId = parseId(params.event_id);
  const area: EventAreaLookup =
    eventId === null
      ? { kind: "not-found" }
      : await getEventArea(db, actor, { eventId, env, known: getKnownEvent(context, eventId) });

  switch (area.kind) {
    case "not-found":
      return data({ kind: "not-found" as const, title: t("event-area:no-access.not-found-title") }, { status: 404 });
    case "other-organization":
      return {
        kind: "other-organization" as const,
        title: t("event-area:no-access.other-organization-title"),
        eventId: eventId!,
        organization: { id: area.organizationId, title: area.organizationTitle },
      };
    case "found": {
      const { event: record, permissions } = area;
      const event: EventAreaEvent = {
        id: record.id,
        title: record.title,
        status: record.status,
        isPast: area.isPast,
        visibility: record.visibility,
        startAt: record.startAt,
        endAt: record.endAt,
        timezone: record.timezone,
        mainPicture: record.mainPicture,
        primaryColor: record.primaryColor,
        countdown: area.countdown ? { days: area.countdown.days, phase: area.countdown.phase } : null,
        publicPath: area.publicPath,
        previewPath: area.previewPath,
      };
      return {
        kind: "found" as const,
        title: t("event-area:meta-title", {
          title: record.title || t("events:untitled"),
          interpolation: { escapeValue: false },
        }),
        event,
        events: area.switcher,
        readiness: area.readiness,
        permissions: {
          update: permissions.canUpdate,
          publish: permissions.canPublish,
          delete: permissions.canDelete,
          duplicate: permissions.canDuplicate,
        } satisfies EventAreaPermissions,
        canLinkPaymentAccount: permissions.canLinkPaymentAccount,
      };
    }
  }
}

const actionSchema = v.variant("intent", [
  v.object({ intent: v.literal("publish"), visibility: v.picklist(["public", "private"]) }),
  v.object({ intent: v.literal("visibility"), visibility: v.picklist(["public", "private"]) }),
  v.object({ intent: v.picklist(["draft", "archive", "unarchive", "duplicate"]) }),
  v.object({ intent: v.literal("delete"), confirmation: boundedString(SHORT_TEXT_MAX_LENGTH) }),
]);

const statusActionOf = { draft: "unpublish", archive: "archive", unarchive: "unarchive" } as const satisfies Record<
  string,
  EventStatusAction
>;

/** The lifecycle actions of the header card (spec §4): parse, one domain call, one error mapping. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { actor } = getSignedIn(context);
  const { db, env } = context.get(serverContext);
  const parsed = await parseForm(request, actionSchema);
  if (!parsed.ok) return data({ ok: false as const, errors: parsed.errors, values: parsed.values }, { status: 400 });
  const input = parsed.data;
  try {
    const eventId = parseId(params.event_id);
    if (eventId === null) throw notFound("events:errors.not-found");
    switch (input.intent) {
      case "publish":
        await changeEventStatus(db, actor, { eventId, action: "publish", visibility: input.visibility });
        return { ok: true, intent: "publish", visibility: input.visibility } satisfies EventActionResult;
      case "visibility":
        // A published event keeps its status; only the visibility changes (the "Modifier" link of the header).
        await updateEvent(db, actor, { eventId, changes: { visibility: input.visibility } });
        return { ok: true, intent: "visibility", visibility: input.visibility } satisfies EventActionResult;
      case "draft":
      case "archive":
      case "unarchive":
        await changeEventStatus(db, actor, { eventId, action: statusActionOf[input.intent] });
        return { ok: true, intent: input.intent } satisfies EventActionResult;
      case "duplicate": {
        const copy = await duplicateEvent(db, actor, { eventId });
        return { ok: true, intent: "duplicate", duplicateId: copy.id } satisfies EventActionResult;
      }
      case "delete":
        await deleteEvent(db, actor, { eventId, confirmation: input.confirmation }, { images: env.IMAGES });
        return { ok: true, intent: "delete" } satisfies EventActionResult;
    }
  } catch (error) {
    return actionError(error, { intent: input.intent });
  }
}

type ActionAnswer = Awaited<ReturnType<typeof action>> extends infer A ? (A extends { data: infer D } ? D : A) : never;
type ActionFailure = Extract<ActionAnswer, { ok: false }>;

/** After a deletion the event is gone: the page leaves for / instead of reloading it. */
export function shouldRevalidate({
  formData,
  formMethod,
  actionResult,
  defaultShouldRevalidate,
  currentUrl,
  nextUrl,
  currentParams,
  nextParams,
}: ShouldRevalidateFunctionArgs) {
  if (onlyEventAreaFlagsDropped({ currentUrl, nextUrl })) return false;
  if (isNavigationWithinFrame({ currentUrl, nextUrl, currentParams, nextParams, formMethod }, ["event_id"]))
    return false;
  const result = actionResult as ActionAnswer | undefined;
  if (result?.ok && (formData?.get("intent") === "delete" || result.intent === "duplicate")) return false;
  // A refused action changed nothing; the page revalidates itself once it has said why (a missing event's toast
  // would otherwise vanish with the area it belongs to).
  if (result && !result.ok) return false;
  return defaultShouldRevalidate;
}

type ToastKey = `toasts.${keyof (typeof eventAreaFr)["toasts"]}`;

const toastOf: Record<EventIntent, (result: EventActionResult) => ToastKey> = {
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
  const fetcher = useFetcher<typeof action>({ key: `event-lifecycle-${event.id}` });
  const [publishOpen, setPublishOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [fromCreateOpen, setFromCreateOpen] = useState(false);
  const publishMounted = useOpenedOnce(publishOpen);
  const deleteMounted = useOpenedOnce(deleteOpen);
  const fromCreateMounted = useOpenedOnce(fromCreateOpen);
  const [publishRefusal, setPublishRefusal] = useState<{ step: Exclude<PublishStep, "visibility"> } | null>(null);
  const revalidator = useRevalidator();
  const copyLink = useCopyEventLink(event);
  const handled = useRef<unknown>(null);

  const submittingIntent =
    fetcher.state !== "idle" ? ((fetcher.formData?.get("intent") as EventIntent | null) ?? null) : null;

  const submit = useCallback(
    (values: Record<string, string>) => void fetcher.submit(values, { method: "post", action: eventPath(event.id) }),
    [fetcher, event.id],
  );

  // ?publish=true opens the publish dialog, ?from-create the next-steps dialog (when the flags arrive, render time).
  // The flags then leave the address bar by a replacing navigation that reloads nothing (shouldRevalidate).
  const flag =
    searchParams.get("publish") === "true" ? "publish" : searchParams.has("from-create") ? "from-create" : null;
  const [seenFlag, setSeenFlag] = useState<typeof flag>(null);
  if (flag !== seenFlag) {
    setSeenFlag(flag);
    if (flag === "publish" && event.status !== "archived" && permissions.publish) setPublishOpen(true);
    else if (flag === "from-create") setFromCreateOpen(true);
  }
  useEffect(() => {
    if (!flag) return;
    const next = new URLSearchParams(searchParams);
    for (const name of eventAreaFlags) next.delete(name);
    const search = next.toString();
    void navigate({ search: search ? `?${search}` : "" }, { replace: true, preventScrollReset: true });
  }, [flag, searchParams, navigate]);

  // Each answer of the action once: the dialogs follow it as it arrives, the toasts and navigations after rendering.
  const answer = fetcher.state === "idle" ? (fetcher.data as ActionAnswer | undefined) : undefined;
  const [seenAnswer, setSeenAnswer] = useState(answer);
  if (answer !== seenAnswer) {
    setSeenAnswer(answer);
    if (answer?.ok) {
      const done = answer as EventActionResult;
      if (done.intent === "publish" || done.intent === "visibility") setPublishOpen(false);
      if (done.intent === "delete") setDeleteOpen(false);
    } else if (answer) {
      const failure = answer as ActionFailure;
      // The readiness the page had was stale: the dialog goes to the question the server asks, with fresh data.
      const refusedStep = failure.values.intent === "publish" ? stepForPublishRefusal(failure.errors.reason) : null;
      if (refusedStep) setPublishRefusal({ step: refusedStep });
    }
  }

  useEffect(() => {
    const result = seenAnswer;
    if (!result || handled.current === result) return;
    handled.current = result;
    if (!result.ok) {
      const failure = result as ActionFailure;
      const messageKey = failure.errors.formError;
      const intent = (failure.values.intent ?? null) as EventIntent | null;
      // The event was deleted meanwhile (or is out of reach): say so, then show the not-found screen.
      if (failure.errors.reason === "not_found") {
        toast.error(tEvents("errors.not-found"));
        void revalidator.revalidate();
        return;
      }
      if (intent === "publish" && stepForPublishRefusal(failure.errors.reason)) {
        void revalidator.revalidate();
        return;
      }
      // Other failures keep their toast: a failure must never pass silently (docs/decisions/events-domain.md).
      // A refusal the domain explains (an event with paid orders cannot be deleted) is worth its own message.
      const explained = intent === "delete" && messageKey && i18n.exists(messageKey);
      toast.error(
        explained
          ? i18n.t(messageKey as never)
          : t(intent === "duplicate" ? "toasts.duplicate-failed" : "toasts.update-failed"),
      );
      return;
    }
    const done = result as EventActionResult;
    toast.success(t(toastOf[done.intent](done)));
    if (done.intent === "delete") void navigate("/", { replace: true });
    if (done.intent === "duplicate" && done.duplicateId) void navigate(eventPath(done.duplicateId));
  }, [seenAnswer, navigate, t, tEvents, i18n, revalidator]);

  // 'Publier plus tard' ends the flow without publishing and says where to do it later (app/lib/publish-flow.ts).
  const publishLater = useCallback(() => {
    setPublishOpen(false);
    toast.info(t("toasts.publish-later"), { description: t("toasts.publish-later-hint") });
  }, [t]);

  const outletContext = useMemo<EventAreaOutletContext>(
    () => ({ openPublishDialog: () => setPublishOpen(true), copyLink }),
    [copyLink],
  );
  const ticketsLink = flattenEventNavigation(eventNavigation).find((link) => link.id === "tickets");
  const leaving = navigation.state === "loading" && !navigation.location.pathname.startsWith(eventPath(event.id));

  return (
    <div
      className="mx-auto flex w-full max-w-[1600px] gap-6 px-4 py-6 md:px-6 md:py-8"
      aria-busy={leaving || undefined}
    >
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

      {publishMounted ? (
        <Suspense fallback={null}>
          <PublishDialog
            open={publishOpen}
            onOpenChange={setPublishOpen}
            published={event.status === "published"}
            visibility={event.visibility}
            readiness={readiness}
            startLabel={event.startAt ? formatDateTime(event.startAt, i18n.language, event.timezone) : null}
            busy={submittingIntent === "publish" || submittingIntent === "visibility"}
            onPublish={(visibility) =>
              submit({ intent: event.status === "published" ? "visibility" : "publish", visibility })
            }
            onPublishLater={publishLater}
            editPath={permissions.update ? `/event/update/${event.id}` : null}
            createTicketPath={ticketsLink?.available ? eventPath(event.id, "tickets") : null}
            paymentAccountPath={canLinkPaymentAccount && pageExists("/finance") ? "/finance" : null}
            refusal={publishRefusal}
          />
        </Suspense>
      ) : null}
      {deleteMounted ? (
        <Suspense fallback={null}>
          <DeleteEventDialog
            open={deleteOpen}
            onOpenChange={setDeleteOpen}
            title={event.title || tEvents("untitled")}
            busy={submittingIntent === "delete"}
            onConfirm={(confirmation) => submit({ intent: "delete", confirmation })}
          />
        </Suspense>
      ) : null}
      {fromCreateMounted ? (
        <Suspense fallback={null}>
          <FromCreateDialog
            open={fromCreateOpen}
            onOpenChange={setFromCreateOpen}
            createTicketsPath={ticketsLink?.available ? eventPath(event.id, "tickets") : null}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
