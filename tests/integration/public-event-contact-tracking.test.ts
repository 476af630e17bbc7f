import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterContextProvider, RouterProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import { contactEntries, events, organizations } from "#db/schema";
import { getInstance, i18nextMiddleware } from "~/middleware/i18next";
import { serverContext } from "~/server/context";
import { CSP_META_PIXEL_HEADER } from "../../domain/http/tracking-consent";
import * as eventPage from "~/routes/public/event-page";
import * as orderPage from "~/routes/public/order-page";
import * as organizerPage from "~/routes/public/organizer-page";
import * as trackingConsent from "~/routes/public/tracking-consent";
import { insertOrder } from "../support/fixtures";
import { createHonoApp } from "../../workers/hono-app";
import { resources } from "~/locales";
import { pageContentSecurityPolicy } from "../../workers/middleware/security-headers";

const db = createD1Database(env.DB);
const PIXEL = "123456789012345";
let organizationId: number;
let pixelEvent: { id: number; organizationId: number; path: string };
let plainEvent: { id: number; organizationId: number; path: string };

type LoaderResult = { data: Record<string, unknown>; init: { headers?: HeadersInit } | null };

function contextFor() {
  const context = new RouterContextProvider();
  context.set(serverContext, {
    env,
    ctx: createExecutionContext(),
    db,
    appVersion: "test",
    cspNonce: "test-nonce",
  });
  return context;
}

/** Runs a route's loader behind the real i18next middleware, then renders its component to HTML as SSR would. */
async function renderRoute(
  route: { loader: (args: never) => unknown; default: ComponentType<never>; headers?: (args: never) => Headers },
  url: string,
  params: Record<string, string>,
  cookie?: string,
) {
  const context = contextFor();
  const request = new Request(url, { headers: cookie ? { Cookie: cookie } : {} });
  const args = { request, context, params, unstable_pattern: "" } as never;
  let result: LoaderResult | undefined;
  await i18nextMiddleware(args, async () => {
    result = (await route.loader(args)) as LoaderResult;
    return new Response(null);
  });
  const loaderHeaders = new Headers(result!.init?.headers);
  // Inside a router, as SSR renders it: pages with forms (the order page's self-service) use the router's hooks.
  const page = () => createElement(route.default, { loaderData: result!.data, params } as never);
  const router = createMemoryRouter([{ id: "page", path: "*", Component: page }], {
    initialEntries: [new URL(url).pathname + new URL(url).search],
    hydrationData: { loaderData: { page: result!.data } },
  });
  const html = renderToStaticMarkup(
    createElement(I18nextProvider, { i18n: getInstance(context) }, createElement(RouterProvider, { router })),
  );
  const headers = route.headers?.({ loaderHeaders } as never) ?? new Headers();
  return { html, headers, data: result!.data };
}

const renderEventPage = (event: { id: number; path: string }, cookie?: string, query = "") =>
  renderRoute(
    eventPage as never,
    `http://localhost${event.path}${query}`,
    { id: String(event.id), slug: event.path.split("/")[3]! },
    cookie,
  );

async function postForm(
  action: (args: never) => Promise<unknown>,
  url: string,
  params: Record<string, string>,
  fields: Record<string, string>,
) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  const request = new Request(url, { method: "POST", body });
  const outcome = await action({ request, context: contextFor(), params, unstable_pattern: "" } as never);
  expect(outcome).toBeInstanceOf(Response);
  return outcome as Response;
}

beforeAll(async () => {
  const [organization] = await db
    .insert(organizations)
    .values({ title: "Jazz à Vienne", titleKey: "jazz a vienne", contactEmail: "contact@jazz.test" })
    .returning();
  organizationId = organization!.id;
  const startAt = new Date(Date.now() + 86_400_000 * 20);
  const [withPixel] = await db
    .insert(events)
    .values({ organizationId, title: "Nuit du jazz", status: "published", startAt, metaPixelId: PIXEL })
    .returning();
  const [withoutPixel] = await db
    .insert(events)
    .values({ organizationId, title: "Concert sans pixel", status: "published", startAt })
    .returning();
  pixelEvent = { id: withPixel!.id, organizationId, path: `/events/${withPixel!.id}/nuit-du-jazz` };
  plainEvent = { id: withoutPixel!.id, organizationId, path: `/events/${withoutPixel!.id}/concert-sans-pixel` };
});

