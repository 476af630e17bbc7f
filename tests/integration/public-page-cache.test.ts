import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import { events, orderItems, orders, organizations, tickets } from "#db/schema";
import { privateEventHash } from "#domain/events/private-event-link";
import { getPublicEvent } from "#domain/public-events/get-public-event";
import { localeCookie } from "../../domain/http/locale-cookie";
import { HELD_ORDER_COOKIE } from "../../domain/booking/held-order";
import { createHonoApp } from "../../workers/hono-app";
import { resources } from "~/locales";

const db = createD1Database(env.DB);
let renders = 0;
let build = "build-1";

/**
 * The Hono app with a stand-in for React Router that renders the public page the way the real route decides it
 * (getPublicEvent, so a private event needs its `t`), sets a cookie like a session renewal would, and tells its
 * language like app/routes/public/event-page.tsx.
 */
const app = createHonoApp(
  async (request, workerEnv) => {
    renders++;
    const url = new URL(request.url);
    const id = Number(url.pathname.split("/")[2]);
    if (url.pathname.startsWith("/organizers/")) {
      const [organization] = await createD1Database(workerEnv.DB)
        .select()
        .from(organizations)
        .where(eq(organizations.id, id));
      if (!organization || organization.isPrivate)
        return new Response("Introuvable", { status: 404, headers: { "Content-Type": "text/html" } });
      return new Response(`<!doctype html><h1>${organization.title}</h1>`, {
        headers: { "Content-Type": "text/html; charset=utf-8", "Content-Language": "fr" },
      });
    }
    const found = await getPublicEvent(createD1Database(workerEnv.DB), id, {
      mode: "public",
      env: workerEnv,
      hash: url.searchParams.get("t"),
    });
    if (found.kind === "not-found")
      return new Response("Introuvable", { status: 404, headers: { "Content-Type": "text/html" } });
    const language = request.headers.get("Accept-Language")?.startsWith("en") ? "en" : "fr";
    const stock = found.event.tickets.map((t) => `<p>${t.title}: ${t.sale.status} ${t.remaining ?? ""}</p>`).join("");
    return new Response(`<!doctype html><h1>${found.event.title}</h1>${stock}`, {
      headers: {
        "Content-Type": "text/html; charset=utf-8",
        "Content-Language": language,
        "Cache-Control": "private, no-cache",
        "Set-Cookie": "guichet_session=secret; Path=/; HttpOnly",
      },
    });
  },
  { messages: resources, buildVersion: () => build },
);

async function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(`http://localhost${path}`, { headers }), env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

let privateId: number;
let privatePath: string;
let publicPath: string;
let publicId: number;

beforeAll(async () => {
  const [organization] = await db.insert(organizations).values({ title: "Cache", titleKey: "cache" }).returning();
  const startAt = new Date(Date.now() + 86_400_000 * 20);
  const [shown] = await db
    .insert(events)
    .values({ organizationId: organization!.id, title: "Ouvert", status: "published", startAt })
    .returning();
  const [hidden] = await db
    .insert(events)
    .values({
      organizationId: organization!.id,
      title: "Soirée privée",
      status: "published",
      visibility: "private",
      startAt,
    })
    .returning();
  publicId = shown!.id;
  publicPath = `/events/${publicId}/ouvert`;
  privateId = hidden!.id;
  privatePath = `/events/${privateId}/soiree-privee`;
});

describe("public page edge cache", () => {
  it("serves a private event from the cache only for the URL with its own t; without t or with a wrong one: 404", async () => {
    const withHash = `${privatePath}?t=${privateEventHash(env, privateId)}`;
    const miss = await get(withHash);
    expect(miss.status).toBe(200);
    expect(miss.headers.get("X-Guichet-Cache")).toBe("MISS");
    const hit = await get(withHash);
    expect(hit.headers.get("X-Guichet-Cache")).toBe("HIT");
    expect(await hit.text()).toContain("Soirée privée");

    for (const path of [
      privatePath,
      `${privatePath}?t=AAAAAAAAAAAAAAAAAAAAAA`,
      `${privatePath}?x=${privateEventHash(env, privateId)}`,
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("X-Guichet-Cache"), path).not.toBe("HIT");
    }
  });

  it("stores no cookie and lets the browser keep nothing, on a miss as on a hit", async () => {
    const path = `${publicPath}?case=cookies`;
    const miss = await get(path);
    expect(miss.headers.get("Set-Cookie")).toContain("guichet_session=secret");
    expect(miss.headers.get("Cache-Control")).toBe("private, no-cache");
    const hit = await get(path);
    expect(hit.headers.get("X-Guichet-Cache")).toBe("HIT");
    expect(hit.headers.get("Set-Cookie")).toBeNull();
    expect(hit.headers.get("Cache-Control")).toBe("private, no-cache");
  });

  it("neither serves nor stores the shared copy for a buyer whose order holds places (the page names that order)", async () => {
    const path = `${publicPath}?case=held-order`;
    expect((await get(path)).headers.get("X-Guichet-Cache")).toBe("MISS");
    expect((await get(path)).headers.get("X-Guichet-Cache")).toBe("HIT");
    const rendered = renders;
    const own = await get(path, { Cookie: `${HELD_ORDER_COOKIE}=12.abcdefghij234567` });
    expect(own.headers.get("X-Guichet-Cache")).toBe("BYPASS");
    expect(own.headers.get("Cache-Control")).toBe("private, no-cache");
    expect(renders).toBe(rendered + 1);
    expect((await get(path)).headers.get("X-Guichet-Cache")).toBe("HIT");
  });

  it("stops serving a page as soon as the event is back to draft, and never caches it meanwhile", async () => {
    const path = `${publicPath}?case=unpublish`;
    await get(path);
    expect((await get(path)).headers.get("X-Guichet-Cache")).toBe("HIT");
    await db.update(events).set({ status: "draft" }).where(eq(events.id, publicId));
    try {
      const gone = await get(path);
      expect(gone.status).toBe(404);
      expect(gone.headers.get("X-Guichet-Cache")).toBeNull();
    } finally {
      await db.update(events).set({ status: "published" }).where(eq(events.id, publicId));
    }
  });

  it("files pages by language, reading the lng cookie as React Router writes it", async () => {
    const path = `${publicPath}?case=language`;
    const english = (await localeCookie.serialize("en")).split(";")[0]!;
    await get(path, { "Accept-Language": "en" });
    const french = await get(path, { "Accept-Language": "fr-FR" });
    expect(french.headers.get("X-Guichet-Cache")).toBe("MISS");
    expect(french.headers.get("Content-Language")).toBe("fr");
    const cookieEnglish = await get(path, { Cookie: english, "Accept-Language": "en" });
    expect(cookieEnglish.headers.get("X-Guichet-Cache")).toBe("HIT");
    expect(cookieEnglish.headers.get("Content-Language")).toBe("en");
    // A page rendered in another language than the key's is not filed: here the key says French (cookie), the page English.
    const before = renders;
    const mismatch = await get(`${path}&mismatch=1`, {
      Cookie: (await localeCookie.serialize("fr")).split(";")[0]!,
      "Accept-Language": "en",
    });
    expect(mismatch.headers.get("X-Guichet-Cache")).toBe("BYPASS");
    await get(`${path}&mismatch=1`, {
      Cookie: (await localeCookie.serialize("fr")).split(";")[0]!,
      "Accept-Language": "en",
    });
    expect(renders).toBe(before + 2);
  });

  it("starts afresh with a new build", async () => {
    const path = `${publicPath}?case=build`;
    await get(path);
    expect((await get(path)).headers.get("X-Guichet-Cache")).toBe("HIT");
    build = "build-2";
    expect((await get(path)).headers.get("X-Guichet-Cache")).toBe("MISS");
  });
});

