import { requireId } from "#domain/shared/ids";
import { Hono } from "hono";
import * as v from "valibot";
import { eventMessagesSchema } from "#domain/event-messages/event-messages-schema";
import { updateEventMessages } from "#domain/event-messages/update-event-messages";
import { listParticipationForms } from "#domain/participation-forms/list-participation-forms";
import { participationFormToJson } from "#domain/participation-forms/participation-form-record";
import { formTypeSchema, participationFormBodySchema } from "#domain/participation-forms/question-schema";
import { saveParticipationForm } from "#domain/participation-forms/save-participation-form";
import { notFound } from "#domain/shared/app-error";
import { actorForEventParam } from "../actor-for-organization";
import type { ApiEnv } from "../middleware/api-session";
import { parseJson } from "../parse-json";

/** Spec §7 participation-form calls and the personalized messages (order options) under /api/events/:id. */
export const participationFormsApiRoutes = new Hono<ApiEnv>();

/** GET /api/events/:id/participation-form — both forms {form_type, title, single_fill, questions, ticket_target, event, id}. */
participationFormsApiRoutes.get("/:id{[0-9]+}/participation-form", async (c) => {
  const eventId = requireId(c.req.param("id"), "events:errors.not-found");
  const actor = await actorForEventParam(c, eventId);
  return c.json((await listParticipationForms(c.get("db"), actor, { eventId })).map(participationFormToJson));
});

/** PUT /api/events/:id/participation-form/:form_type — the whole form, questions in order (spec §7 body). */
participationFormsApiRoutes.put("/:id{[0-9]+}/participation-form/:form_type", async (c) => {
  const eventId = requireId(c.req.param("id"), "events:errors.not-found");
  const formType = v.safeParse(formTypeSchema, c.req.param("form_type"));
  if (!formType.success) throw notFound();
  const actor = await actorForEventParam(c, eventId);
  const body = await parseJson(c, participationFormBodySchema);
  const form = await saveParticipationForm(c.get("db"), actor, { eventId, formType: formType.output, body });
  return c.json(participationFormToJson(form));
});

/**
 * PUT /api/events/:id/messages — ours: the personalized messages and the holder-ticket setting
 * `{ confirmation_page_message?, email_pdf_message?, send_holder_tickets? }`.
 */
participationFormsApiRoutes.put("/:id{[0-9]+}/messages", async (c) => {
  const eventId = requireId(c.req.param("id"), "events:errors.not-found");
  const actor = await actorForEventParam(c, eventId);
  const messages = await parseJson(c, eventMessagesSchema);
  const saved = await updateEventMessages(c.get("db"), actor, { eventId, messages });
  return c.json({
    confirmation_page_message: saved.confirmationPageMessage,
    email_pdf_message: saved.emailPdfMessage,
    send_holder_tickets: saved.sendHolderTickets,
  });
});