describe("'Écrire à l'organisateur' on the public event page", () => {
  it("shows the plain form posting to the organizer's action, and a message sent from it lands in the inbox once", async () => {
    const { html } = await renderEventPage(plainEvent);
    const contact = html.slice(html.indexOf('id="contact"'));
    expect(contact).toContain(`action="/organizers/${organizationId}/contact"`);
    expect(contact).toContain(`name="returnTo" value="${plainEvent.path}"`);
    expect(contact).toContain('name="website"');
    expect(html).not.toContain("<script");

    const response = await postForm(
      organizerPage.action as never,
      `http://localhost/organizers/${organizationId}/contact`,
      { id: String(organizationId), slug: "contact" },
      {
        returnTo: plainEvent.path,
        first_name: "Camille",
        last_name: "Martin",
        email: "camille@exemple.test",
        subject: "Concert sans pixel",
        message: "Y a-t-il un vestiaire ?",
        website: "",
      },
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`${plainEvent.path}?contact=sent#contact`);
    const entries = await db.select().from(contactEntries).where(eq(contactEntries.organizationId, organizationId));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ email: "camille@exemple.test", message: "Y a-t-il un vestiaire ?" });

    // Back on the page: the confirmation, no second form.
    const after = await renderEventPage(plainEvent, undefined, "?contact=sent");
    expect(after.html).toContain('data-testid="contact-sent"');
    expect(after.html).not.toContain('name="first_name"');
  });

  it("answers a filled honeypot like a person but stores nothing", async () => {
    const before = await db.select().from(contactEntries).where(eq(contactEntries.organizationId, organizationId));
    const response = await postForm(
      organizerPage.action as never,
      `http://localhost/organizers/${organizationId}/contact`,
      { id: String(organizationId), slug: "contact" },
      {
        returnTo: plainEvent.path,
        first_name: "Bot",
        last_name: "Bot",
        email: "bot@spam.test",
        subject: "Offre",
        message: "Achetez",
        website: "https://spam.test",
      },
    );
    expect(response.headers.get("Location")).toBe(`${plainEvent.path}?contact=sent#contact`);
    const rows = await db
      .select()
      .from(contactEntries)
      .where(and(eq(contactEntries.organizationId, organizationId), eq(contactEntries.email, "bot@spam.test")));
    expect(rows).toHaveLength(0);
    expect(
      await db.select().from(contactEntries).where(eq(contactEntries.organizationId, organizationId)),
    ).toHaveLength(before.length);
  });
});

describe("Meta pixel on the public event page, after consent", () => {
  it("without consent: the banner, and no Facebook address anywhere in the page", async () => {
    const { html, headers } = await renderEventPage(pixelEvent);
    expect(html).toContain('data-testid="tracking-consent"');
    expect(html).toContain('action="/tracking-consent"');
    expect(html).toContain("Accepter");
    expect(html).toContain("Refuser");
    expect(html).not.toContain("facebook");
    expect(headers.get(CSP_META_PIXEL_HEADER)).toBeNull();
  });

  it("an event without a pixel shows no banner", async () => {
    const { html } = await renderEventPage(plainEvent);
    expect(html).not.toContain('data-testid="tracking-consent"');
    expect(html).not.toContain("facebook");
  });

  it("with guichet_consent=ads: the PageView image pixel and the CSP opening for it", async () => {
    const { html, headers } = await renderEventPage(pixelEvent, "guichet_consent=ads");
    expect(html).toContain(
      `<img src="https://www.facebook.com/tr?id=${PIXEL}&amp;ev=PageView&amp;noscript=1" width="1" height="1" alt="" style="display:none"`,
    );
    expect(html.split("facebook.com/tr").length - 1).toBe(1);
    expect(html).not.toContain('data-testid="tracking-consent"');
    expect(html).not.toContain("<script");
    expect(headers.get(CSP_META_PIXEL_HEADER)).toBe("1");
  });

  it("with guichet_consent=none: neither banner nor pixel", async () => {
    const { html } = await renderEventPage(pixelEvent, "guichet_consent=none");
    expect(html).not.toContain('data-testid="tracking-consent"');
    expect(html).not.toContain("facebook");
  });

  it("the banner's buttons set the first-party cookie for six months and go back to the page", async () => {
    for (const [consent, protocol, secure] of [
      ["ads", "http", false],
      ["none", "https", true],
    ] as const) {
      const response = await postForm(
        trackingConsent.action as never,
        `${protocol}://localhost/tracking-consent`,
        {},
        { consent, returnTo: pixelEvent.path },
      );
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe(pixelEvent.path);
      const cookie = response.headers.get("Set-Cookie")!;
      expect(cookie).toContain(`guichet_consent=${consent}`);
      expect(cookie).toContain("Path=/");
      expect(cookie).toContain("SameSite=Lax");
      expect(cookie).toContain(`Max-Age=${182 * 86_400}`);
      expect(cookie.includes("Secure")).toBe(secure);
    }
  });

  it("refuses another site as the way back and ignores an unknown answer", async () => {
    const away = await postForm(
      trackingConsent.action as never,
      "http://localhost/tracking-consent",
      {},
      {
        consent: "ads",
        returnTo: "//evil.example/x",
      },
    );
    expect(away.headers.get("Location")).toBe("/");
    const unknown = await postForm(
      trackingConsent.action as never,
      "http://localhost/tracking-consent",
      {},
      {
        consent: "all",
        returnTo: pixelEvent.path,
      },
    );
    expect(unknown.headers.get("Set-Cookie")).toBeNull();
  });
});

