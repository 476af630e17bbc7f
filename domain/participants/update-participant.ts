import { participantsWebhookStatement } from "../webhooks/sales-webhook-statements";
import { eq, sql } from "drizzle-orm";
import * as v from "valibot";
import type { Database } from "#db/database";
import { participants } from "#db/schema";
import { searchTextOf } from "./word-start";
import type { Actor } from "../shared/actor";
import { AppError } from "../shared/app-error";
import { isValidEmail, normalizeEmail } from "../shared/email";
import { loadParticipantForActor } from "./participant-access";
import { boundedString } from "../shared/bounded-string";

export const participantEditSchema = v.object({
  first_name: v.optional(boundedString(1_000), ""),
  last_name: v.optional(boundedString(1_000), ""),
  // Trimmed, an email has 254 characters at most; the margin keeps a pasted one with spaces for the clearer message.
  email: v.optional(boundedString(1_000, "participants:errors.email-invalid"), ""),
});
export type ParticipantEdit = v.InferOutput<typeof participantEditSchema>;

/** Spec §5: the three fields are required ('Veuillez remplir tous les champs.'), the email valid ('Email invalide'). */
export function validateParticipantEdit(input: ParticipantEdit): {
  firstName: string;
  lastName: string;
  email: string;
} {
  const firstName = input.first_name.trim();
  const lastName = input.last_name.trim();
  const email = input.email.trim();
  if (!firstName || !lastName || !email) {
    const fields: Record<string, string> = {};
    if (!firstName) fields.first_name = "participants:errors.fields-required";
    if (!lastName) fields.last_name = "participants:errors.fields-required";
    if (!email) fields.email = "participants:errors.fields-required";
    throw new AppError("validation", "participants:errors.fields-required", { fields });
  }
  if (!isValidEmail(email)) {
    throw new AppError("validation", "participants:errors.email-invalid", {
      fields: { email: "participants:errors.email-invalid" },
    });
  }
  return { firstName: firstName.slice(0, 100), lastName: lastName.slice(0, 100), email: normalizeEmail(email) };
}

/** Edits a participant's names and email (PUT participant-ticket); the search text follows. */
export async function updateParticipant(
  db: Database,
  actor: Actor,
  input: { participantId: number; eventId?: number; changes: ParticipantEdit },
) {
  const { participant } = await loadParticipantForActor(
    db,
    actor,
    input.participantId,
    "event:edit-participants",
    input.eventId,
  );
  const person = validateParticipantEdit(input.changes);
  const now = new Date();
  const [[updated]] = await db.batch([
    db
      .update(participants)
      .set({ ...person, searchText: searchTextOf(person), updatedAt: now })
      .where(eq(participants.id, participant.id))
      .returning(),
    participantsWebhookStatement(db, {
      type: "participant.updated",
      organizationId: participant.organizationId,
      where: sql`p.id = ${participant.id}`,
      occurredAt: now,
    }),
  ]);
  return updated!;
}
