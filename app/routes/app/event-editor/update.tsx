import { data, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { loadEventForActor } from "#domain/events/event-access";
import { toEventRecord } from "#domain/events/event-record";
import { updateEvent } from "#domain/events/update-event";
import { offerChangeNotice, sendChangeNotice } from "#domain/events/change-notice";
import { messageBodySchema, messageSubjectSchema } from "#domain/attendee-messages/attendee-message-schema";
import { toEmailLocale } from "#domain/emails/email-locale";
import * as v from "valibot";
import { removeEventBanner } from "#domain/images/remove-event-banner";
import { parseId } from "#domain/shared/ids";
import { EventInOtherOrganization, EventNotFound } from "~/components/event/event-no-access";
import { EventEditor, type EditorSaveResult } from "~/components/event-editor/event-editor";
import { editorValuesFromEvent, parseEditorStep } from "~/lib/event-editor-values";
import { getInstance, getLocale } from "~/middleware/i18next";
import { serverContext } from "~/server/context";
import { actionError, loaderError } from "~/server/route-errors.server";
import { locateEventPage } from "~/server/event-page.server";
import { getSignedIn } from "~/server/guards.server";
import { parseEditorForm } from "~/lib/event-editor-form";
import { issuesToFields } from "#domain/shared/validation";
import type { Route } from "./+types/update";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "Guichet" }];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { actor } = getSignedIn(context);
  const { db } = context.get(serverContext);
  const { t } = getInstance(context);
  const located = await locateEventPage(context, params.id);
  if (!located.event) return located.noAccess;
  const eventId = located.event.id;
  try {
    const { event: row } = await loadEventForActor(db, actor, eventId, "event:update");
    const event = toEventRecord(row);
    return {
      kind: "editor" as const,
      title: t("editor:meta.update", { title: event.title || t("editor:heading.untitled") }),
      eventId: event.id,
      eventTitle: event.title,
      mainPicture: event.mainPicture,
      values: editorValuesFromEvent(event),
      renderedAt: Date.now(),
    };
  } catch (error) {
    // Allowed to see the event but not to edit it: its page instead.
    return loaderError(error, { forbiddenTo: `/event/${eventId}` });
  }
}

/** Moving between steps only changes ?step=: the form keeps its state and nothing needs reloading. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search) return false;
  return defaultShouldRevalidate;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { actor } = getSignedIn(context);
  const { db, env } = context.get(serverContext);
  const eventId = parseId(params.id);
  if (eventId === null) throw data(null, { status: 404 });
  const form = await request.formData();
  if (form.get("intent") === "remove-banner") {
    try {
      await removeEventBanner(db, env.IMAGES, actor, { eventId });
      return { ok: true, intent: "remove-banner", savedAt: Date.now() } satisfies EditorSaveResult;
    } catch (error) {
      return actionError(error);
    }
  }
  if (form.get("intent") === "notify-change") {
    // Issue 27 §3: the change notice as the organizer left it, to every participant, now.
    const values = { subject: String(form.get("subject") ?? ""), body: String(form.get("body") ?? "") };
    const notice = v.safeParse(changeNoticeSchema, values);
    if (!notice.success)
      return data({ ok: false as const, errors: { fields: issuesToFields(notice.issues) }, values }, { status: 400 });
    try {
      const message = await sendChangeNotice(db, actor, env.JOBS, { eventId, ...notice.output });
      return { ok: true as const, intent: "notify-change" as const, recipients: message.recipientCount };
    } catch (error) {
      return actionError(error, values);
    }
  }
  const parsed = parseEditorForm(form);
  if (!parsed.ok)
    return data({ ok: false, errors: parsed.errors, values: parsed.values } satisfies EditorSaveResult, {
      status: 400,
    });
  try {
    const event = await updateEvent(db, actor, { eventId, changes: parsed.fields });
    // A published event's date, time or place changed: offer to tell its participants (issue 27 §3).
    const notice = await offerChangeNotice(db, actor, { event, locale: toEmailLocale(getLocale(context)) });
    return { ok: true, intent: "save", eventId, savedAt: Date.now(), notice } satisfies EditorSaveResult;
  } catch (error) {
    return actionError(error, parsed.values);
  }
}

const changeNoticeSchema = v.object({ subject: messageSubjectSchema, body: messageBodySchema });

export default function UpdateEventEditor({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "not-found") return <EventNotFound />;
  if (loaderData.kind === "other-organization") {
    return <EventInOtherOrganization eventId={loaderData.eventId} organization={loaderData.organization} />;
  }
  return <EditorPage {...loaderData} />;
}

function EditorPage({
  eventId,
  eventTitle,
  mainPicture,
  values,
  renderedAt,
}: Extract<Route.ComponentProps["loaderData"], { kind: "editor" }>) {
  const [searchParams] = useSearchParams();
  return (
    <EventEditor
      // A different event is a different form.
      key={eventId}
      mode="update"
      eventId={eventId}
      eventTitle={eventTitle}
      initial={values}
      mainPicture={mainPicture}
      step={parseEditorStep(searchParams.get("step"))}
      fromCreate={searchParams.get("from") === "create"}
      renderedAt={renderedAt}
    />
  );
}
