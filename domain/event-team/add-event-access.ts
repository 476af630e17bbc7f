import type { Database } from "#db/database";
import { eventAccesses, memberships } from "#db/schema";
import type { Actor } from "../shared/actor";
import { AppError } from "../shared/app-error";
import { normalizeEmail } from "../shared/email";
import { loadEventForActor } from "../events/event-access";
import { findUserByEmail } from "../users/find-user-by-email";
import { toTeamMember, type TeamMember } from "./list-event-team";

/**
 * Spec §5: adding a team member needs an existing account for that email ('team:errors.add-failed'). The person gets
 * the validator role on this event; someone outside the organization joins it as a guest (empty role), which lets
 * them see this event and nothing else of it. An access already there answers 'team:errors.already-added' (409).
 * The two inserts go in one batch: both happen or neither.
 */
export async function addEventAccess(
  db: Database,
  actor: Actor,
  eventId: number,
  input: { email: string },
): Promise<TeamMember> {
  const { event } = await loadEventForActor(db, actor, eventId, "event:manage-team");
  const user = await findUserByEmail(db, normalizeEmail(input.email));
  if (!user)
    throw new AppError("validation", "team:errors.add-failed", { fields: { email: "team:errors.add-failed" } });

  const [, inserted] = await db.batch([
    db
      .insert(memberships)
      .values({ organizationId: event.organizationId, userId: user.id, role: "" })
      .onConflictDoNothing(),
    db
      .insert(eventAccesses)
      .values({
        organizationId: event.organizationId,
        eventId: event.id,
        userId: user.id,
        email: user.email,
        roles: "validator",
      })
      .onConflictDoNothing()
      .returning({ id: eventAccesses.id }),
  ]);
  if (inserted.length === 0)
    throw new AppError("conflict", "team:errors.already-added", { fields: { email: "team:errors.already-added" } });
  return toTeamMember({
    userId: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    roles: "validator",
  });
}
