import type { Database } from "#db/database";
import * as schema from "#db/schema";
import type { OrderStatus } from "#db/schema";

let sequence = 0;
const unique = (label: string) => `${label}-${Date.now().toString(36)}-${(sequence++).toString(36)}`;

export type ConfirmedOrderScenario = Awaited<ReturnType<typeof insertConfirmedOrder>>;

/**
 * An organization (with an owner) and a published event in Paris time with one paid order written as booking writes
 * it: two ticket places (participants with their access tokens) and an add-on line, rows inserted directly.
 */
export async function insertConfirmedOrder(
  db: Database,
  options: {
    status?: OrderStatus;
    locale?: "fr" | "en";
    eventTitle?: string;
    ticketTitle?: string;
    price?: number;
    emailPdfMessage?: string;
    email?: string;
  } = {},
) {
  const title = unique("Théâtre du Port");
  const [organization] = await db
    .insert(schema.organizations)
    .values({ title, titleKey: title.toLowerCase() })
    .returning();
  const [owner] = await db
    .insert(schema.users)
    .values({ email: `${unique("owner")}@guichet.test`, firstName: "Odile", lastName: "Roux" })
    .returning();
  await db.insert(schema.memberships).values({ organizationId: organization!.id, userId: owner!.id, role: "owner" });
  const [event] = await db
    .insert(schema.events)
    .values({
      organizationId: organization!.id,
      title: options.eventTitle ?? "Événement à l'Opéra",
      status: "published",
      timezone: "Europe/Paris",
      startAt: new Date("2027-03-12T19:00:00.000Z"),
      endAt: new Date("2027-03-12T22:30:00.000Z"),
      addressName: "Opéra Garnier",
      addressLabel: "Place de l'Opéra, 75009 Paris",
      emailPdfMessage:
        options.emailPdfMessage ??
        "<p>Présentez ce billet à l'entrée, avec une pièce d'identité.</p><p>Ouverture des portes à 19 h 30.</p>",
    })
    .returning();
  const [ticket, addon] = await db
    .insert(schema.tickets)
    .values([
      {
        organizationId: organization!.id,
        eventId: event!.id,
        title: options.ticketTitle ?? "Plein tarif",
        price: options.price ?? 1200,
      },
      { organizationId: organization!.id, eventId: event!.id, title: "Vestiaire", price: 300, ticketType: "addon" },
    ])
    .returning();
  const status = options.status ?? "paid";
  const [order] = await db
    .insert(schema.orders)
    .values({
      organizationId: organization!.id,
      eventId: event!.id,
      firstName: "Léa",
      lastName: "Martin",
      email: options.email ?? `${unique("lea")}@exemple.test`,
      amount: 2 * ticket!.price + addon!.price,
      status,
      paidAt: status === "paid" ? new Date("2027-01-05T10:00:00.000Z") : null,
      accessToken: unique("order-token"),
      locale: options.locale ?? "fr",
    })
    .returning();
  await db.insert(schema.orderItems).values([
    {
      organizationId: organization!.id,
      eventId: event!.id,
      orderId: order!.id,
      ticketId: ticket!.id,
      quantity: 2,
      unitPrice: ticket!.price,
    },
    {
      organizationId: organization!.id,
      eventId: event!.id,
      orderId: order!.id,
      ticketId: addon!.id,
      ticketType: "addon",
      quantity: 1,
      unitPrice: addon!.price,
    },
  ]);
  const people = [
    { firstName: "Léa", lastName: "Martin" },
    { firstName: "Noël", lastName: "Dupré" },
  ];
  const participants =
    status === "paid" || status === "manual"
      ? await db
          .insert(schema.participants)
          .values(
            people.map((person) => ({
              organizationId: organization!.id,
              eventId: event!.id,
              orderId: order!.id,
              ticketId: ticket!.id,
              ...person,
              email: order!.email,
              ticketTitle: ticket!.title,
              price: ticket!.price,
              accessToken: unique("participant-token"),
            })),
          )
          .returning()
      : [];
  return { organization: organization!, owner: owner!, event: event!, ticket: ticket!, order: order!, participants };
}
