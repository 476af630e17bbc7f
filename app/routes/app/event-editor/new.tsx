import { data, redirect } from "react-router";
import { createEvent } from "#domain/events/create-event";
import { canInOrganization } from "#domain/policy";
import { EventEditor, type EditorSaveResult } from "~/components/event-editor/event-editor";
import { EMPTY_EDITOR_VALUES } from "~/lib/event-editor-values";
import { PERMISSION_DENIED_PATH } from "~/lib/permission-denied";
import { getInstance } from "~/middleware/i18next";
import { serverContext } from "~/server/context";
import { actionError } from "~/server/route-errors.server";
import { getSignedIn } from "~/server/guards.server";
import { parseEditorForm } from "~/lib/event-editor-form";
import type { Route } from "./+types/new";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "Guichet" }];
}

export function loader({ context }: Route.LoaderArgs) {
  const { actor } = getSignedIn(context);
  if (!canInOrganization(actor, "events:create")) throw redirect(PERMISSION_DENIED_PATH);
  return { title: getInstance(context).t("editor:meta.new"), renderedAt: Date.now() };
}

/** The first save of the Title step creates the draft (spec §2); the editor then continues on /event/update/:id. */
export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = getSignedIn(context);
  const { db } = context.get(serverContext);
  const parsed = parseEditorForm(await request.formData());
  if (!parsed.ok)
    return data({ ok: false, errors: parsed.errors, values: parsed.values } satisfies EditorSaveResult, {
      status: 400,
    });
  try {
    const event = await createEvent(db, actor, { fields: parsed.fields });
    return { ok: true, intent: "save", eventId: event.id, savedAt: Date.now() } satisfies EditorSaveResult;
  } catch (error) {
    return actionError(error, parsed.values);
  }
}

export default function NewEventEditor({ loaderData }: Route.ComponentProps) {
  return (
    <EventEditor
      mode="new"
      eventId={null}
      eventTitle=""
      initial={EMPTY_EDITOR_VALUES}
      mainPicture=""
      step="title"
      fromCreate
      renderedAt={loaderData.renderedAt}
    />
  );
}
