import type { Database } from "#db/database";
import * as schema from "#db/schema";
import type { OrganizationRole } from "#db/schema";

/** Rows for the organization, role and admin tests; works on libSQL and D1 alike. */

let sequence = 0;
export const unique = (label: string) => `${label}-${Date.now().toString(36)}-${(sequence++).toString(36)}`;

export async function insertUser(db: Database, values: Partial<typeof schema.users.$inferInsert> = {}) {
  const [user] = await db
    .insert(schema.users)
    .values({ email: `${unique("user")}@guichet.test`, firstName: "Léa", lastName: "Martin", ...values })
    .returning();
  return user!;
}

export async function insertOrganization(db: Database, values: Partial<typeof schema.organizations.$inferInsert> = {}) {
  const title = values.title ?? unique("Organisation");
  const [organization] = await db
    .insert(schema.organizations)
    .values({ titleKey: title.toLowerCase(), ...values, title })
    .returning();
  return organization!;
}

export async function addMember(db: Database, organizationId: number, userId: number, role: OrganizationRole) {
  await db.insert(schema.memberships).values({ organizationId, userId, role });
}

export async function insertEvent(db: Database, organizationId: number, values: Partial<typeof schema.events.$inferInsert> = {}) {
  const [event] = await db
    .insert(schema.events)
    .values({ organizationId, title: unique("Concert"), ...values })
    .returning();
  return event!;
}

/**
 * An order on `eventId` with `tickets` ticket places and `addons` add-on places, each priced `price` cents,
 * `fees` cents of fees on the order.
 */
export async function insertOrder(
  db: Database,
  event: { id: number; organizationId: number },
  options: { status: schema.OrderStatus; tickets?: number; addons?: number; price?: number; fees?: number; checkedIn?: number },
) {
  const tickets = options.tickets ?? 1;
  const addons = options.addons ?? 0;
  const price = options.price ?? 2000;
  const fees = options.fees ?? 0;
  const amount = (tickets + addons) * price;
  const [ticket, addon] = await db
    .insert(schema.tickets)
    .values([
      { organizationId: event.organizationId, eventId: event.id, title: "Plein tarif", price },
      { organizationId: event.organizationId, eventId: event.id, title: "Vestiaire", price, ticketType: "addon" },
    ])
    .returning();
  const [order] = await db
    .insert(schema.orders)
    .values({
      organizationId: event.organizationId,
      eventId: event.id,
      email: "acheteur@exemple.test",
      amount,
      fees,
      netAmount: amount - fees,
      status: options.status,
      accessToken: unique("order"),
    })
    .returning();
  const places = [
    ...Array.from({ length: tickets }, (_, i) => ({ ticket: ticket!, type: "ticket" as const, isIn: i < (options.checkedIn ?? 0) })),
    ...Array.from({ length: addons }, () => ({ ticket: addon!, type: "addon" as const, isIn: false })),
  ];
  if (places.length > 0) {
    await db.insert(schema.participants).values(
      places.map((place) => ({
        organizationId: event.organizationId,
        eventId: event.id,
        orderId: order!.id,
        ticketId: place.ticket.id,
        ticketTitle: place.ticket.title,
        ticketType: place.type,
        price,
        isIn: place.isIn,
        accessToken: unique("participant"),
      })),
    );
  }
  return order!;
}
