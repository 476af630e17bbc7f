import { and, eq, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { tickets } from "#db/schema";
import type { Actor } from "../shared/actor";
import { loadEventForActor } from "../events/event-access";
import { readTicketsWithStatus, type TicketWithStatus } from "./list-tickets";
import { planTicket } from "./plan-ticket";
import { assertTicketTaxRate } from "./ticket-tax-rate";
import type { TicketFields } from "./ticket-input-schema";

/** Creates a ticket or add-on (event:update), placed last among its type; returns it with its derived status. */
export async function createTicket(
  db: Database,
  actor: Actor,
  input: { eventId: number; fields: TicketFields; now?: Date },
): Promise<TicketWithStatus> {
  const { event } = await loadEventForActor(db, actor, input.eventId, "event:update");
  const values = planTicket(null, input.fields);
  await assertTicketTaxRate(db, event.organizationId, input.fields.taxRateId);
  const ticketType = values.ticketType ?? "ticket";
  const now = input.now ?? new Date();
  const [row] = await db
    .insert(tickets)
    .values({
      ...values,
      title: values.title ?? "",
      ticketType,
      organizationId: event.organizationId,
      eventId: event.id,
      // Last of its list, computed in the insert itself so that two creations never share a place.
      sort: sql`(select coalesce(max(${tickets.sort}), -1) + 1 from ${tickets} where ${and(
        eq(tickets.eventId, event.id),
        eq(tickets.ticketType, ticketType),
      )})`,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: tickets.id });
  const created = (await readTicketsWithStatus(db, event, now)).find((t) => t.id === row!.id);
  return created!;
}
