import { and, asc, eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { eventAccesses, users, type EventRole } from "#db/schema";
import { displayEventRole, parseEventRoles } from "../policy";
import type { Actor } from "../shared/actor";
import { loadEventForActor } from "../events/event-access";

export type TeamMember = {
  userId: number;
  email: string;
  firstName: string;
  lastName: string;
  roles: EventRole[];
  /** Spec §4: team_manager shown as admin, event_manager as is, validator = can validate. */
  displayRoles: ReturnType<typeof displayEventRole>[];
};

export function toTeamMember(row: {
  userId: number;
  email: string;
  firstName: string;
  lastName: string;
  roles: string;
}): TeamMember {
  const roles = parseEventRoles(row.roles);
  return { ...row, roles, displayRoles: roles.map(displayEventRole) };
}

const teamColumns = {
  userId: eventAccesses.userId,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  roles: eventAccesses.roles,
};

/** The event's team (spec §3 Access): the people given an access on it, with their roles. */
export async function listEventTeam(db: Database, actor: Actor, eventId: number): Promise<TeamMember[]> {
  const { event } = await loadEventForActor(db, actor, eventId, "event:view-team");
  const rows = await db
    .select(teamColumns)
    .from(eventAccesses)
    .innerJoin(users, eq(users.id, eventAccesses.userId))
    .where(and(eq(eventAccesses.eventId, event.id), eq(eventAccesses.organizationId, event.organizationId)))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.email));
  return rows.map(toTeamMember);
}

export async function findTeamMember(
  db: Database,
  event: { id: number; organizationId: number },
  userId: number,
): Promise<TeamMember | null> {
  const [row] = await db
    .select(teamColumns)
    .from(eventAccesses)
    .innerJoin(users, eq(users.id, eventAccesses.userId))
    .where(
      and(
        eq(eventAccesses.eventId, event.id),
        eq(eventAccesses.organizationId, event.organizationId),
        eq(eventAccesses.userId, userId),
      ),
    )
    .limit(1);
  return row ? toTeamMember(row) : null;
}
