import { readFormValues } from "~/server/forms.server";
import { data, type RouterContextProvider } from "react-router";
import * as v from "valibot";
import { updateEventSettings } from "#domain/events/update-event-settings";
import { getParticipationFormsPage } from "#domain/participation-forms/get-participation-forms-page";
import { formTypeSchema, participationFormBodySchema } from "#domain/participation-forms/question-schema";
import { saveParticipationForm } from "#domain/participation-forms/save-participation-form";
import { requireId } from "#domain/shared/ids";
import { issuesToFields } from "#domain/shared/validation";
import type {
  ParticipationFormsActionResult,
  ParticipationFormsPageData,
} from "~/components/participation-forms/participation-form-types";
import { serverContext } from "~/server/context";
import { getSignedIn } from "~/server/guards.server";
import { actionError, loaderError } from "~/server/route-errors.server";

type Args = { params: Record<string, string | undefined>; context: Readonly<RouterContextProvider>; request: Request };

export async function loadParticipationFormsPage({ params, context }: Args): Promise<ParticipationFormsPageData> {
  const { actor } = getSignedIn(context);
  const { db } = context.get(serverContext);
  try {
    const page = await getParticipationFormsPage(db, actor, {
      eventId: requireId(params.event_id, "events:errors.not-found"),
    });
    return {
      eventId: page.eventId,
      canUpdate: page.canUpdate,
      allowBilling: page.allowBilling,
      tickets: page.tickets,
      forms: page.forms.map((form) => ({
        formType: form.formType,
        title: form.title,
        singleFill: form.singleFill,
        questions: form.questions,
      })),
    };
  } catch (error) {
    return loaderError(error);
  }
}

const intentSchema = v.object({ intent: v.picklist(["save-form", "save-order", "billing"]) });

/**
 * Three writes: one whole form (a question added, edited, deleted or its mandatory badge toggled), both forms in the
 * order held on the page (the page's save action), and the billing switch.
 */
export async function participationFormsAction({ params, context, request }: Args) {
  const { actor } = getSignedIn(context);
  const { db } = context.get(serverContext);
  const values = await readFormValues(request);
  const invalid = (fields: Record<string, string>) =>
    data({ ok: false as const, errors: { fields, formError: "errors:invalid-input" }, values }, { status: 400 });
  try {
    const eventId = requireId(params.event_id, "events:errors.not-found");
    const parsedIntent = v.safeParse(intentSchema, values);
    if (!parsedIntent.success) return invalid({ intent: "errors:invalid-input" });
    const { intent } = parsedIntent.output;
    if (intent === "billing") {
      await updateEventSettings(db, actor, { eventId, allowBilling: values.allow_billing === "true" });
      return { ok: true as const, intent } satisfies ParticipationFormsActionResult;
    }
    const entries =
      intent === "save-form"
        ? [[values.form_type, values.questions]]
        : [
            ["before", values.before],
            ["before-tickets", values["before-tickets"]],
          ];
    const writes = [];
    for (const [formTypeValue, questions] of entries) {
      const formType = v.safeParse(formTypeSchema, formTypeValue);
      if (!formType.success) return invalid({ form_type: "order-forms:errors.form-type-invalid" });
      const body = v.safeParse(participationFormBodySchema, {
        title: values[`title_${formType.output}`] ?? "",
        questions: questions ?? "",
        ticket_target: "all",
      });
      if (!body.success) return invalid(issuesToFields(body.issues));
      writes.push({ formType: formType.output, body: body.output });
    }
    for (const write of writes) await saveParticipationForm(db, actor, { eventId, ...write });
    return { ok: true as const, intent } satisfies ParticipationFormsActionResult;
  } catch (error) {
    return actionError(error, values);
  }
}
