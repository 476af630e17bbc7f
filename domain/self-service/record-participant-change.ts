import { getTableColumns, sql, type SQL } from "drizzle-orm";
import type { Database } from "#db/database";
import { participantChanges, type ParticipantChangeKind } from "#db/schema";

/**
 * The history row of a buyer's change to a ticket, to place in the change's batch after the participant's update:
 * written only when `onlyIf` holds then. insert…select lists every column in schema order (D1 binds no parameters of a
 * raw statement in a batch).
 */
export function participantChangeStatement(
  db: Database,
  input: {
    organizationId: number;
    eventId: number;
    orderId: number;
    participantId: number;
    kind: ParticipantChangeKind;
    previous: { firstName: string; lastName: string; email: string };
    current: { firstName: string; lastName: string; email: string };
    answersChanged: boolean;
    at: number;
    onlyIf?: SQL;
  },
) {
  const values: Partial<Record<keyof typeof participantChanges.$inferInsert, unknown>> = {
    organizationId: input.organizationId,
    eventId: input.eventId,
    orderId: input.orderId,
    participantId: input.participantId,
    kind: input.kind,
    previousFirstName: input.previous.firstName,
    previousLastName: input.previous.lastName,
    previousEmail: input.previous.email,
    firstName: input.current.firstName,
    lastName: input.current.lastName,
    email: input.current.email,
    answersChanged: input.answersChanged ? 1 : 0,
    createdAt: input.at,
  };
  const selected = Object.keys(getTableColumns(participantChanges)).map((name) =>
    name in values ? sql`${values[name as keyof typeof values]}` : sql`null`,
  );
  return db
    .insert(participantChanges)
    .select(sql`select ${sql.join(selected, sql`, `)} where ${input.onlyIf ?? sql`1`}`);
}
