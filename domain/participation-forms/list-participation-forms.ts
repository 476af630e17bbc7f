import { asc } from "drizzle-orm";
import type { Database } from "#db/database";
import { participationForms } from "#db/schema";
import type { Actor } from "../shared/actor";
import { inEventScope, loadEventForActor } from "../events/event-access";
import { formTypes } from "./question-schema";
import { emptyParticipationForm, toParticipationForm, type ParticipationForm } from "./participation-form-record";

/**
 * GET /api/events/:id/participation-form and the order-forms page: both forms of the event, order level ('before')
 * then per participant ('before-tickets'); a form never saved comes back empty with only the built-in question.
 */
export async function listParticipationForms(
  db: Database,
  actor: Actor,
  input: { eventId: number },
): Promise<ParticipationForm[]> {
  const { event } = await loadEventForActor(db, actor, input.eventId, "event:view");
  const rows = await db
    .select()
    .from(participationForms)
    .where(inEventScope(participationForms, event))
    .orderBy(asc(participationForms.id));
  return formTypes.map((formType) => {
    const row = rows.find((candidate) => candidate.formType === formType);
    return row ? toParticipationForm(row) : emptyParticipationForm(event.id, formType);
  });
}
