import type { Database } from "#db/database";
import * as schema from "#db/schema";
import { unique, type Ticket } from "./fixtures";

export type WaitingListEntry = typeof schema.waitingListEntries.$inferSelect;

/**
 * A person in the ticket's waiting line, written directly (joining the list is its own use-case): waiting for
 * `quantity` places unless `values` says otherwise. The line order is the id, so insert in the order wanted.
 */
export async function insertWaitingListEntry(
  db: Database,
  ticket: Pick<Ticket, "id" | "eventId" | "organizationId">,
  values: Partial<typeof schema.waitingListEntries.$inferInsert> = {},
): Promise<WaitingListEntry> {
  const [entry] = await db
    .insert(schema.waitingListEntries)
    .values({
      organizationId: ticket.organizationId,
      eventId: ticket.eventId,
      ticketId: ticket.id,
      firstName: "Inès",
      lastName: "Moreau",
      email: `${unique("attente")}@exemple.test`,
      accessToken: unique("wl"),
      consentAt: new Date("2026-06-01T08:00:00Z"),
      ...values,
    })
    .returning();
  return entry!;
}

/** `count` people in line for the ticket, one place each unless `values` says, in line order. */
export async function insertWaitingLine(
  db: Database,
  ticket: Pick<Ticket, "id" | "eventId" | "organizationId">,
  count: number,
  values: Partial<typeof schema.waitingListEntries.$inferInsert> = {},
): Promise<WaitingListEntry[]> {
  const rows = Array.from({ length: count }, () => ({
    organizationId: ticket.organizationId,
    eventId: ticket.eventId,
    ticketId: ticket.id,
    firstName: "Inès",
    lastName: "Moreau",
    email: `${unique("attente")}@exemple.test`,
    accessToken: unique("wl"),
    consentAt: new Date("2026-06-01T08:00:00Z"),
    ...values,
  }));
  const inserted: WaitingListEntry[] = [];
  // Chunks under D1's 100 bound parameters per statement (14 columns a row).
  for (let start = 0; start < rows.length; start += 6)
    inserted.push(
      ...(await db
        .insert(schema.waitingListEntries)
        .values(rows.slice(start, start + 6))
        .returning()),
    );
  return inserted;
}
