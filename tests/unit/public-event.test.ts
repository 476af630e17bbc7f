import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { events, tickets } from "#db/schema";
import { privateEventHash } from "#domain/events/private-event-link";
import { getPublicEvent, getPublicEventVersion } from "#domain/public-events/get-public-event";
import { RouterContextProvider } from "react-router";
import { createI18nextMiddleware } from "remix-i18next";
import { fallbackLanguage, supportedLanguages } from "../../domain/http/i18n-config";
import { localeCookie } from "../../domain/http/locale-cookie";
import { requestLanguage } from "../../domain/http/request-language";
import { insertOrganization } from "../support/fixtures";
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
    organizationId = (await insertOrganization(t.db, { title: "Les Nuits", titleKey: "les nuits" })).id;
  });
  afterEach(() => t.close());

  it("shows a published public event with its visible tickets, add-ons, statuses and remaining counts", async () => {
    const event = await makeEvent({});
    await t.db.insert(tickets).values([
      {
        organizationId,
        eventId: event.id,
        title: "Plein tarif",
        price: 2500,
        amount: 100,
        purchased: 40,
        showRemainingCount: true,
        sort: 1,
      },
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

  it("says when a ticket's sales open, only while they have not", async () => {
    const event = await makeEvent({});
    const opensAt = new Date(now.getTime() + 3 * day);
    await t.db.insert(tickets).values([
      { organizationId, eventId: event.id, title: "Prévente", price: 2000, sellStartAt: opensAt, sort: 1 },
      {
        organizationId,
        eventId: event.id,
        title: "Plein tarif",
        price: 2500,
        sellStartAt: new Date(now.getTime() - day),
        sort: 2,
      },
    ]);
    const found = await getPublicEvent(t.db, event.id, { mode: "public", env, hash: null }, now);
    if (found.kind !== "found") throw new Error(found.kind);
    expect(found.event.tickets.map((x) => [x.title, x.sale.explanation, x.salesOpenAt])).toEqual([
      ["Prévente", "sales_havent_started_yet", opensAt.getTime()],
      ["Plein tarif", null, null],
    ]);
  });

  it("counts places left and sold out with the event capacity, purchases of deleted tickets included", async () => {
    const event = await makeEvent({ eventCapacity: 100 });
    await t.db.insert(tickets).values([
      // Its own stock leaves 150, the capacity only 100 - (30 + 50 + 15) = 5.
      {
        organizationId,
        eventId: event.id,
        title: "Plein tarif",
        price: 2500,
        amount: 200,
        purchased: 50,
        showRemainingCount: true,
        sort: 1,
      },
      {
        organizationId,
        eventId: event.id,
        title: "Sans limite",
        price: 1500,
        purchased: 15,
        showRemainingCount: true,
        sort: 2,
      },
      {
        organizationId,
        eventId: event.id,
        title: "Ancien tarif",
        price: 1000,
        purchased: 30,
        visibility: "deleted",
        sort: 3,
      },
      {
        organizationId,
        eventId: event.id,
        title: "Vestiaire",
        price: 200,
        purchased: 500,
        ticketType: "addon",
        showRemainingCount: true,
        sort: 4,
      },
    ]);
    const found = await getPublicEvent(t.db, event.id, { mode: "public", env, hash: null }, now);
    if (found.kind !== "found") throw new Error("not found");
    expect(found.event.tickets.map((x) => [x.title, x.sale.status, x.remaining])).toEqual([
      ["Plein tarif", "on_sale", 5],
      ["Sans limite", "on_sale", 5],
    ]);
    // Add-ons do not count toward the capacity and have no stock here: nothing to show.
    expect(found.event.addons.map((x) => [x.title, x.sale.status, x.remaining])).toEqual([
      ["Vestiaire", "on_sale", null],
    ]);

    // 5 more places sold on a ticket that was later deleted: the capacity is reached, every ticket is sold out.
    await t.db.update(tickets).set({ purchased: 35 }).where(eq(tickets.title, "Ancien tarif"));
    const full = await getPublicEvent(t.db, event.id, { mode: "public", env, hash: null }, now);
    if (full.kind !== "found") throw new Error("not found");
    expect(full.event.tickets.map((x) => [x.sale.status, x.remaining])).toEqual([
      ["sold_out", 0],
      ["sold_out", 0],
    ]);
  });

  it("sanitizes the description again on read, gives its text with entities decoded, and only the organization's title", async () => {
    const event = await makeEvent({
      description:
        '<p onclick="steal()">Rock &amp; Roll <script>alert(1)</script><a href="javascript:alert(1)">lien</a></p><p>Suite</p>',
    });
    const found = await getPublicEvent(t.db, event.id, { mode: "public", env, hash: null }, now);
    if (found.kind !== "found") throw new Error("not found");
    expect(found.event.description).toBe(
      '<p>Rock &amp; Roll <a rel="noopener noreferrer nofollow" target="_blank">lien</a></p><p>Suite</p>',
    );
    expect(found.event.descriptionText).toBe("Rock & Roll lien Suite");
    // Only what the page shows of its organization: its name, and its id and privacy for the organizer page link.
    expect(found.event.organization).toEqual({ id: expect.any(Number), title: "Les Nuits", isPrivate: false });
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
    const preview = (id: number, accessToken: string) =>
      getPublicEvent(t.db, id, { mode: "preview", accessToken }, now);
    expect((await preview(draft.id, "tok_preview_123")).kind).toBe("found");
    expect((await preview(draft.id, "wrong")).kind).toBe("not-found");
    expect((await preview(published.id, "tok_published")).kind).toBe("not-found");
  });

  it("changes version when the event is edited or a ticket sells", async () => {
    const event = await makeEvent({});
    const [ticket] = await t.db
      .insert(tickets)
      .values({ organizationId, eventId: event.id, title: "Billet", price: 1000 })
      .returning();
    const v1 = await getPublicEventVersion(t.db, event.id);
    await t.db.update(tickets).set({ purchased: 1 }).where(eq(tickets.id, ticket!.id));
    const v2 = await getPublicEventVersion(t.db, event.id);
    await t.db
      .update(events)
      .set({ title: "Nouveau titre", updatedAt: new Date(Date.now() + 1000) })
      .where(eq(events.id, event.id));
    const v3 = await getPublicEventVersion(t.db, event.id);
    expect(new Set([v1, v2, v3]).size).toBe(3);
    expect(await getPublicEventVersion(t.db, 12345)).toBeNull();
  });

  it("changes version with the visibility even at the same updated_at, and has none once unpublished", async () => {
    const event = await makeEvent({});
    const publicVersion = await getPublicEventVersion(t.db, event.id);
    await t.db.update(events).set({ visibility: "private" }).where(eq(events.id, event.id));
    const privateVersion = await getPublicEventVersion(t.db, event.id);
    expect(privateVersion).not.toBeNull();
    expect(privateVersion).not.toBe(publicVersion);
    for (const status of ["draft", "archived"] as const) {
      await t.db.update(events).set({ status }).where(eq(events.id, event.id));
      expect(await getPublicEventVersion(t.db, event.id)).toBeNull();
    }
  });
});

describe("request language (edge cache key, emails of the JSON API)", () => {
  const request = (headers: Record<string, string>) => new Request("http://localhost/events/1/x", { headers });

  it("reads the lng cookie as React Router encodes it, then Accept-Language, then French", async () => {
    const english = (await localeCookie.serialize("en")).split(";")[0]!;
    expect(english).not.toBe("lng=en");
    expect(await requestLanguage(request({ Cookie: english, "Accept-Language": "fr-FR" }))).toBe("en");
    expect(await requestLanguage(request({ Cookie: `session=abc; ${english}` }))).toBe("en");
    const french = (await localeCookie.serialize("fr")).split(";")[0]!;
    expect(await requestLanguage(request({ Cookie: french, "Accept-Language": "en-US" }))).toBe("fr");
    // A raw value is not what the app writes: it does not count, the header decides.
    expect(await requestLanguage(request({ Cookie: "lng=en", "Accept-Language": "fr-FR" }))).toBe("fr");
    expect(await requestLanguage(request({ Cookie: `lng=${btoa('"de"')}`, "Accept-Language": "en" }))).toBe("en");
    expect(await requestLanguage(request({}))).toBe("fr");
  });

  it("decides exactly as the page's i18next middleware does, so a page is never filed under another language", async () => {
    // The same library and detection options as app/middleware/i18next.ts.
    const [middleware, getLocale] = createI18nextMiddleware({
      detection: {
        supportedLanguages: [...supportedLanguages],
        fallbackLanguage,
        cookie: localeCookie,
        order: ["cookie", "header"],
      },
    });
    const english = (await localeCookie.serialize("en")).split(";")[0]!;
    const cases: Record<string, string>[] = [
      { Cookie: english, "Accept-Language": "fr-FR" },
      { Cookie: "lng=en", "Accept-Language": "fr-FR" },
      { "Accept-Language": "de-DE, en-US;q=0.8, fr;q=0.5" },
      { "Accept-Language": "en-US,en;q=0.9" },
      { "Accept-Language": "en;q=0.1, fr;q=0.9" },
      { "Accept-Language": "xx-YY, en" },
      { "Accept-Language": "nl-BE" },
      { "Accept-Language": "EN-gb" },
      { "Accept-Language": "*" },
      { "Accept-Language": "de-DE" },
      {},
    ];
    for (const headers of cases) {
      const context = new RouterContextProvider();
      await middleware({ request: request(headers), context, params: {} } as never, async () => new Response());
      expect(await requestLanguage(request(headers)), JSON.stringify(headers)).toBe(getLocale(context));
    }
  });
});
