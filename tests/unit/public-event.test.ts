import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { events, organizations, tickets } from "#db/schema";
import { privateEventHash } from "#domain/events/private-event-link";
import { getPublicEvent, getPublicEventVersion } from "#domain/public-events/get-public-event";
import { pageLanguage } from "../../workers/middleware/public-page-cache";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../support/libsql-test-db";

const env = { ENVIRONMENT: "test" };
const now = new Date("2026-06-01T10:00:00Z");
const day = 86_400_000;

describe("public event page data", () => {
  let t: LibsqlTestDatabase;
  let organizationId: number;

  async function makeEvent(values: Partial<typeof events.$inferInsert>) {
    const [event] = await t.db
      .insert(events)
      .values({
        organizationId,
        title: "Fête de la Musique à Lyon",
        status: "published",
        startAt: new Date(now.getTime() + 10 * day),
        endAt: new Date(now.getTime() + 10 * day + 4 * 3_600_000),
        addressLatitude: 45_764_043,
        addressLongitude: 4_835_659,
        ...values,
      })
      .returning();
    return event!;
  }

  beforeEach(async () => {
    t = await createLibsqlTestDatabase();
    const [organization] = await t.db.insert(organizations).values({ title: "Les Nuits", titleKey: "les nuits" }).returning();
    organizationId = organization!.id;
  });
  afterEach(() => t.close());

  it("shows a published public event with its visible tickets, add-ons, statuses and remaining counts", async () => {
    const event = await makeEvent({});
    await t.db.insert(tickets).values([
      { organizationId, eventId: event.id, title: "Plein tarif", price: 2500, amount: 100, purchased: 40, showRemainingCount: true, sort: 1 },
      { organizationId, eventId: event.id, title: "Complet", price: 1500, amount: 10, purchased: 10, sort: 2 },
      { organizationId, eventId: event.id, title: "Masqué", price: 1000, visibility: "hidden", sort: 3 },
      { organizationId, eventId: event.id, title: "Supprimé", price: 1000, visibility: "deleted", sort: 4 },
      { organizationId, eventId: event.id, title: "Vestiaire", price: 200, ticketType: "addon", sort: 5 },
    ]);
    const found = await getPublicEvent(t.db, event.id, { mode: "public", env, hash: null }, now);
    expect(found.kind).toBe("found");
    if (found.kind !== "found") return;
    expect(found.event.slug).toBe("fete-de-la-musique-a-lyon");
    expect(found.event.latitude).toBeCloseTo(45.764043);
    expect(found.event.organization.title).toBe("Les Nuits");
    expect(found.event.tickets.map((x) => [x.title, x.sale.status, x.remaining])).toEqual([
      ["Plein tarif", "on_sale", 60],
      ["Complet", "sold_out", null],
    ]);
    expect(found.event.addons.map((x) => x.title)).toEqual(["Vestiaire"]);
  });

  it("hides drafts, archived events and unknown ids", async () => {
    const draft = await makeEvent({ status: "draft" });
    const archived = await makeEvent({ status: "archived" });
    for (const id of [draft.id, archived.id, 9999, Number.NaN]) {
      expect((await getPublicEvent(t.db, id, { mode: "public", env, hash: null }, now)).kind).toBe("not-found");
    }
  });

  it("opens a private event only with the keyed hash of its id", async () => {
    const event = await makeEvent({ visibility: "private" });
    const other = await makeEvent({ visibility: "private" });
    const lookup = (hash: string | null) => getPublicEvent(t.db, event.id, { mode: "public", env, hash }, now);
    expect((await lookup(null)).kind).toBe("not-found");
    expect((await lookup(privateEventHash(env, other.id))).kind).toBe("not-found");
    expect((await lookup(privateEventHash(env, event.id))).kind).toBe("found");
  });

  it("previews an unpublished event with its access token only", async () => {
    const draft = await makeEvent({ status: "draft", accessToken: "tok_preview_123" });
    const published = await makeEvent({ accessToken: "tok_published" });
    const preview = (id: number, accessToken: string) => getPublicEvent(t.db, id, { mode: "preview", accessToken }, now);
    expect((await preview(draft.id, "tok_preview_123")).kind).toBe("found");
    expect((await preview(draft.id, "wrong")).kind).toBe("not-found");
    expect((await preview(published.id, "tok_published")).kind).toBe("not-found");
  });

  it("changes version when the event is edited or a ticket sells", async () => {
    const event = await makeEvent({});
    const [ticket] = await t.db.insert(tickets).values({ organizationId, eventId: event.id, title: "Billet", price: 1000 }).returning();
    const v1 = await getPublicEventVersion(t.db, event.id);
    await t.db.update(tickets).set({ purchased: 1 }).where(eq(tickets.id, ticket!.id));
    const v2 = await getPublicEventVersion(t.db, event.id);
    await t.db.update(events).set({ title: "Nouveau titre", updatedAt: new Date(Date.now() + 1000) }).where(eq(events.id, event.id));
    const v3 = await getPublicEventVersion(t.db, event.id);
    expect(new Set([v1, v2, v3]).size).toBe(3);
    expect(await getPublicEventVersion(t.db, 12345)).toBeNull();
  });
});

describe("page language for the edge cache key", () => {
  const request = (headers: Record<string, string>) => new Request("http://localhost/events/1/x", { headers });
  it("follows the lng cookie, then Accept-Language, then French", () => {
    expect(pageLanguage(request({ Cookie: "lng=en", "Accept-Language": "fr-FR" }))).toBe("en");
    expect(pageLanguage(request({ "Accept-Language": "de-DE, en-US;q=0.8, fr;q=0.5" }))).toBe("en");
    expect(pageLanguage(request({ "Accept-Language": "de-DE" }))).toBe("fr");
    expect(pageLanguage(request({}))).toBe("fr");
  });
});
