import { env, exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import { events, organizations, tickets } from "#db/schema";
import { createSession } from "#domain/auth/sessions";
import { privateEventHash } from "#domain/events/private-event-link";
import { getPublicEvent, getPublicEventVersion } from "#domain/public-events/get-public-event";
import { insertEventsWorld } from "../support/fixtures";
import { publicEventMeta } from "~/server/public-event-meta";
import { BROWSER_CACHE_CONTROL, publicPageCacheKey } from "../../workers/middleware/public-page-cache";

let eventId: number;

beforeAll(async () => {
  const db = createD1Database(env.DB);
  // Two organizations so that the event's and its organization's ids and titles differ.
  await db.insert(organizations).values({ title: "Autre", titleKey: "autre" });
  const [organization] = await db
    .insert(organizations)
    .values({ title: "Les Nuits Sonores", titleKey: "les nuits sonores" })
    .returning();
  await db.insert(events).values({ organizationId: organization!.id, title: "Brouillon" });
  const [event] = await db
    .insert(events)
    .values({
      organizationId: organization!.id,
      title: "Festival d'été",
      status: "published",
      startAt: new Date(Date.now() + 86_400_000 * 30),
      description: "<p>Rock &amp; Roll</p><p>sous les étoiles</p>",
    })
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
    expect(await getPublicEventVersion(createD1Database(env.DB), eventId)).toMatch(/^public-\d+-/);
  });

  it("describes the page to link previews with the description's decoded text", async () => {
    const found = await getPublicEvent(createD1Database(env.DB), eventId, { mode: "public", env, hash: null });
    if (found.kind !== "found") throw new Error("not found");
    const tags = publicEventMeta(found.event, `http://localhost/events/${eventId}/festival-dete`, { indexable: true });
    expect(tags).toContainEqual({ property: "og:description", content: "Rock & Roll sous les étoiles" });
    expect(tags).toContainEqual({ name: "description", content: "Rock & Roll sous les étoiles" });
  });

  it("keys the edge copy by the URL with its query, the build, the version and the language", () => {
    const parts = { build: "b1", version: "public-1-0", language: "fr" };
    const withHash = publicPageCacheKey("http://localhost/events/2/gala?t=abc", parts);
    expect(new URL(withHash).searchParams.get("t")).toBe("abc");
    expect(publicPageCacheKey("http://localhost/events/2/gala", parts)).not.toBe(withHash);
    expect(publicPageCacheKey("http://localhost/events/2/gala?t=abd", parts)).not.toBe(withHash);
    expect(publicPageCacheKey("http://localhost/events/2/gala?t=abc", { ...parts, build: "b2" })).not.toBe(withHash);
    expect(publicPageCacheKey("http://localhost/events/2/gala?t=abc", { ...parts, language: "en" })).not.toBe(withHash);
    // A visitor cannot choose the key's own parameters.
    expect(publicPageCacheKey("http://localhost/events/2/gala?t=abc&__build=b9&__lang=en", parts)).toBe(withHash);
    expect(BROWSER_CACHE_CONTROL).toMatch(/no-cache/);
  });

  it("caches the rendered page at the edge under the event's version", async () => {
    // The integration Worker's React Router fallback answers 404, so the page itself is covered end to end; here the
    // middleware must at least leave unknown events and non-matching paths alone.
    const response = await exports.default.fetch("http://localhost/events/999999/nothing");
    expect(response.headers.get("X-Guichet-Cache")).toBeNull();
  });
});

describe("revoking a private link", () => {
  it("finds the event with the current ?t= only: after 'Régénérer le lien privé' the old link is not found", async () => {
    const db = createD1Database(env.DB);
    const world = await insertEventsWorld(db);
    await db
      .update(events)
      .set({ status: "published", visibility: "private", startAt: new Date(Date.now() + 86_400_000) })
      .where(eq(events.id, world.event.id));
    const { token } = await createSession(db, world.users.owner.id);
    const lookup = async (hash: string) =>
      (await getPublicEvent(db, world.event.id, { mode: "public", env, hash })).kind;
    const oldHash = privateEventHash(env, { id: world.event.id, privateLinkVersion: 0 });
    expect(await lookup(oldHash)).toBe("found");

    const regenerated = await exports.default.fetch(`http://localhost/api/events/${world.event.id}/private-link`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(regenerated.status).toBe(200);
    expect(await lookup(oldHash)).toBe("not-found");
    expect(await lookup(privateEventHash(env, { id: world.event.id, privateLinkVersion: 1 }))).toBe("found");
  });
});