describe("public page edge cache and places held by unpaid orders", () => {
  it("files the page under another version while a hold takes places, and back under the old one when it runs out", async () => {
    const [event] = await db
      .insert(events)
      .values({
        organizationId: (await db.select().from(organizations).limit(1))[0]!.id,
        title: "Dernières places",
        status: "published",
        startAt: new Date(Date.now() + 86_400_000 * 20),
      })
      .returning();
    const [ticket] = await db
      .insert(tickets)
      .values({
        organizationId: event!.organizationId,
        eventId: event!.id,
        title: "Plein tarif",
        price: 2500,
        amount: 4,
        purchased: 1,
        showRemainingCount: true,
      })
      .returning();
    const path = `/events/${event!.id}/dernieres-places`;
    expect(await (await get(path)).text()).toContain("Plein tarif: on_sale 3");
    expect((await get(path)).headers.get("X-Guichet-Cache")).toBe("HIT");

    // A pending order holds the last three places (as domain/booking/place-order.ts writes it).
    const heldUntil = new Date(Date.now() + 30 * 60_000);
    const [order] = await db
      .insert(orders)
      .values({
        organizationId: event!.organizationId,
        eventId: event!.id,
        accessToken: "cache-hold",
        status: "pending",
        payableUntil: heldUntil,
      })
      .returning();
    await db.insert(orderItems).values({
      organizationId: event!.organizationId,
      eventId: event!.id,
      orderId: order!.id,
      ticketId: ticket!.id,
      quantity: 3,
      unitPrice: 2500,
      heldUntil,
    });
    const held = await get(path);
    expect(held.headers.get("X-Guichet-Cache")).toBe("MISS");
    expect(await held.text()).toContain("Plein tarif: sold_out 0");
    expect((await get(path)).headers.get("X-Guichet-Cache")).toBe("HIT");

    // Run out, not yet released by the cron: the stock is the one before the hold, and so is its copy.
    const past = new Date(Date.now() - 1000);
    await db.update(orderItems).set({ heldUntil: past }).where(eq(orderItems.orderId, order!.id));
    const released = await get(path);
    expect(released.headers.get("X-Guichet-Cache")).toBe("HIT");
    expect(await released.text()).toContain("Plein tarif: on_sale 3");
  });
});

describe("the public organization page", () => {
  it("is served from the edge until the organization changes; a private one is never stored", async () => {
    const [organization] = await db
      .insert(organizations)
      .values({ title: "Orga en cache", titleKey: "orga en cache" })
      .returning();
    const path = `/organizers/${organization!.id}/orga-en-cache`;
    const first = await get(path);
    expect(first.headers.get("X-Guichet-Cache")).toBe("MISS");
    const before = renders;
    const second = await get(path);
    expect(second.headers.get("X-Guichet-Cache")).toBe("HIT");
    expect(await second.text()).toContain("Orga en cache");
    expect(renders).toBe(before);

    await db
      .update(organizations)
      .set({ title: "Orga renommée", updatedAt: new Date(Date.now() + 1000) })
      .where(eq(organizations.id, organization!.id));
    const renamed = await get(path);
    expect(renamed.headers.get("X-Guichet-Cache")).toBe("MISS");
    expect(await renamed.text()).toContain("Orga renommée");

    await db.update(organizations).set({ isPrivate: true }).where(eq(organizations.id, organization!.id));
    const hidden = await get(path);
    expect(hidden.status).toBe(404);
    expect(hidden.headers.get("X-Guichet-Cache")).toBeNull();
  });
});
