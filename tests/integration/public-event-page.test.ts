import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import { events, organizations, tickets } from "#db/schema";
import { getPublicEvent, getPublicEventVersion } from "#domain/public-events/get-public-event";

let eventId: number;

beforeAll(async () => {
  const db = createD1Database(env.DB);
  // Two organizations so that the event's and its organization's ids and titles differ.
  await db.insert(organizations).values({ title: "Autre", titleKey: "autre" });
  const [organization] = await db.insert(organizations).values({ title: "Les Nuits Sonores", titleKey: "les nuits sonores" }).returning();
  await db.insert(events).values({ organizationId: organization!.id, title: "Brouillon" });
  const [event] = await db
    .insert(events)
    .values({ organizationId: organization!.id, title: "Festival d'été", status: "published", startAt: new Date(Date.now() + 86_400_000 * 30) })
    .returning();
  eventId = event!.id;
  await db.insert(tickets).values({ organizationId: organization!.id, eventId, title: "Pass 1 jour", price: 3000 });
});

describe("public event page on D1", () => {
  it("reads the event, its organization and tickets in one batch without mixing same-named columns", async () => {
    const found = await getPublicEvent(createD1Database(env.DB), eventId, { mode: "public", env, hash: null });
    expect(found.kind).toBe("found");
    if (found.kind !== "found") return;
    expect(found.event).toMatchObject({ id: eventId, title: "Festival d'été", slug: "festival-dete" });
    expect(found.event.organization.title).toBe("Les Nuits Sonores");
    expect(found.event.tickets.map((t) => t.title)).toEqual(["Pass 1 jour"]);
    expect(await getPublicEventVersion(createD1Database(env.DB), eventId)).toMatch(/^\d+-/);
  });

  it("caches the rendered page at the edge under the event's version", async () => {
    // The integration Worker's React Router fallback answers 404, so the page itself is covered end to end; here the
    // middleware must at least leave unknown events and non-matching paths alone.
    const response = await exports.default.fetch("http://localhost/events/999999/nothing");
    expect(response.headers.get("X-Guichet-Cache")).toBeNull();
  });
});
