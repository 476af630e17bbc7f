import type { Database } from "#db/database";
import * as schema from "#db/schema";
import type { EventRole, OrderStatus, OrganizationRole } from "#db/schema";
import type { Actor } from "#domain/shared/actor";
import { rebuildSalesFigures } from "#domain/sales-figures/rebuild-sales-figures";
import { organizationLookalikeKey } from "#domain/organizations/organization-title";

/**
 * The one fixture vocabulary of the tests (libSQL and D1 alike). Every helper writes rows directly, bypassing the
 * use-cases, and is named `insert<Row>` so it never reads like the domain's `create…` use-cases it sets up for:
 * `insertUser`, `insertOrganization`, `insertMember`, `insertEvent`, `insertEventAccess`, `insertTicket`,
 * `insertOrder`, `insertHold`; `actorOf` builds an Actor; `insertEventsWorld` is the shared scenario of the events tests.
 */

let sequence = 0;
/** A label no other row of the run has. */
export const unique = (label: string) => `${label}-${Date.now().toString(36)}-${(sequence++).toString(36)}`;

export type User = typeof schema.users.$inferSelect;
export type Ticket = typeof schema.tickets.$inferSelect;
type EventRef = { id: number; organizationId: number };

export async function insertUser(db: Database, values: Partial<typeof schema.users.$inferInsert> = {}): Promise<User> {
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
    .values({ titleKey: title.toLowerCase(), titleLookalikeKey: organizationLookalikeKey(title), ...values, title })
    .returning();
  return organization!;
}

/** A membership: the user's role in the organization ("" is the guest role). */
export async function insertMember(db: Database, organizationId: number, userId: number, role: OrganizationRole) {
  await db.insert(schema.memberships).values({ organizationId, userId, role });
}

export async function insertEvent(
  db: Database,
  organizationId: number,
  values: Partial<typeof schema.events.$inferInsert> = {},
) {
  const [event] = await db
    .insert(schema.events)
    .values({ organizationId, title: unique("Concert"), ...values })
    .returning();
  return event!;
}

/** Event roles of a user on one event (the guests' access). */
export async function insertEventAccess(
  db: Database,
  event: EventRef,
  user: { id: number; email: string },
  roles: EventRole[],
) {
  await db.insert(schema.eventAccesses).values({
    organizationId: event.organizationId,
    eventId: event.id,
    userId: user.id,
    email: user.email,
    roles: roles.join("|"),
  });
}

export async function insertTicket(
  db: Database,
  event: EventRef,
  values: Partial<typeof schema.tickets.$inferInsert> = {},
): Promise<Ticket> {
  const [ticket] = await db
    .insert(schema.tickets)
    .values({ organizationId: event.organizationId, eventId: event.id, title: "Plein tarif", price: 2000, ...values })
    .returning();
  return ticket!;
}

export type OrderOptions = {
  status: OrderStatus;
  /** The places bought, one participant each; the first `checkedIn` of a group are checked in. */
  places?: { ticket: Ticket; count: number; checkedIn?: number }[];
  /**
   * Without `places`: `tickets` ticket places and `addons` add-on places (new "Plein tarif" and "Vestiaire" tickets)
   * at `price` cents each, the first `checkedIn` ticket places checked in.
   */
  tickets?: number;
  addons?: number;
  price?: number;
  checkedIn?: number;
  /** Defaults to the places' price. */
  amount?: number;
  fees?: number;
  createdAt?: Date;
  /** Defaults to `createdAt` for a paid order, else null. */
  paidAt?: Date | null;
};

