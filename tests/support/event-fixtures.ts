import type { Database } from "#db/database";
import * as schema from "#db/schema";
import type { EventRole, OrderStatus, OrganizationRole } from "#db/schema";
import type { Actor } from "#domain/shared/actor";
import { addMember, insertEvent, insertOrganization, insertUser, unique } from "./organization-fixtures";

/** Rows for the events domain and API tests; works on libSQL and D1 alike. The plain rows come from organization-fixtures. */

export { addMember as addMembership, insertOrganization as createOrganization };

export type TestUser = { id: number; email: string };

export async function createUser(db: Database, label: string): Promise<TestUser> {
  const user = await insertUser(db, { email: `${unique(label)}@events.test`, firstName: "Camille", lastName: label });
  return { id: user.id, email: user.email };
}

export async function grantEventAccess(
  db: Database,
  event: { id: number; organizationId: number },
  user: TestUser,
  roles: EventRole[],
) {
  await db
    .insert(schema.eventAccesses)
    .values({ organizationId: event.organizationId, eventId: event.id, userId: user.id, email: user.email, roles: roles.join("|") });
}

export function actorOf(user: TestUser, organizationId: number | null, role: OrganizationRole | null): Actor {
  return { userId: user.id, email: user.email, isAdmin: false, organizationId, role };
}

export async function createTestEvent(
  db: Database,
  organizationId: number,
  values: Partial<typeof schema.events.$inferInsert> = {},
) {
  return insertEvent(db, organizationId, { title: "Concert de printemps", ...values });
}

export async function createTicket(
  db: Database,
  event: { id: number; organizationId: number },
  values: Partial<typeof schema.tickets.$inferInsert> = {},
) {
  const [ticket] = await db
    .insert(schema.tickets)
    .values({ organizationId: event.organizationId, eventId: event.id, title: "Plein tarif", price: 2000, ...values })
    .returning();
  return ticket!;
}

/** An order holding `places` of `ticket` (each a participant), `amount` defaulting to the places' price. */
export async function createOrder(
  db: Database,
  event: { id: number; organizationId: number },
  options: {
    status: OrderStatus;
    places: { ticket: typeof schema.tickets.$inferSelect; count: number }[];
    createdAt?: Date;
    amount?: number;
    fees?: number;
    paidAt?: Date | null;
  },
) {
  const amount = options.amount ?? options.places.reduce((sum, p) => sum + p.ticket.price * p.count, 0);
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
      paidAt: options.paidAt ?? (options.status === "paid" ? createdAt : null),
      accessToken: unique("order"),
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  const participantRows = [];
  for (const place of options.places) {
    for (let i = 0; i < place.count; i++) {
      participantRows.push({
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
        accessToken: unique("participant"),
        createdAt,
        updatedAt: createdAt,
      });
    }
  }
  const inserted = participantRows.length > 0 ? await db.insert(schema.participants).values(participantRows).returning() : [];
  return { order: order!, participants: inserted };
}

/**
 * Two organizations and one user per role: owner, admin, event_manager, a guest with event_manager access to the
 * event, a guest with only validator access, a guest without access, and the owner of the other organization.
 */
export async function createEventsWorld(db: Database) {
  const organization = await insertOrganization(db);
  const foreignOrganization = await insertOrganization(db);
  const event = await createTestEvent(db, organization.id, { accessToken: "preview-token" });
  const foreignEvent = await createTestEvent(db, foreignOrganization.id, { title: "Ailleurs" });

  const users = {
    owner: await createUser(db, "owner"),
    admin: await createUser(db, "admin"),
    manager: await createUser(db, "manager"),
    guestManager: await createUser(db, "guest-manager"),
    guestValidator: await createUser(db, "guest-validator"),
    guestNone: await createUser(db, "guest-none"),
    foreignOwner: await createUser(db, "foreign-owner"),
  };
  await addMember(db, organization.id, users.owner.id, "owner");
  await addMember(db, organization.id, users.admin.id, "admin");
  await addMember(db, organization.id, users.manager.id, "event_manager");
  await addMember(db, organization.id, users.guestManager.id, "");
  await addMember(db, organization.id, users.guestValidator.id, "");
  await addMember(db, organization.id, users.guestNone.id, "");
  await addMember(db, foreignOrganization.id, users.foreignOwner.id, "owner");
  await grantEventAccess(db, event, users.guestManager, ["event_manager"]);
  await grantEventAccess(db, event, users.guestValidator, ["validator"]);

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