describe("Meta Purchase pixel on the order page", () => {
  const orderUrl = (order: { id: number; accessToken: string }) =>
    `http://localhost/orders/${order.id}?token=${order.accessToken}`;
  const render = (order: { id: number; accessToken: string }, cookie?: string) =>
    renderRoute(orderPage as never, orderUrl(order), { id: String(order.id) }, cookie);

  it("renders Purchase with the amount in euros for a paid order with consent, and nothing otherwise", async () => {
    const { order: paid } = await insertOrder(db, pixelEvent, { status: "paid", price: 2450 });
    const { order: pending } = await insertOrder(db, pixelEvent, { status: "pending", price: 2450 });

    const consented = await render(paid, "guichet_consent=ads");
    const src = `https://www.facebook.com/tr?id=${PIXEL}&amp;ev=Purchase&amp;cd[value]=24.50&amp;cd[currency]=EUR&amp;eid=order-${paid.id}&amp;noscript=1`;
    expect(consented.html).toContain(`<img src="${src}"`);
    expect(consented.html.split("facebook.com/tr").length - 1).toBe(1);
    expect(consented.headers.get(CSP_META_PIXEL_HEADER)).toBe("1");

    expect((await render(paid)).html).not.toContain("facebook");
    expect((await render(paid, "guichet_consent=none")).html).not.toContain("facebook");
    const notPaid = await render(pending, "guichet_consent=ads");
    expect(notPaid.html).not.toContain("facebook");
    expect(notPaid.headers.get(CSP_META_PIXEL_HEADER)).toBeNull();
  });

  it("an event without a pixel never renders one", async () => {
    const { order } = await insertOrder(db, plainEvent, { status: "paid", price: 1000 });
    expect((await render(order, "guichet_consent=ads")).html).not.toContain("facebook");
  });
});

describe("edge cache and Content-Security-Policy around consent", () => {
  let renders = 0;
  const app = createHonoApp(
    async (request) => {
      renders++;
      const consented = request.headers.get("Cookie")?.includes("guichet_consent=ads") === true;
      return new Response(consented ? "<p>pixel</p>" : "<p>banner</p>", {
        headers: {
          "Content-Type": "text/html; charset=utf-8",
          "Content-Language": "fr",
          ...(consented ? { [CSP_META_PIXEL_HEADER]: "1" } : {}),
        },
      });
    },
    { messages: resources },
  );
  async function get(path: string, cookie?: string) {
    const ctx = createExecutionContext();
    const response = await app.fetch(
      new Request(`http://localhost${path}`, { headers: cookie ? { Cookie: cookie } : {} }),
      env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    return response;
  }

  it("serves the banner-showing default from the cache, and never a consented visitor's page to anyone", async () => {
    const path = `${pixelEvent.path}?cache-test=${Date.now()}`;
    expect((await get(path)).headers.get("X-Guichet-Cache")).toBe("MISS");
    const hit = await get(path);
    expect(hit.headers.get("X-Guichet-Cache")).toBe("HIT");
    expect(await hit.text()).toBe("<p>banner</p>");

    const before = renders;
    const consented = await get(path, "guichet_consent=ads");
    expect(consented.headers.get("X-Guichet-Cache")).toBe("BYPASS");
    expect(await consented.text()).toBe("<p>pixel</p>");
    expect(renders).toBe(before + 1);
    // The consented render was not stored: the next anonymous visitor still gets the default.
    const again = await get(path);
    expect(again.headers.get("X-Guichet-Cache")).toBe("HIT");
    expect(await again.text()).toBe("<p>banner</p>");
  });

  it("opens img-src to Meta only on a response that renders the pixel, and drops the internal header", async () => {
    const path = `${pixelEvent.path}?csp-test=${Date.now()}`;
    const plain = await get(path);
    expect(plain.headers.get("Content-Security-Policy")).not.toContain("facebook");
    const consented = await get(path, "guichet_consent=ads");
    expect(consented.headers.get("Content-Security-Policy")).toContain(
      "img-src 'self' data: blob: https://www.facebook.com;",
    );
    expect(consented.headers.get(CSP_META_PIXEL_HEADER)).toBeNull();
    expect(pageContentSecurityPolicy("n")).not.toContain("facebook");
  });
});