/** An order on the event with its participants (one per place). */
export async function insertOrder(db: Database, event: EventRef, options: OrderOptions) {
  const places = options.places ?? (await defaultPlaces(db, event, options));
  const amount = options.amount ?? places.reduce((sum, place) => sum + place.ticket.price * place.count, 0);
  const fees = options.fees ?? 0;
  const createdAt = options.createdAt ?? new Date();
  const [order] = await db
    .insert(schema.orders)
    .values({
      organizationId: event.organizationId,
      eventId: event.id,
      firstName: "Alex",
      lastName: "Durand",
      email: "alex@exemple.test",
      amount,
      fees,
      netAmount: amount - fees,
      status: options.status,
      paidAt: options.paidAt !== undefined ? options.paidAt : options.status === "paid" ? createdAt : null,
      accessToken: unique("order"),
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  const rows = places.flatMap((place) =>
    Array.from({ length: place.count }, (_, i) => ({
      organizationId: event.organizationId,
      eventId: event.id,
      orderId: order!.id,
      ticketId: place.ticket.id,
      firstName: "Alex",
      lastName: "Durand",
      email: "alex@exemple.test",
      ticketTitle: place.ticket.title,
      ticketType: place.ticket.ticketType,
      price: place.ticket.price,
      isIn: i < (place.checkedIn ?? 0),
      accessToken: unique("participant"),
      createdAt,
      updatedAt: createdAt,
    })),
  );
  const participants = rows.length > 0 ? await db.insert(schema.participants).values(rows).returning() : [];
  // Every write of orders keeps the sales figures (domain/sales-figures); rows written directly get a recount.
  await rebuildSalesFigures(db, { eventId: event.id });
  return { order: order!, participants };
}

/**
 * A pending order holding `quantity` units of the ticket until `heldUntil` (its payment deadline too), as
 * domain/booking/place-order.ts writes one: no participants until it is paid.
 */
export async function insertHold(db: Database, ticket: Ticket, quantity: number, heldUntil: Date) {
  const [order] = await db
    .insert(schema.orders)
    .values({
      organizationId: ticket.organizationId,
      eventId: ticket.eventId,
      status: "pending",
      accessToken: unique("hold"),
      payableUntil: heldUntil,
    })
    .returning();
  await db.insert(schema.orderItems).values({
    organizationId: ticket.organizationId,
    eventId: ticket.eventId,
    orderId: order!.id,
    ticketId: ticket.id,
    ticketType: ticket.ticketType,
    quantity,
    unitPrice: ticket.price,
    heldUntil,
  });
  return order!;
}

async function defaultPlaces(db: Database, event: EventRef, options: OrderOptions) {
  const price = options.price ?? 2000;
  const ticket = await insertTicket(db, event, { title: "Plein tarif", price });
  const addon = await insertTicket(db, event, { title: "Vestiaire", price, ticketType: "addon" });
  return [
    { ticket, count: options.tickets ?? 1, checkedIn: options.checkedIn ?? 0 },
    { ticket: addon, count: options.addons ?? 0 },
  ];
}

export function actorOf(
  user: { id: number; email: string; isAdmin?: boolean },
  organizationId: number | null,
  role: OrganizationRole | null,
): Actor {
  return { userId: user.id, email: user.email, isAdmin: user.isAdmin ?? false, organizationId, role };
}

/**
 * Two organizations and one user per role: owner, admin, event_manager, a guest with event_manager access to the
 * event, a guest with only validator access, a guest without access, and the owner of the other organization.
 */
export async function insertEventsWorld(db: Database) {
  const organization = await insertOrganization(db);
  const foreignOrganization = await insertOrganization(db);
  const event = await insertEvent(db, organization.id, { title: "Concert de printemps", accessToken: "preview-token" });
  const foreignEvent = await insertEvent(db, foreignOrganization.id, { title: "Ailleurs" });

  const person = (label: string) =>
    insertUser(db, { email: `${unique(label)}@events.test`, firstName: "Camille", lastName: label });
  const users = {
    owner: await person("owner"),
    admin: await person("admin"),
    manager: await person("manager"),
    guestManager: await person("guest-manager"),
    guestValidator: await person("guest-validator"),
    guestNone: await person("guest-none"),
    foreignOwner: await person("foreign-owner"),
  };
  await insertMember(db, organization.id, users.owner.id, "owner");
  await insertMember(db, organization.id, users.admin.id, "admin");
  await insertMember(db, organization.id, users.manager.id, "event_manager");
  await insertMember(db, organization.id, users.guestManager.id, "");
  await insertMember(db, organization.id, users.guestValidator.id, "");
  await insertMember(db, organization.id, users.guestNone.id, "");
  await insertMember(db, foreignOrganization.id, users.foreignOwner.id, "owner");
  await insertEventAccess(db, event, users.guestManager, ["event_manager"]);
  await insertEventAccess(db, event, users.guestValidator, ["validator"]);

  const actors = {
    owner: actorOf(users.owner, organization.id, "owner"),
    admin: actorOf(users.admin, organization.id, "admin"),
    manager: actorOf(users.manager, organization.id, "event_manager"),
    guestManager: actorOf(users.guestManager, organization.id, ""),
    guestValidator: actorOf(users.guestValidator, organization.id, ""),
    guestNone: actorOf(users.guestNone, organization.id, ""),
    foreignOwner: actorOf(users.foreignOwner, foreignOrganization.id, "owner"),
  };
  return { organization, foreignOrganization, event, foreignEvent, users, actors };
}
