import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { inspectRoutes } from "hono/dev";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import { databaseFromEnv } from "#db/from-env";
import * as schema from "#db/schema";
import type { EventRole, OrganizationRole } from "#db/schema";
import { createSession } from "#domain/auth/sessions";
import { eventSlug } from "#domain/events/event-slug";
import { rebuildSalesFigures } from "#domain/sales-figures/rebuild-sales-figures";
import {
  canInOrganization,
  canOnEvent,
  canOnPlatform,
  type EventAction,
  type OrganizationAction,
  type PlatformAction,
} from "#domain/policy";
import type { Actor } from "#domain/shared/actor";
import { PERMISSION_DENIED_PATH } from "~/lib/permission-denied";
import * as rootModule from "~/root";
import routeConfig from "~/routes";
import { serverContext } from "~/server/context";
import { createHonoApp } from "../../workers/hono-app";
import { resources } from "~/locales";
import { insertEvent, insertMember, insertOrganization, insertTicket, insertUser, unique } from "../support/fixtures";
import { losslessWebpHeader } from "../support/webp-fixtures";

/**
 * Issue 14 §2, the isolation matrix: every page route (app/routes.ts) and every route of the Hono app, walked by each
 * organization role, each event role, the owner of another organization and a signed-out visitor. The expected answer
 * of each (route, actor) comes from domain/policy.ts through the one table below (route → the action it needs), never
 * from a list of roles written here; other organizations must answer 404 (or, on pages that name no id, their own
 * organization's page, without a trace of organization A), and nothing they send may change a row.
 *
 * Pages run through React Router's real server runtime (middleware, loaders, actions, redirects) built from
 * app/routes.ts; only the HTML rendering is replaced by an answer carrying the status and the loader data, which is
 * searched for organization A's markers.
 */

const db = createD1Database(env.DB);

// ---------------------------------------------------------------------------------------------------------------------
// The Worker: the real Hono app, with React Router's server runtime behind it instead of test-worker.ts's stand-in.

type RouteModule = Record<string, unknown>;
const routeModules = import.meta.glob<RouteModule>("../../app/routes/**/*.{ts,tsx}", { eager: true });

type ConfigEntry = {
  id?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  file: string;
  children?: ConfigEntry[];
};

/** One route of app/routes.ts with the path a request uses to reach it ("" parts joined, leading slash). */
type PageRoute = { id: string; parentId: string; fullPath: string; entry: ConfigEntry; module: RouteModule };

/** Files app/routes.ts names that do not load (yet): the table check reports them. */
const unloadableRouteFiles: string[] = [];

function flattenRouteConfig(entries: ConfigEntry[], parentId = "root", parentPath = ""): PageRoute[] {
  return entries.flatMap((entry) => {
    const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
    const module = routeModules[`../../app/${entry.file}`];
    if (!module) {
      unloadableRouteFiles.push(entry.file);
      return [];
    }
    const fullPath = entry.path ? `${parentPath}/${entry.path}` : parentPath;
    const route: PageRoute = { id, parentId, fullPath: fullPath || "/", entry, module };
    return [route, ...flattenRouteConfig(entry.children ?? [], id, fullPath)];
  });
}

const pageRoutes = flattenRouteConfig(routeConfig as ConfigEntry[]);

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value, (_key, v: unknown) => (typeof v === "bigint" ? String(v) : v)) ?? "";
  } catch (error) {
    return `unserialisable: ${String(error)}`;
  }
}

const build = {
  entry: {
    module: {
      // Instead of rendering HTML: the status React Router chose and what the loaders and the action answered.
      default: (_request: Request, status: number, headers: Headers, entryContext: { staticHandlerContext: unknown }) =>
        new Response(safeJson(entryContext.staticHandlerContext), { status, headers }),
    },
  },
  routes: {
    root: { id: "root", path: "", module: rootModule },
    ...Object.fromEntries(
      pageRoutes.map((r) => [
        r.id,
        {
          id: r.id,
          parentId: r.parentId,
          path: r.entry.path,
          index: r.entry.index,
          caseSensitive: r.entry.caseSensitive,
          module: r.module,
        },
      ]),
    ),
  },
  assets: {
    entry: { module: "/assets/entry.js", imports: [] },
    url: "/assets/manifest.js",
    version: "isolation-matrix",
    routes: Object.fromEntries(
      [{ id: "root", parentId: undefined, entry: { path: "" } as ConfigEntry, module: rootModule }, ...pageRoutes].map(
        (r) => [
          r.id,
          {
            id: r.id,
            parentId: r.parentId,
            path: r.entry.path,
            index: r.entry.index,
            hasAction: "action" in r.module,
            hasLoader: "loader" in r.module,
            hasClientAction: false,
            hasClientLoader: false,
            hasClientMiddleware: false,
            hasDefaultExport: "default" in r.module,
            hasErrorBoundary: "ErrorBoundary" in r.module,
            module: `/assets/${r.id}.js`,
            imports: [],
            css: [],
          },
        ],
      ),
    ),
  },
  publicPath: "/",
  assetsBuildDirectory: "build/client",
  future: {},
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  allowedActionOrigins: false,
} as unknown as ServerBuild;

const handlePage = createRequestHandler(build, "production");

const app = createHonoApp(
  async (request, workerEnv, ctx, page) => {
    const context = new RouterContextProvider();
    context.set(serverContext, {
      env: workerEnv,
      ctx,
      db: databaseFromEnv(workerEnv),
      appVersion: "isolation-matrix",
      cspNonce: page.cspNonce,
    });
    return handlePage(request, context);
  },
  { messages: resources },
);

async function send(request: Request): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await app.fetch(request, env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

// ---------------------------------------------------------------------------------------------------------------------
// Actors: organization roles and event roles in organization A, the owner of organization B, a visitor.

type MemberActorSpec = { kind: "member"; role: OrganizationRole; eventRoles: EventRole[] };
type ActorSpec = MemberActorSpec | { kind: "other-organization" } | { kind: "visitor" };

const actorSpecs = {
  owner: { kind: "member", role: "owner", eventRoles: [] },
  admin: { kind: "member", role: "admin", eventRoles: [] },
  eventManager: { kind: "member", role: "event_manager", eventRoles: [] },
  guest: { kind: "member", role: "", eventRoles: [] },
  eventTeamManager: { kind: "member", role: "", eventRoles: ["team_manager"] },
  eventEventManager: { kind: "member", role: "", eventRoles: ["event_manager"] },
  eventValidator: { kind: "member", role: "", eventRoles: ["validator"] },
  otherOrganization: { kind: "other-organization" },
  visitor: { kind: "visitor" },
} as const satisfies Record<string, ActorSpec>;
type ActorName = keyof typeof actorSpecs;
const actorNames = Object.keys(actorSpecs) as ActorName[];

type SignedInUser = { id: number; email: string; token: string };

// ---------------------------------------------------------------------------------------------------------------------
// Organization A's rows that path parameters name. `shared` is read by every GET; an allowed write gets a fresh copy.

/** The events' start: a date a year ahead, so the calendar files have an event to describe. */
const MATRIX_START = new Date(Date.now() + 365 * 86_400_000);

/** Text that only organization A's rows contain: no answer to another organization's member may show it. */
const MARKER = "isoA7q";

type Ids = {
  organizationId: number;
  eventId: number;
  ticketId: number;
  addonId: number;
  orderId: number;
  orderToken: string;
  /** The order's credit note (issue 29): the order has an invoice and this credit note of it. */
  creditNoteId: number;
  participantId: number;
  /** A draft message to the event's participants (issue 27). */
  attendeeMessageId: number;
  /** A date of the event (issue 30 §1). */
  dateId: number;
  /** A waiting-list entry of the ticket (issue 28 §3), and its person's token. */
  waitingListEntryId: number;
  waitingListToken: string;
  promoCode: string;
  contactEntryId: number;
  endpointId: number;
  deliveryId: number;
  apiKeyId: number;
  /** A draft message to attendees, and a sent one with a failed recipient. */
  draftMessageId: number;
  sentMessageId: number;
  failedRecipientId: number;
  memberUserId: number;
  accessUserId: number;
  publishedEventId: number;
  publishedSlug: string;
  previewToken: string;
  eventSlug: string;
  organizationSlug: string;
  /** A guest of organization A without an access on the event, and a user of no organization. */
  spareMemberEmail: string;
  outsiderEmail: string;
};

type World = {
  organizationA: { id: number; title: string };
  organizationB: { id: number };
  users: Record<Exclude<ActorName, "visitor">, SignedInUser>;
  shared: Ids;
};

let world: World;

/** Organization A's rows for one probe, written in three batches (the matrix writes several hundred of these). */
async function insertIds(organizationId: number, users: World["users"]): Promise<Ids> {
  const tag = unique("w");
  const person = (label: string) => ({ email: `${label}-${tag}@exemple.test`, firstName: "Léa", lastName: "Martin" });
  const now = new Date();
  const [[event], [spareMember], [outsider], [member], [accessUser]] = await db.batch([
    db
      .insert(schema.events)
      // A date, so that the order's calendar file exists (GET /orders/:id/calendar.ics).
      .values({ organizationId, title: `Concert ${MARKER}`, accessToken: `preview-${tag}`, startAt: MATRIX_START })
      .returning(),
    db.insert(schema.users).values(person("spare")).returning(),
    db.insert(schema.users).values(person("outsider")).returning(),
    db.insert(schema.users).values(person("member")).returning(),
    db.insert(schema.users).values(person("team")).returning(),
  ]);
  const eventId = event!.id;
  const promoCode = `PROMO${MARKER.toUpperCase()}`;
  const accessOf = (user: { id: number; email: string }, roles: readonly EventRole[]) => ({
    organizationId,
    eventId,
    userId: user.id,
    email: user.email,
    roles: roles.join("|"),
  });
  const [[ticket], [addon], [order], [contact], [endpoint]] = await db.batch([
    db
      .insert(schema.tickets)
      .values({ organizationId, eventId, title: `Entrée ${MARKER}`, price: 0 })
      .returning(),
    db
      .insert(schema.tickets)
      .values({ organizationId, eventId, title: `Vestiaire ${MARKER}`, price: 0, ticketType: "addon" })
      .returning(),
    db
      .insert(schema.orders)
      .values({
        organizationId,
        eventId,
        firstName: "Alex",
        lastName: "Durand",
        email: `buyer-${MARKER}@exemple.test`,
        amount: 0,
        fees: 0,
        netAmount: 0,
        status: "paid",
        paidAt: now,
        accessToken: `order-${tag}`,
        createdAt: now,
        updatedAt: now,
      })
      .returning(),
    db
      .insert(schema.contactEntries)
      .values({
        organizationId,
        email: `contact-${MARKER}@exemple.test`,
        subject: `Sujet ${MARKER}`,
        message: "Bonjour",
      })
      .returning(),
    db
      .insert(schema.webhookEndpoints)
      .values({
        organizationId,
        url: "https://hooks.example.org/guichet",
        secret: "whsec_dGVzdA==",
        description: MARKER,
      })
      .returning(),
    db.insert(schema.promoCodes).values({ organizationId, eventId, code: promoCode, discountValue: 1000 }),
    db
      .insert(schema.participationForms)
      .values({ organizationId, eventId, formType: "before", title: `Formulaire ${MARKER}` }),
    db.insert(schema.memberships).values([
      { organizationId, userId: spareMember!.id, role: "" },
      { organizationId, userId: member!.id, role: "event_manager" },
      { organizationId, userId: accessUser!.id, role: "" },
    ]),
    db
      .insert(schema.eventAccesses)
      .values([
        ...(["eventTeamManager", "eventEventManager", "eventValidator"] as const).map((name) =>
          accessOf(users[name], (actorSpecs[name] as MemberActorSpec).eventRoles),
        ),
        accessOf(accessUser!, ["event_manager"]),
      ]),
  ]);
  const participant = (n: number) => ({
    organizationId,
    eventId,
    orderId: order!.id,
    ticketId: ticket!.id,
    firstName: "Alex",
    lastName: `Durand ${n}`,
    email: `buyer-${MARKER}@exemple.test`,
    ticketTitle: ticket!.title,
    ticketType: ticket!.ticketType,
    price: 0,
    accessToken: `participant-${tag}-${n}`,
    createdAt: now,
    updatedAt: now,
  });
  const [participants, [delivery], [apiKey]] = await db.batch([
    db
      .insert(schema.participants)
      .values([participant(1), participant(2)])
      .returning(),
    db
      .insert(schema.webhookDeliveries)
      .values({
        organizationId,
        endpointId: endpoint!.id,
        messageId: `msg-${tag}`,
        eventType: "order.paid",
        payload: JSON.stringify({ marker: MARKER }),
        status: "failed",
      })
      .returning(),
    db
      .insert(schema.apiKeys)
      .values({
        organizationId,
        name: `Clé ${MARKER}`,
        scopes: JSON.stringify(["events:read"]),
        prefix: `gk_test_${MARKER}`,
        secretHash: `hash-${tag}`,
        mode: "test",
        createdBy: member!.id,
      })
      .returning(),
  ]);
  // Issue 29: the order's invoice and a credit note of it, for the documents' downloads.
  const invoiceOf = (kind: "invoice" | "credit-note", sequence: number, invoiceId: number | null) => ({
    organizationId,
    eventId,
    orderId: order!.id,
    kind,
    year: 2026,
    sequence,
    number: `FAC-${MARKER}-${sequence}`,
    invoiceId,
    issuedAt: now,
    seller: JSON.stringify({ legalName: `Vendeur ${MARKER}`, vatRegistered: true, timeZone: "Europe/Paris" }),
    buyer: JSON.stringify({ name: "Alex Durand" }),
    gross: kind === "invoice" ? 1000 : -1000,
    net: kind === "invoice" ? 1000 : -1000,
    vat: 0,
  });
  const [invoice] = await db
    .insert(schema.invoices)
    .values(invoiceOf("invoice", 2 * order!.id, null))
    .returning();
  const [creditNote] = await db
    .insert(schema.invoices)
    .values(invoiceOf("credit-note", 2 * order!.id + 1, invoice!.id))
    .returning();
  const [[draftMessage], [sentMessage], [waitingListEntry]] = await db.batch([
    db
      .insert(schema.attendeeMessages)
      .values({ organizationId, eventId, subject: `Brouillon ${MARKER}`, body: "<p>Bonjour</p>" })
      .returning(),
    db
      .insert(schema.attendeeMessages)
      .values({
        organizationId,
        eventId,
        subject: `Envoyé ${MARKER}`,
        body: "<p>Bonjour</p>",
        status: "sent",
        sendCount: 1,
        recipientCount: 1,
      })
      .returning(),
    db
      .insert(schema.waitingListEntries)
      .values({
        organizationId,
        eventId,
        ticketId: ticket!.id,
        firstName: "Léa",
        lastName: `Attente ${MARKER}`,
        email: `waiting-${MARKER}@exemple.test`,
        accessToken: `waiting-${tag}`,
        consentAt: now,
      })
      .returning(),
  ]);
  const [failedRecipient] = await db
    .insert(schema.attendeeMessageRecipients)
    .values({
      organizationId,
      eventId,
      messageId: sentMessage!.id,
      sendNumber: 1,
      dedupeKey: `email:buyer-${MARKER}@exemple.test`,
      orderId: order!.id,
      email: `buyer-${MARKER}@exemple.test`,
      status: "failed",
      attempts: 5,
      lastError: "refused",
    })
    .returning();
  await rebuildSalesFigures(db, { eventId });
  const [eventDate] = await db
    .insert(schema.eventDates)
    .values({ organizationId, eventId, startAt: MATRIX_START, capacity: 40 })
    .returning();
  const [attendeeMessage] = await db
    .insert(schema.attendeeMessages)
    .values({ organizationId, eventId, subject: `Message ${MARKER}`, body: "<p>Bonjour {first_name}</p>" })
    .returning();
  return {
    dateId: eventDate!.id,
    waitingListEntryId: waitingListEntry!.id,
    waitingListToken: waitingListEntry!.accessToken,
    draftMessageId: draftMessage!.id,
    sentMessageId: sentMessage!.id,
    failedRecipientId: failedRecipient!.id,
    organizationId,
    eventId,
    attendeeMessageId: attendeeMessage!.id,
    ticketId: ticket!.id,
    addonId: addon!.id,
    orderId: order!.id,
    orderToken: order!.accessToken,
    creditNoteId: creditNote!.id,
    participantId: participants[0]!.id,
    promoCode,
    contactEntryId: contact!.id,
    endpointId: endpoint!.id,
    deliveryId: delivery!.id,
    apiKeyId: apiKey!.id,
    memberUserId: member!.id,
    accessUserId: accessUser!.id,
    eventSlug: eventSlug(event!.title),
    previewToken: event!.accessToken ?? "",
    organizationSlug: eventSlug(`Organisation ${MARKER}`),
    spareMemberEmail: spareMember!.email,
    outsiderEmail: outsider!.email,
    ...publicIds,
  };
}

/** The published event of the public pages: read only, shared by every probe. */
let publicIds: Pick<Ids, "publishedEventId" | "publishedSlug">;

async function insertPublishedEvent(organizationId: number) {
  const published = await insertEvent(db, organizationId, {
    title: `Festival ${MARKER}`,
    status: "published",
    visibility: "public",
    accessToken: unique("preview"),
    startAt: MATRIX_START,
  });
  await insertTicket(db, published, { title: `Pass ${MARKER}`, price: 0 });
  publicIds = { publishedEventId: published.id, publishedSlug: eventSlug(published.title) };
}

// ---------------------------------------------------------------------------------------------------------------------
// The expectation table: every route → what it needs. The answers are derived from domain/policy.ts.

/** What a route needs. organization/event actions are asked of domain/policy.ts for each actor. */
type Need =
  | { public: true }
  | { publicOnly: true }
  | { signedIn: true }
  | { devOnly: true }
  | { platform: PlatformAction }
  | { organization: OrganizationAction }
  /** Allowed when the role has any of the actions. */
  | { anyOf: OrganizationAction[] }
  | { event: EventAction };

/** An answer: a status, or a redirect to a path (3xx with that Location). "success" = any 2xx, or a 3xx elsewhere. */
type Answer = { status: number } | { redirect: string | ((ids: Ids) => string) } | "success";

type Probe = {
  path: string;
  json?: unknown;
  form?: Record<string, string>;
  multipart?: Record<string, Uint8Array>;
};

type RouteSpec = {
  need: Need;
  probe: (ids: Ids) => Probe;
  /** The answer when allowed (default: 200 for a read, "success" for a write). */
  ok?: Answer;
  /** The documented answer to a member of organization A without the action, when it is not the default. */
  forbidden?: Answer;
  /** The route ends the session it is sent with: each actor sends it with a session of its own. */
  ownSession?: true;
  /** The write removes what it names: each allowed actor gets rows of its own. */
  destructive?: true;
  /** A page whose request carries organization A's ids: another organization's member gets 404, like the API. */
  namesOrganization?: true;
  /**
   * A page action's redirect guard, when it is not the action's own right: a member without it is sent to / with the
   * permission message; with it (or with `null`, no redirect guard) but without the action's right, the action answers
   * 403.
   */
  pageGuard?: OrganizationAction | null;
  /**
   * The finance area's rule (domain/finance/account-status.ts assertFinance, transaction-access.ts): a member without
   * this right gets 404, not 403, as if the area did not exist.
   */
  notFoundWithout?: OrganizationAction;
};

const webp = (sizes: Record<string, [number, number]>) =>
  Object.fromEntries(Object.entries(sizes).map(([name, [w, h]]) => [name, losslessWebpHeader(w, h)]));
const endpointBody = { url: "https://hooks.example.org/guichet", description: "CRM", event_types: [], enabled: true };
const person = { first_name: "Jeanne", last_name: "Roux", email: "jeanne.roux@exemple.test" };
const scanId = () => crypto.randomUUID();

/** Hono routes, keyed `METHOD path` exactly as `inspectRoutes` lists them. */
const apiTable: Record<string, RouteSpec> = {
  "GET /api/health": { need: { public: true }, probe: () => ({ path: "/api/health" }) },
  "GET /api/openapi.json": { need: { public: true }, probe: () => ({ path: "/api/openapi.json" }) },
  "GET /developers": { need: { public: true }, probe: () => ({ path: "/developers" }) },
  "GET /api/public/events/:id": {
    need: { public: true },
    probe: (i) => ({ path: `/api/public/events/${i.publishedEventId}` }),
  },
  "POST /api/public/events/:id/promo-check": {
    need: { public: true },
    probe: (i) => ({ path: `/api/public/events/${i.publishedEventId}/promo-check`, json: { code: "NOPE", items: [] } }),
    ok: "success",
  },
  "POST /api/public/events/:id/orders": {
    need: { public: true },
    probe: (i) => ({ path: `/api/public/events/${i.publishedEventId}/orders`, json: {} }),
    ok: { status: 422 },
  },
  // Issue 31 §2: an on-sale's waiting room, public; without an on-sale scheduled the room is "off".
  "POST /api/public/events/:id/waiting-room": {
    need: { public: true },
    probe: (i) => ({ path: `/api/public/events/${i.publishedEventId}/waiting-room`, json: {} }),
  },
  "GET /api/public/events/:id/waiting-room": {
    need: { public: true },
    probe: (i) => ({ path: `/api/public/events/${i.publishedEventId}/waiting-room?ticket=none` }),
  },
  // Issue 28 §4: joining a waiting list; a body naming no ticket is refused.
  "POST /api/public/events/:id/waiting-list": {
    need: { public: true },
    probe: (i) => ({ path: `/api/public/events/${i.publishedEventId}/waiting-list`, json: {} }),
    ok: { status: 422 },
  },
  "DELETE /api/events/:id{[0-9]+}/waiting-list/:entry_id{[0-9]+}": {
    need: { event: "event:manage-sales" },
    probe: (i) => ({ path: `/api/events/${i.eventId}/waiting-list/${i.waitingListEntryId}` }),
    destructive: true,
  },
  "GET /api/public/orders/:id": {
    need: { public: true },
    probe: (i) => ({ path: `/api/public/orders/${i.orderId}?token=${i.orderToken}` }),
  },
  "PATCH /api/public/orders/:id": {
    need: { public: true },
    // The order's token is the credential: anyone holding it may ask; a body naming no ticket of it is refused.
    probe: (i) => ({
      path: `/api/public/orders/${i.orderId}?token=${i.orderToken}`,
      json: {
        action: "edit_participant",
        participant_id: 999_999_999,
        first_name: "A",
        last_name: "B",
        email: "a@b.fr",
      },
    }),
    ok: { status: 404 },
  },
  "POST /api/public/organizers/:id{[0-9]+}/contact": {
    need: { public: true },
    probe: (i) => ({
      path: `/api/public/organizers/${i.organizationId}/contact`,
      json: {
        ...person,
        email: `${unique("visitor")}@exemple.test`,
        subject: "Question",
        message: "Bonjour, une question.",
      },
    }),
    ok: "success",
  },
  "GET /api/me/organizers": { need: { signedIn: true }, probe: () => ({ path: "/api/me/organizers" }) },
  // The address search reads no organization's data (offline here: no suggestions).
  "GET /api/geocode": { need: { signedIn: true }, probe: () => ({ path: "/api/geocode?q=Lyon" }) },
  "GET /api/me/organizers-admin": {
    need: { platform: "admin:access" },
    probe: () => ({ path: "/api/me/organizers-admin" }),
  },
  "POST /api/organizers": {
    need: { signedIn: true },
    probe: () => ({ path: "/api/organizers", json: { title: unique("Nouvelle organisation") } }),
  },
  "GET /api/organizers/:id": {
    need: { organization: "organization:view" },
    probe: (i) => ({ path: `/api/organizers/${i.organizationId}` }),
  },
  "GET /api/me": { need: { signedIn: true }, probe: () => ({ path: "/api/me" }) },
  "POST /api/me": {
    need: { signedIn: true },
    probe: () => ({ path: "/api/me", json: { first_name: "Léa", last_name: "Martin", email: "", password: "" } }),
  },
  "GET /api/admin/data": { need: { platform: "admin:access" }, probe: () => ({ path: "/api/admin/data" }) },
  "POST /api/events/:id/banner": {
    need: { event: "event:update" },
    probe: (i) => ({
      path: `/api/events/${i.eventId}/banner`,
      multipart: webp({ "banner-1920": [1920, 1080], "banner-1280": [1280, 720], "banner-640": [640, 360] }),
    }),
  },
  "DELETE /api/events/:id/banner": {
    need: { event: "event:update" },
    probe: (i) => ({ path: `/api/events/${i.eventId}/banner` }),
  },
  "GET /api/events/:id{[0-9]+}/promo-code": {
    need: { event: "event:view" },
    probe: (i) => ({ path: `/api/events/${i.eventId}/promo-code` }),
  },
  "PUT /api/events/:id{[0-9]+}/promo-code/:code/:again/bulk": {
    need: { event: "event:update" },
    probe: (i) => ({
      path: `/api/events/${i.eventId}/promo-code/${i.promoCode}/${i.promoCode}/bulk`,
      json: [{ key: i.promoCode, discount_type: "percent", discount: 10 }],
    }),
  },
  "DELETE /api/events/:id{[0-9]+}/promo-code/:code": {
    need: { event: "event:update" },
    probe: (i) => ({ path: `/api/events/${i.eventId}/promo-code/${i.promoCode}` }),
    destructive: true,
  },
  "GET /api/events/:id{[0-9]+}/participation-form": {
    need: { event: "event:view" },
    probe: (i) => ({ path: `/api/events/${i.eventId}/participation-form` }),
  },
  "PUT /api/events/:id{[0-9]+}/participation-form/:form_type": {
    need: { event: "event:update" },
    probe: (i) => ({
      path: `/api/events/${i.eventId}/participation-form/before`,
      json: { title: "Questions", single_fill: true, questions: "[]", ticket_target: '"all"', event: i.eventId },
    }),
  },
  "PUT /api/events/:id{[0-9]+}/messages": {
    need: { event: "event:update" },
    probe: (i) => ({ path: `/api/events/${i.eventId}/messages`, json: { messages: [] } }),
  },
  "GET /api/events/:id{[0-9]+}/reminders": {
    need: { event: "event:message-attendees" },
    probe: (i) => ({ path: `/api/events/${i.eventId}/reminders` }),
  },
  "PUT /api/events/:id{[0-9]+}/reminders": {
    need: { event: "event:message-attendees" },
    probe: (i) => ({
      path: `/api/events/${i.eventId}/reminders`,
      json: { reminders: [{ offset_value: 2, offset_unit: "days", subject: "", body: "", enabled: true }] },
    }),
  },
  "GET /api/events/:id{[0-9]+}/orders/:order_id{[0-9]+}/refunds": {
    need: { event: "event:view" },
    probe: (i) => ({ path: `/api/events/${i.eventId}/orders/${i.orderId}/refunds` }),
  },
  "POST /api/events/:id{[0-9]+}/orders/:order_id{[0-9]+}/refunds": {
    need: { event: "event:manage-sales" },
    probe: (i) => ({
      path: `/api/events/${i.eventId}/orders/${i.orderId}/refunds`,
      json: { amount: 100, idempotency_key: "isolation-matrix-refund" },
    }),
    // The probe's order cost nothing and has no payment: past the rights, it is not refundable.
    ok: { status: 409 },
  },
  // Issue 29: the order's invoice documents (the event's sales) and the accountant's archive (finance).
  "GET /api/orders/:id{[0-9]+}/invoices": {
    need: { event: "event:view-sales" },
    probe: (i) => ({ path: `/api/orders/${i.orderId}/invoices` }),
  },
  "GET /api/orders/:id{[0-9]+}/invoice.pdf": {
    need: { event: "event:view-sales" },
    probe: (i) => ({ path: `/api/orders/${i.orderId}/invoice.pdf` }),
  },
  "GET /api/orders/:id{[0-9]+}/credit-notes/:file{[0-9]+\\.pdf}": {
    need: { event: "event:view-sales" },
    probe: (i) => ({ path: `/api/orders/${i.orderId}/credit-notes/${i.creditNoteId}.pdf` }),
  },
  "GET /api/organizers/:id/invoices/export.zip": {
    need: { organization: "finance:view" },
    probe: (i) => ({ path: `/api/organizers/${i.organizationId}/invoices/export.zip?from=2000-01-01&to=2099-12-31` }),
    notFoundWithout: "finance:view",
  },
  "GET /api/events/:id{[0-9]+}/waiting-list": {
    need: { event: "event:view-sales" },
    probe: (i) => ({ path: `/api/events/${i.eventId}/waiting-list` }),
  },
  "POST /api/events/:id{[0-9]+}/waiting-list/:entry_id{[0-9]+}/offer": {
    need: { event: "event:manage-sales" },
    probe: (i) => ({ path: `/api/events/${i.eventId}/waiting-list/${i.waitingListEntryId}/offer`, json: {} }),
    // The probe's event is a draft and its ticket's list is off: past the rights, no place can be offered.
    ok: { status: 409 },
  },
  "GET /api/events/:id{[0-9]+}/messages": {
    need: { event: "event:message-attendees" },
    probe: (i) => ({ path: `/api/events/${i.eventId}/messages` }),
  },
  "POST /api/events/:id{[0-9]+}/messages": {
    need: { event: "event:message-attendees" },
    probe: (i) => ({
      path: `/api/events/${i.eventId}/messages`,
      json: { subject: "Bonjour", body: "<p>Texte</p>", segment: { type: "all" } },
    }),
  },
  "GET /api/events/:id{[0-9]+}/messages/:message_id{[0-9]+}": {
    need: { event: "event:message-attendees" },
    probe: (i) => ({ path: `/api/events/${i.eventId}/messages/${i.sentMessageId}` }),
  },
  "PUT /api/events/:id{[0-9]+}/messages/:message_id{[0-9]+}": {
    need: { event: "event:message-attendees" },
    probe: (i) => ({ path: `/api/events/${i.eventId}/messages/${i.draftMessageId}`, json: { subject: "Nouveau" } }),
  },
  "DELETE /api/events/:id{[0-9]+}/messages/:message_id{[0-9]+}": {
    need: { event: "event:message-attendees" },
    probe: (i) => ({ path: `/api/events/${i.eventId}/messages/${i.draftMessageId}` }),
    destructive: true,
  },
  "POST /api/events/:id{[0-9]+}/messages/:message_id{[0-9]+}/send": {
    need: { event: "event:message-attendees" },
    // The event is a draft: sending is refused (nothing goes out), after the access checks.
    probe: (i) => ({ path: `/api/events/${i.eventId}/messages/${i.draftMessageId}/send`, json: {} }),
    ok: { status: 409 },
  },
  "POST /api/events/:id{[0-9]+}/messages/:message_id{[0-9]+}/recipients/:recipient_id{[0-9]+}/retry": {
    need: { event: "event:message-attendees" },
    probe: (i) => ({
      path: `/api/events/${i.eventId}/messages/${i.sentMessageId}/recipients/${i.failedRecipientId}/retry`,
    }),
    destructive: true,
  },
  "POST /api/events": {
    need: { organization: "events:create" },
    probe: (i) => ({ path: "/api/events", json: { organizer: i.organizationId, title: "Nouvel événement" } }),
  },
  "GET /api/events/:id{[0-9]+}": {
    need: { event: "event:view" },
    probe: (i) => ({ path: `/api/events/${i.eventId}` }),
  },
  "PUT /api/events/:id{[0-9]+}": {
    need: { event: "event:update" },
    probe: (i) => ({ path: `/api/events/${i.eventId}`, json: { title: "Concert renommé" } }),
  },
  "PUT /api/events/:id{[0-9]+}/status/:status": {
    need: { event: "event:publish" },
    probe: (i) => ({ path: `/api/events/${i.eventId}/status/archived` }),
  },
  "GET /api/events/:id{[0-9]+}/publish-readiness": {
    need: { event: "event:view" },
    probe: (i) => ({ path: `/api/events/${i.eventId}/publish-readiness` }),
  },
  "POST /api/events/:id{[0-9]+}/private-link": {
    need: { event: "event:publish" },
    probe: (i) => ({ path: `/api/events/${i.eventId}/private-link` }),
  },
  "PUT /api/events/:id{[0-9]+}/settings": {
    need: { event: "event:update" },
    probe: (i) => ({ path: `/api/events/${i.eventId}/settings`, json: { meta_pixel_id: "", allow_billing: true } }),
  },
  "DELETE /api/events/:id{[0-9]+}": {
    need: { event: "event:delete" },
    probe: (i) => ({ path: `/api/events/${i.eventId}`, json: { confirmation: "DELETE" } }),
    destructive: true,
  },
  // Issue 30 §6: the dates of an event.
  "GET /api/events/:id{[0-9]+}/dates": {
    need: { event: "event:view" },
    probe: (i) => ({ path: `/api/events/${i.eventId}/dates` }),
  },
  "POST /api/events/:id{[0-9]+}/dates": {
    need: { event: "event:update" },
    probe: (i) => ({ path: `/api/events/${i.eventId}/dates`, json: { start_at: MATRIX_START.toISOString() } }),
  },
  "PUT /api/events/:id{[0-9]+}/dates": {
    need: { event: "event:update" },
    probe: (i) => ({ path: `/api/events/${i.eventId}/dates`, json: { ids: [i.dateId], capacity: 50 } }),
  },
  "PUT /api/events/:id{[0-9]+}/dates/:date_id{[0-9]+}": {
    need: { event: "event:update" },
    probe: (i) => ({ path: `/api/events/${i.eventId}/dates/${i.dateId}`, json: { status: "sold_out" } }),
  },
  "DELETE /api/events/:id{[0-9]+}/dates/:date_id{[0-9]+}": {
    need: { event: "event:update" },
    probe: (i) => ({ path: `/api/events/${i.eventId}/dates/${i.dateId}` }),
    destructive: true,
  },
  "POST /api/events/:id{[0-9]+}/dates/:date_id{[0-9]+}/move": {
    need: { event: "event:manage-sales" },
    probe: (i) => ({ path: `/api/events/${i.eventId}/dates/${i.dateId}/move`, json: { to_date_id: i.dateId } }),
    // Moving a date onto itself is refused as invalid once the actor is allowed: nothing moves either way.
    ok: { status: 400 },
  },
  "POST /api/events/:id{[0-9]+}/dates/:date_id{[0-9]+}/refund": {
    need: { event: "event:manage-sales" },
    probe: (i) => ({ path: `/api/events/${i.eventId}/dates/${i.dateId}/refund`, json: {} }),
    // The date is on sale: an allowed actor hears that it must be cancelled first.
    ok: { status: 409 },
  },
  "GET /api/events/:id{[0-9]+}/tickets": {
    need: { event: "event:view" },
    probe: (i) => ({ path: `/api/events/${i.eventId}/tickets` }),
  },
  "POST /api/events/:id{[0-9]+}/tickets": {
    need: { event: "event:update" },
    probe: (i) => ({ path: `/api/events/${i.eventId}/tickets`, json: { title: "Tarif réduit", price: 1000 } }),
  },
  "PUT /api/events/:id{[0-9]+}/tickets/order": {
    need: { event: "event:update" },
    probe: (i) => ({ path: `/api/events/${i.eventId}/tickets/order`, json: { ids: [i.ticketId, i.addonId] } }),
  },
  "PUT /api/events/:id{[0-9]+}/tickets/:ticket_id{[0-9]+}": {
    need: { event: "event:update" },
    probe: (i) => ({ path: `/api/events/${i.eventId}/tickets/${i.ticketId}`, json: { title: "Plein tarif" } }),
  },
  "DELETE /api/events/:id{[0-9]+}/tickets/:ticket_id{[0-9]+}": {
    need: { event: "event:update" },
    probe: (i) => ({ path: `/api/events/${i.eventId}/tickets/${i.addonId}` }),
    destructive: true,
  },
  "PUT /api/events/:id{[0-9]+}/capacity": {
    need: { event: "event:update" },
    probe: (i) => ({ path: `/api/events/${i.eventId}/capacity`, json: { event_capacity: 500 } }),
  },
  "GET /api/events/:id{[0-9]+}/quotas": {
    need: { event: "event:view" },
    probe: (i) => ({ path: `/api/events/${i.eventId}/quotas` }),
  },
  "PUT /api/events/:id{[0-9]+}/quotas": {
    need: { event: "event:update" },
    probe: (i) => ({
      path: `/api/events/${i.eventId}/quotas`,
      json: { quotas: [{ name: "Tous", size: 500, date_id: null, ticket_ids: [i.ticketId] }] },
    }),
  },
  "PUT /api/events/:id{[0-9]+}/inventory": {
    need: { event: "event:update" },
    probe: (i) => ({ path: `/api/events/${i.eventId}/inventory`, json: { mode: "database" } }),
  },
  "POST /api/events/:id{[0-9]+}/check-ins": {
    need: { event: "event:validate-entries" },
    probe: (i) => ({
      path: `/api/events/${i.eventId}/check-ins`,
      json: { participant_id: i.participantId, direction: "in", id: scanId() },
    }),
  },
  "GET /api/events/:id{[0-9]+}/check-ins/list": {
    need: { event: "event:validate-entries" },
    probe: (i) => ({ path: `/api/events/${i.eventId}/check-ins/list` }),
  },
  "GET /api/events/:id{[0-9]+}/check-ins/search": {
    need: { event: "event:validate-entries" },
    probe: (i) => ({ path: `/api/events/${i.eventId}/check-ins/search?q=Alex` }),
  },
  "POST /api/events/:id{[0-9]+}/manual-orders": {
    need: { event: "event:manage-sales" },
    probe: (i) => ({
      path: `/api/events/${i.eventId}/manual-orders`,
      json: { orders: [{ buyer: person, participants: [{ ticket_id: i.ticketId, date_id: i.dateId, ...person }] }] },
    }),
  },
  "POST /api/events/:id{[0-9]+}/participant-import/check": {
    need: { event: "event:manage-sales" },
    probe: (i) => ({
      path: `/api/events/${i.eventId}/participant-import/check`,
      json: { totals: [{ ticket_id: i.ticketId, quantity: 1 }] },
    }),
  },
  "POST /api/events/:id{[0-9]+}/participant-import": {
    need: { event: "event:manage-sales" },
    probe: (i) => ({
      path: `/api/events/${i.eventId}/participant-import`,
      // The event has a date and a file has none (issue 30): an add-on, which takes no place on a date, is imported.
      json: { rows: [["Jeanne", "Roux", "jeanne.roux@exemple.test", String(i.addonId), "1"]] },
    }),
  },
  // Both lists answer every member: the whole list with events:list, else the events with an access (list-events.ts).
  "GET /api/dashboard/:organizer{[0-9]+}/events": {
    need: { anyOf: ["events:list", "events:list-guest"] },
    probe: (i) => ({ path: `/api/dashboard/${i.organizationId}/events` }),
  },
  "GET /api/dashboard/:organizer{[0-9]+}/events-guest": {
    need: { anyOf: ["events:list", "events:list-guest"] },
    probe: (i) => ({ path: `/api/dashboard/${i.organizationId}/events-guest` }),
  },
  "GET /api/dashboard/:organizer{[0-9]+}/events/:id{[0-9]+}": {
    need: { event: "event:view" },
    probe: (i) => ({ path: `/api/dashboard/${i.organizationId}/events/${i.eventId}` }),
  },
  "GET /api/dashboard/:organizer{[0-9]+}/events/:id{[0-9]+}/stats": {
    need: { event: "event:view" },
    probe: (i) => ({ path: `/api/dashboard/${i.organizationId}/events/${i.eventId}/stats` }),
  },
  "GET /api/organizers/:id/members": {
    need: { organization: "members:view" },
    probe: (i) => ({ path: `/api/organizers/${i.organizationId}/members` }),
  },
  "POST /api/organizers/:id/members": {
    need: { organization: "members:manage" },
    probe: (i) => ({
      path: `/api/organizers/${i.organizationId}/members`,
      json: { email: i.outsiderEmail, role: "event_manager" },
    }),
    destructive: true,
  },
  "PUT /api/organizers/:id/members/:user_id": {
    need: { organization: "members:manage" },
    probe: (i) => ({ path: `/api/organizers/${i.organizationId}/members/${i.memberUserId}`, json: { role: "admin" } }),
  },
  "DELETE /api/organizers/:id/members/:user_id": {
    need: { organization: "members:manage" },
    probe: (i) => ({ path: `/api/organizers/${i.organizationId}/members/${i.memberUserId}` }),
    destructive: true,
  },
  "POST /api/organizers/:id/images/:kind": {
    need: { organization: "organization:update" },
    probe: (i) => ({
      path: `/api/organizers/${i.organizationId}/images/logo`,
      multipart: webp({ "logo-400": [400, 400], "logo-160": [160, 160] }),
    }),
  },
  "DELETE /api/organizers/:id/images/:kind": {
    need: { organization: "organization:update" },
    probe: (i) => ({ path: `/api/organizers/${i.organizationId}/images/logo` }),
  },
  "GET /api/events/:id{[0-9]+}/accesses": {
    need: { event: "event:view-team" },
    probe: (i) => ({ path: `/api/events/${i.eventId}/accesses` }),
  },
  "POST /api/events/:id{[0-9]+}/accesses": {
    need: { event: "event:manage-team" },
    probe: (i) => ({ path: `/api/events/${i.eventId}/accesses`, json: { email: i.spareMemberEmail } }),
    destructive: true,
  },
  "PUT /api/events/:id{[0-9]+}/accesses": {
    need: { event: "event:manage-team" },
    probe: (i) => ({
      path: `/api/events/${i.eventId}/accesses`,
      json: { role: "validator", profile: i.accessUserId },
    }),
  },
  "DELETE /api/events/:id{[0-9]+}/accesses/:profile{[0-9]+}": {
    need: { event: "event:manage-team" },
    probe: (i) => ({ path: `/api/events/${i.eventId}/accesses/${i.accessUserId}` }),
    destructive: true,
  },
  "GET /api/organizer/:organizer/contact-form": {
    need: { organization: "contact-entries:view" },
    probe: (i) => ({ path: `/api/organizer/${i.organizationId}/contact-form` }),
  },
  "PUT /api/organizer/:organizer/contact-form/:id/read": {
    need: { organization: "contact-entries:update" },
    probe: (i) => ({
      path: `/api/organizer/${i.organizationId}/contact-form/${i.contactEntryId}/read`,
      json: { is_read: true },
    }),
  },
  "GET /api/organizers/:organizer/webhooks": {
    need: { organization: "integrations:manage" },
    probe: (i) => ({ path: `/api/organizers/${i.organizationId}/webhooks` }),
  },
  "POST /api/organizers/:organizer/webhooks": {
    need: { organization: "integrations:manage" },
    probe: (i) => ({ path: `/api/organizers/${i.organizationId}/webhooks`, json: endpointBody }),
  },
  "PUT /api/organizers/:organizer/webhooks/:endpoint": {
    need: { organization: "integrations:manage" },
    probe: (i) => ({ path: `/api/organizers/${i.organizationId}/webhooks/${i.endpointId}`, json: endpointBody }),
  },
  "DELETE /api/organizers/:organizer/webhooks/:endpoint": {
    need: { organization: "integrations:manage" },
    probe: (i) => ({ path: `/api/organizers/${i.organizationId}/webhooks/${i.endpointId}` }),
    destructive: true,
  },
  "POST /api/organizers/:organizer/webhooks/:endpoint/rotate-secret": {
    need: { organization: "integrations:manage" },
    probe: (i) => ({ path: `/api/organizers/${i.organizationId}/webhooks/${i.endpointId}/rotate-secret` }),
  },
  "POST /api/organizers/:organizer/webhooks/:endpoint/test": {
    need: { organization: "integrations:manage" },
    probe: (i) => ({ path: `/api/organizers/${i.organizationId}/webhooks/${i.endpointId}/test` }),
    destructive: true,
  },
  "GET /api/organizers/:organizer/webhooks/:endpoint/deliveries": {
    need: { organization: "integrations:manage" },
    probe: (i) => ({ path: `/api/organizers/${i.organizationId}/webhooks/${i.endpointId}/deliveries` }),
  },
  "POST /api/organizers/:organizer/webhooks/:endpoint/deliveries/:delivery/replay": {
    need: { organization: "integrations:manage" },
    probe: (i) => ({
      path: `/api/organizers/${i.organizationId}/webhooks/${i.endpointId}/deliveries/${i.deliveryId}/replay`,
    }),
    destructive: true,
  },
  "PUT /api/events/:event_id/participant-ticket/:id": {
    need: { event: "event:manage-sales" },
    probe: (i) => ({ path: `/api/events/1/participant-ticket/${i.participantId}`, json: person }),
  },
  "DELETE /api/events/:event_id/participant-ticket/:id": {
    need: { event: "event:manage-sales" },
    probe: (i) => ({ path: `/api/events/1/participant-ticket/${i.participantId}` }),
    destructive: true,
  },
  "PUT /api/events/:event_id/participant-ticket/:id/ticket": {
    need: { event: "event:edit-participants" },
    // The probe's event has one ticket type: past the rights, a move to its add-on is refused (400), changing nothing.
    probe: (i) => ({ path: `/api/events/1/participant-ticket/${i.participantId}/ticket`, json: { ticket: i.addonId } }),
    ok: { status: 400 },
  },
  "GET /api/events/:id{[0-9]+}/entries": {
    need: { event: "event:view-sales" },
    probe: (i) => ({ path: `/api/events/${i.eventId}/entries` }),
  },
  "GET /api/events/:id{[0-9]+}/participants": {
    need: { event: "event:view-sales" },
    probe: (i) => ({ path: `/api/events/${i.eventId}/participants?limit=5` }),
  },
  "GET /api/events/:id{[0-9]+}/orders": {
    need: { event: "event:view-sales" },
    probe: (i) => ({ path: `/api/events/${i.eventId}/orders?limit=5` }),
  },
  "GET /api/organizers/:id/finance/transactions": {
    need: { organization: "finance:view" },
    probe: (i) => ({ path: `/api/organizers/${i.organizationId}/finance/transactions` }),
    notFoundWithout: "finance:view",
  },
  "GET /api/organizers/:id/finance/export": {
    need: { organization: "finance:view" },
    probe: (i) => ({ path: `/api/organizers/${i.organizationId}/finance/export?kind=transactions` }),
    notFoundWithout: "finance:view",
  },
  "GET /api/organizers/:id/finance/account": {
    need: { organization: "finance:view" },
    probe: (i) => ({ path: `/api/organizers/${i.organizationId}/finance/account` }),
    notFoundWithout: "finance:view",
  },
  "POST /api/organizers/:id/finance/account/connect": {
    need: { organization: "finance:connect-account" },
    probe: (i) => ({ path: `/api/organizers/${i.organizationId}/finance/account/connect` }),
    notFoundWithout: "finance:view",
  },
  "POST /api/organizers/:id/finance/account/refresh": {
    need: { organization: "finance:view" },
    probe: (i) => ({ path: `/api/organizers/${i.organizationId}/finance/account/refresh` }),
    notFoundWithout: "finance:view",
  },
  "POST /api/organizers/:id/finance/account/dashboard": {
    need: { organization: "finance:connect-account" },
    probe: (i) => ({ path: `/api/organizers/${i.organizationId}/finance/account/dashboard` }),
    notFoundWithout: "finance:view",
    // Past the access check, organization A has no valid account to open the provider's dashboard of.
    ok: { status: 409 },
  },
  "GET /api/organizers/:id/finance/frequency": {
    need: { organization: "finance:view" },
    probe: (i) => ({ path: `/api/organizers/${i.organizationId}/finance/frequency` }),
    notFoundWithout: "finance:view",
  },
  "PUT /api/organizers/:id/finance/frequency": {
    need: { organization: "finance:manage" },
    probe: (i) => ({
      path: `/api/organizers/${i.organizationId}/finance/frequency`,
      json: { payout_frequency: "weekly" },
    }),
    notFoundWithout: "finance:view",
  },
  "GET /api/organizers/:id/billing": {
    need: { organization: "finance:view" },
    probe: (i) => ({ path: `/api/organizers/${i.organizationId}/billing` }),
    notFoundWithout: "finance:view",
  },
  "PUT /api/organizers/:id/billing": {
    need: { organization: "finance:manage" },
    probe: (i) => ({
      path: `/api/organizers/${i.organizationId}/billing`,
      json: {
        legal_name: "Vendeur",
        address: "1 rue",
        city: "Lyon",
        country: "FR",
        vat_registered: false,
        vat_exemption_mention: "TVA non applicable, art. 293 B du CGI",
      },
    }),
    notFoundWithout: "finance:view",
  },
  "GET /api/organizers/:id/tax-rates": {
    need: { organization: "finance:view" },
    probe: (i) => ({ path: `/api/organizers/${i.organizationId}/tax-rates` }),
    notFoundWithout: "finance:view",
  },
  "PUT /api/organizers/:id/tax-rates": {
    need: { organization: "finance:manage" },
    probe: (i) => ({
      path: `/api/organizers/${i.organizationId}/tax-rates`,
      json: { rates: [{ name: "TVA 5,5 %", rate: 550, is_default: true }] },
    }),
    notFoundWithout: "finance:view",
  },
  "GET /api/organizers/:id/invoices": {
    need: { organization: "finance:view" },
    probe: (i) => ({ path: `/api/organizers/${i.organizationId}/invoices` }),
    notFoundWithout: "finance:view",
  },
  "GET /api/organizers/:id/invoices/export.csv": {
    need: { organization: "finance:view" },
    probe: (i) => ({ path: `/api/organizers/${i.organizationId}/invoices/export.csv?kind=documents` }),
    notFoundWithout: "finance:view",
  },
  "GET /api/organizers/:id/finance/payouts": {
    need: { organization: "finance:view" },
    probe: (i) => ({ path: `/api/organizers/${i.organizationId}/finance/payouts` }),
    notFoundWithout: "finance:view",
  },
  "GET /api/organizers/:id/finance/balance": {
    need: { organization: "finance:view" },
    probe: (i) => ({ path: `/api/organizers/${i.organizationId}/finance/balance` }),
    notFoundWithout: "finance:view",
  },
  "GET /api/organizers/:id/export": {
    need: { organization: "privacy:export" },
    probe: (i) => ({ path: `/api/organizers/${i.organizationId}/export` }),
  },
  "POST /dev/run-payouts": { need: { devOnly: true }, probe: () => ({ path: "/dev/run-payouts" }) },
  "POST /dev/run-waiting-lists": { need: { devOnly: true }, probe: () => ({ path: "/dev/run-waiting-lists" }) },
  // Error reporting and analytics relays: 404 while SENTRY_DSN and analytics are not configured (tests).
  "POST /monitoring/errors": {
    need: { public: true },
    probe: () => ({ path: "/monitoring/errors", json: {} }),
    ok: { status: 404 },
  },
  "POST /monitoring/events": {
    need: { public: true },
    probe: () => ({ path: "/monitoring/events", json: {} }),
    ok: { status: 404 },
  },
  // The API's own 404 for any other path, behind the session check.
  "ALL /api/*": { need: { signedIn: true }, probe: () => ({ path: "/api/nothing-here" }), ok: { status: 404 } },
  // Without Google credentials configured, the sign-in with Google goes back to the sign-in page.
  "GET /auth/google": {
    need: { public: true },
    probe: () => ({ path: "/auth/google" }),
    ok: { redirect: "/auth/login" },
  },
  "GET /auth/google/callback": {
    need: { public: true },
    probe: () => ({ path: "/auth/google/callback" }),
    ok: { redirect: "/auth/login?error=google" },
  },
  "POST /auth/login": {
    need: { public: true },
    probe: () => ({ path: "/auth/login", json: { email: "nobody@exemple.test", password: "wrong-password-1" } }),
    ok: { status: 401 },
  },
  "POST /auth/register": {
    need: { public: true },
    probe: () => ({ path: "/auth/register", json: {} }),
    ok: { status: 400 },
  },
  "POST /auth/need-register": {
    need: { public: true },
    probe: () => ({
      path: "/auth/need-register",
      json: { email: "nobody@exemple.test", password: "nobody@exemple.test" },
    }),
  },
  "POST /auth/verify-email": {
    need: { public: true },
    probe: () => ({ path: "/auth/verify-email", json: {} }),
    ok: { status: 400 },
  },
  "POST /auth/login-google": {
    need: { public: true },
    probe: () => ({ path: "/auth/login-google", json: {} }),
    ok: { status: 404 },
  },
  "POST /auth/reset-password": {
    need: { public: true },
    probe: () => ({ path: "/auth/reset-password", json: {} }),
    ok: { status: 400 },
  },
  "POST /auth/request-password-reset": {
    need: { public: true },
    probe: () => ({
      path: "/auth/request-password-reset",
      json: { email: `${unique("nobody")}@exemple.test`, password: "" },
    }),
  },
  "POST /auth/logout": {
    need: { public: true },
    probe: () => ({ path: "/auth/logout", json: {} }),
    ownSession: true,
    ok: { redirect: "/auth/login" },
  },
  "GET /dev/mailbox.json": {
    need: { devOnly: true },
    probe: () => ({ path: "/dev/mailbox.json?to=nobody@exemple.test" }),
  },
  "GET /dev/mailbox/:id/attachments/:index": {
    need: { devOnly: true },
    probe: () => ({ path: "/dev/mailbox/999999/attachments/0" }),
    ok: { status: 404 },
  },
  "GET /dev/mailbox": { need: { devOnly: true }, probe: () => ({ path: "/dev/mailbox" }) },
  // A missing image answers the empty placeholder (spec §7).
  "GET /images/*": { need: { public: true }, probe: () => ({ path: "/images/events/1/none.webp" }) },
  "HEAD /images/*": { need: { public: true }, probe: () => ({ path: "/images/events/1/none.webp" }) },
  "POST /webhooks/stripe": {
    need: { public: true },
    probe: () => ({ path: "/webhooks/stripe", json: { id: "evt_unsigned" } }),
    ok: { status: 400 },
  },
  // Without RESEND_WEBHOOK_SECRET (tests) the endpoint says it is not configured, whoever calls.
  "POST /webhooks/resend": {
    need: { public: true },
    probe: () => ({ path: "/webhooks/resend", json: { type: "email.bounced" } }),
    ok: { status: 503 },
  },
  "GET /orders/:id/tickets.pdf": {
    need: { public: true },
    probe: (i) => ({ path: `/orders/${i.orderId}/tickets.pdf?token=${i.orderToken}` }),
  },
  // Issue 29: the buyer's invoice and credit notes, with the order's token.
  "GET /orders/:id/invoice.pdf": {
    need: { public: true },
    probe: (i) => ({ path: `/orders/${i.orderId}/invoice.pdf?token=${i.orderToken}` }),
  },
  "GET /orders/:id/credit-notes/:file{[0-9]+\\.pdf}": {
    need: { public: true },
    probe: (i) => ({ path: `/orders/${i.orderId}/credit-notes/${i.creditNoteId}.pdf?token=${i.orderToken}` }),
  },
  // Issue 27 §6: the calendar files, the buyer's with the order's token, the public page's for its event.
  "GET /orders/:id/calendar.ics": {
    need: { public: true },
    probe: (i) => ({ path: `/orders/${i.orderId}/calendar.ics?token=${i.orderToken}` }),
  },
  "GET /events/:id/calendar.ics": {
    need: { public: true },
    probe: (i) => ({ path: `/events/${i.publishedEventId}/calendar.ics` }),
  },
  // Issue 26 §5: the booking widget's script, the same for everyone.
  "GET /widget.js": { need: { public: true }, probe: () => ({ path: "/widget.js" }) },
};

/** Hono's last route hands every other request to React Router: the page table covers what it reaches. */
const HONO_FALLBACK = "ALL /*";

/** Page routes, keyed `GET path` (loader or page) and `POST path` (action), `?index` for an index route's action. */
const pageTable: Record<string, RouteSpec> = {
  "GET /auth/login": { need: { publicOnly: true }, probe: () => ({ path: "/auth/login" }) },
  "POST /auth/login": {
    need: { publicOnly: true },
    probe: () => ({ path: "/auth/login", form: { email: "nobody@exemple.test" } }),
  },
  // The password step without the email step's cookie goes back to the first step.
  "GET /auth/login-password": {
    need: { publicOnly: true },
    probe: () => ({ path: "/auth/login-password" }),
    ok: { redirect: "/auth/login" },
  },
  "POST /auth/login-password": {
    need: { publicOnly: true },
    probe: () => ({ path: "/auth/login-password", form: { email: "nobody@exemple.test", password: "wrong-1" } }),
    ok: { redirect: "/auth/login" },
  },
  "GET /auth/register": { need: { publicOnly: true }, probe: () => ({ path: "/auth/register" }) },
  "POST /auth/register": {
    need: { publicOnly: true },
    probe: () => ({ path: "/auth/register", form: { email: "", first_name: "", last_name: "" } }),
    ok: { status: 400 },
  },
  "GET /auth/register/validate-email": {
    need: { publicOnly: true },
    probe: () => ({ path: "/auth/register/validate-email" }),
    ok: { redirect: "/auth/register" },
  },
  "POST /auth/register/validate-email": {
    need: { publicOnly: true },
    probe: () => ({ path: "/auth/register/validate-email", form: { intent: "resend" } }),
  },
  "GET /auth/register/password": {
    need: { publicOnly: true },
    probe: () => ({ path: "/auth/register/password" }),
    ok: { redirect: "/auth/register" },
  },
  "POST /auth/register/password": {
    need: { publicOnly: true },
    probe: () => ({ path: "/auth/register/password", form: { password: "x" } }),
  },
  "GET /auth/reset-password": { need: { public: true }, probe: () => ({ path: "/auth/reset-password" }) },
  "POST /auth/reset-password": {
    need: { public: true },
    probe: () => ({ path: "/auth/reset-password", form: { password: "x", confirmation: "y" } }),
    ok: { status: 400 },
  },
  // Issue 24 §2: an invitation link, signed in or not; an unknown token is the "no longer valid" page.
  "GET /invitations/:token": {
    need: { public: true },
    probe: () => ({ path: "/invitations/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" }),
  },
  "POST /invitations/:token": {
    need: { public: true },
    probe: () => ({ path: "/invitations/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", form: { intent: "sign-in" } }),
    ok: { redirect: "/invitations/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" },
  },
  "GET /auth/logout": { need: { public: true }, probe: () => ({ path: "/auth/logout" }), ok: { redirect: "/" } },
  "POST /auth/logout": {
    need: { public: true },
    probe: () => ({ path: "/auth/logout", form: {} }),
    ok: { redirect: "/auth/login" },
    ownSession: true,
  },
  "GET /resources/locale": {
    need: { public: true },
    probe: () => ({ path: "/resources/locale" }),
    ok: { redirect: "/" },
  },
  "POST /resources/locale": {
    need: { public: true },
    probe: () => ({ path: "/resources/locale", form: { locale: "fr" } }),
  },
  // Resource routes: a GET goes home; their actions are the organization switcher and the creation dialog.
  "GET /resources/organization": {
    need: { signedIn: true },
    probe: () => ({ path: "/resources/organization" }),
    ok: { redirect: "/" },
  },
  // Switching to organization A: only its members may.
  "POST /resources/organization": {
    need: { anyOf: ["events:list", "events:list-guest"] },
    probe: (i) => ({ path: "/resources/organization", form: { organizationId: String(i.organizationId) } }),
    namesOrganization: true,
  },
  "GET /resources/create-organization": {
    need: { signedIn: true },
    probe: () => ({ path: "/resources/create-organization" }),
    ok: { redirect: "/" },
  },
  "POST /resources/create-organization": {
    need: { signedIn: true },
    probe: () => ({ path: "/resources/create-organization", form: { title: unique("Organisation créée") } }),
  },
  "GET /": { need: { signedIn: true }, probe: () => ({ path: "/" }) },
  "GET /profile": { need: { signedIn: true }, probe: () => ({ path: "/profile" }) },
  "POST /profile": {
    need: { signedIn: true },
    probe: () => ({ path: "/profile", form: { intent: "update", firstName: "Léa", lastName: "Martin" } }),
  },
  "GET /finance": { need: { organization: "finance:view" }, probe: () => ({ path: "/finance" }) },
  "POST /finance?index": {
    need: { organization: "finance:view" },
    probe: () => ({ path: "/finance?index", form: { intent: "refresh" } }),
  },
  "GET /finance/transactions": {
    need: { organization: "finance:view" },
    probe: () => ({ path: "/finance/transactions" }),
  },
  "GET /finance/payouts": { need: { organization: "finance:view" }, probe: () => ({ path: "/finance/payouts" }) },
  "GET /finance/invoices": { need: { organization: "finance:view" }, probe: () => ({ path: "/finance/invoices" }) },
  "GET /profile/delete-account": { need: { signedIn: true }, probe: () => ({ path: "/profile/delete-account" }) },
  "POST /profile/delete-account": {
    need: { signedIn: true },
    probe: () => ({ path: "/profile/delete-account", form: { intent: "send-code" } }),
  },
  // The privacy section's data: `{ owner: false }` for anyone who may not anonymise (nothing of the organization).
  "GET /organization/privacy": {
    need: { signedIn: true },
    probe: () => ({ path: "/organization/privacy" }),
  },
  "POST /organization/privacy": {
    need: { organization: "privacy:anonymise" },
    probe: () => ({ path: "/organization/privacy", form: { intent: "anonymise" } }),
    pageGuard: null,
  },
  "GET /organization/privacy/export.zip": {
    need: { organization: "privacy:export" },
    probe: () => ({ path: "/organization/privacy/export.zip" }),
  },
  // The demo onboarding of organization A's payment account (no Stripe key): only its members who may connect it.
  "GET /demo-connect/:accountId": {
    need: { organization: "finance:connect-account" },
    probe: (i) => ({ path: `/demo-connect/acct_demo_${i.organizationId}` }),
    namesOrganization: true,
    notFoundWithout: "finance:view",
  },
  "POST /demo-connect/:accountId": {
    need: { organization: "finance:connect-account" },
    probe: (i) => ({ path: `/demo-connect/acct_demo_${i.organizationId}`, form: { intent: "submit" } }),
    namesOrganization: true,
    notFoundWithout: "finance:view",
    pageGuard: null,
  },
  "GET /privacy": { need: { public: true }, probe: () => ({ path: "/privacy" }) },
  "GET /developers/webhooks": { need: { public: true }, probe: () => ({ path: "/developers/webhooks" }) },
  "GET /organization": { need: { organization: "organization:update" }, probe: () => ({ path: "/organization" }) },
  "POST /organization": {
    need: { organization: "organization:update" },
    probe: () => ({ path: "/organization", form: { title: unique("Organisation renommée") } }),
  },
  "GET /organization/contact-entries": {
    need: { organization: "contact-entries:view" },
    probe: () => ({ path: "/organization/contact-entries" }),
  },
  "POST /organization/contact-entries": {
    need: { organization: "contact-entries:update" },
    probe: (i) => ({ path: "/organization/contact-entries", form: { id: String(i.contactEntryId), isRead: "true" } }),
    namesOrganization: true,
    pageGuard: "contact-entries:view",
  },
  "GET /organization/billing": {
    need: { organization: "finance:view" },
    probe: () => ({ path: "/organization/billing" }),
  },
  "POST /organization/billing": {
    need: { organization: "finance:view" },
    probe: () => ({
      path: "/organization/billing",
      form: { intent: "rates", rates: JSON.stringify([{ name: "TVA 5,5 %", rate: 550, is_default: true }]) },
    }),
  },
  "GET /settings": { need: { organization: "members:view" }, probe: () => ({ path: "/settings" }) },
  "POST /settings": {
    need: { organization: "members:manage" },
    probe: (i) => ({ path: "/settings", form: { intent: "role", userId: String(i.memberUserId), role: "admin" } }),
    namesOrganization: true,
    pageGuard: "members:view",
  },
  "GET /settings/mobile": { need: { organization: "organization:view" }, probe: () => ({ path: "/settings/mobile" }) },
  "GET /settings/tracking": {
    need: { organization: "integrations:manage" },
    probe: () => ({ path: "/settings/tracking" }),
  },
  "POST /settings/tracking": {
    need: { organization: "integrations:manage" },
    probe: (i) => ({ path: "/settings/tracking", form: { intent: "rotate", id: String(i.endpointId) } }),
    namesOrganization: true,
  },
  "GET /settings/tracking/:endpoint_id": {
    need: { organization: "integrations:manage" },
    probe: (i) => ({ path: `/settings/tracking/${i.endpointId}` }),
    namesOrganization: true,
  },
  "POST /settings/tracking/:endpoint_id": {
    need: { organization: "integrations:manage" },
    probe: (i) => ({ path: `/settings/tracking/${i.endpointId}`, form: { deliveryId: String(i.deliveryId) } }),
    namesOrganization: true,
    destructive: true,
  },
  "GET /settings/developers": {
    need: { organization: "api-keys:manage" },
    probe: () => ({ path: "/settings/developers" }),
  },
  "POST /settings/developers": {
    need: { organization: "api-keys:manage" },
    probe: (i) => ({ path: "/settings/developers", form: { intent: "revoke", id: String(i.apiKeyId) } }),
    namesOrganization: true,
    destructive: true,
  },
  "GET /admin": { need: { platform: "admin:access" }, probe: () => ({ path: "/admin" }) },
  "GET /admin/organizations": { need: { platform: "admin:access" }, probe: () => ({ path: "/admin/organizations" }) },
  "POST /admin/organizations": {
    need: { platform: "admin:access" },
    probe: (i) => ({
      path: "/admin/organizations",
      form: { intent: "email-quota", organization_id: String(i.organizationId), daily_email_quota: "600" },
    }),
  },
  "GET /admin/events": { need: { platform: "admin:access" }, probe: () => ({ path: "/admin/events" }) },
  "GET /admin/organizations/:id/:event_id": {
    need: { platform: "admin:access" },
    probe: (i) => ({ path: `/admin/organizations/${i.organizationId}/${i.eventId}` }),
  },
  "GET /event/new": {
    need: { organization: "events:create" },
    probe: () => ({ path: "/event/new" }),
  },
  "POST /event/new": {
    need: { organization: "events:create" },
    probe: () => ({ path: "/event/new", form: { title: "Nouvel événement" } }),
  },
  "GET /event/update/:id": {
    need: { event: "event:update" },
    probe: (i) => ({ path: `/event/update/${i.eventId}` }),
  },
  "POST /event/update/:id": {
    need: { event: "event:update" },
    probe: (i) => ({ path: `/event/update/${i.eventId}`, form: { title: "Concert renommé" } }),
  },
  "GET /event/:event_id/scan": {
    need: { event: "event:validate-entries" },
    probe: (i) => ({ path: `/event/${i.eventId}/scan` }),
  },
  "POST /event/:event_id": {
    need: { event: "event:publish" },
    probe: (i) => ({ path: `/event/${i.eventId}`, form: { intent: "archive" } }),
    destructive: true,
  },
  "GET /event/:event_id": { need: { event: "event:view" }, probe: (i) => ({ path: `/event/${i.eventId}` }) },
  "GET /event/:event_id/dates": {
    need: { event: "event:view" },
    probe: (i) => ({ path: `/event/${i.eventId}/dates` }),
  },
  "POST /event/:event_id/dates": {
    need: { event: "event:update" },
    probe: (i) => ({
      path: `/event/${i.eventId}/dates`,
      json: { intent: "update", body: { ids: [i.dateId], capacity: 50 } },
    }),
  },
  "GET /event/:event_id/tickets": {
    need: { event: "event:view" },
    probe: (i) => ({ path: `/event/${i.eventId}/tickets` }),
  },
  "POST /event/:event_id/tickets": {
    need: { event: "event:update" },
    probe: (i) => ({ path: `/event/${i.eventId}/tickets`, form: { intent: "capacity", event_capacity: "500" } }),
  },
  "GET /event/:event_id/quotas": {
    need: { event: "event:view" },
    probe: (i) => ({ path: `/event/${i.eventId}/quotas` }),
  },
  "POST /event/:event_id/quotas": {
    need: { event: "event:update" },
    probe: (i) => ({
      path: `/event/${i.eventId}/quotas`,
      form: {
        intent: "save",
        quotas: JSON.stringify([{ name: "Tous", size: 500, date_id: null, ticket_ids: [i.ticketId] }]),
      },
    }),
  },
  "GET /event/:event_id/tickets/:ticket_id": {
    need: { event: "event:view" },
    probe: (i) => ({ path: `/event/${i.eventId}/tickets/${i.ticketId}` }),
  },
  "POST /event/:event_id/tickets/:ticket_id": {
    need: { event: "event:update" },
    probe: (i) => ({
      path: `/event/${i.eventId}/tickets/${i.ticketId}`,
      form: { intent: "update", title: "Plein tarif" },
    }),
  },
  "GET /event/:event_id/addons": {
    need: { event: "event:view" },
    probe: (i) => ({ path: `/event/${i.eventId}/addons` }),
  },
  "POST /event/:event_id/addons": {
    need: { event: "event:update" },
    probe: (i) => ({ path: `/event/${i.eventId}/addons`, form: { intent: "delete", ticket_id: String(i.addonId) } }),
    destructive: true,
  },
  "GET /event/:event_id/promos": {
    need: { event: "event:view" },
    probe: (i) => ({ path: `/event/${i.eventId}/promos` }),
  },
  "POST /event/:event_id/promos": {
    need: { event: "event:update" },
    probe: (i) => ({ path: `/event/${i.eventId}/promos`, form: { intent: "delete", key: i.promoCode } }),
    destructive: true,
  },
  "GET /event/:event_id/order-fields": {
    need: { event: "event:view" },
    probe: (i) => ({ path: `/event/${i.eventId}/order-fields` }),
  },
  "POST /event/:event_id/order-fields": {
    need: { event: "event:update" },
    probe: (i) => ({ path: `/event/${i.eventId}/order-fields`, form: { intent: "billing", allow_billing: "true" } }),
  },
  "GET /event/:event_id/order-messages": {
    need: { event: "event:view" },
    probe: (i) => ({ path: `/event/${i.eventId}/order-messages` }),
  },
  "POST /event/:event_id/order-messages": {
    need: { event: "event:update" },
    probe: (i) => ({ path: `/event/${i.eventId}/order-messages`, form: {} }),
  },
  "GET /event/:event_id/reminders": {
    need: { event: "event:message-attendees" },
    probe: (i) => ({ path: `/event/${i.eventId}/reminders` }),
  },
  "POST /event/:event_id/reminders": {
    need: { event: "event:message-attendees" },
    probe: (i) => ({
      path: `/event/${i.eventId}/reminders`,
      form: { reminders: JSON.stringify([{ offset_value: 3, offset_unit: "days", text: "", enabled: true }]) },
    }),
  },
  // Issue 27: messages to attendees, by whoever may write to the participants.
  "GET /event/:event_id/messages": {
    need: { event: "event:message-attendees" },
    probe: (i) => ({ path: `/event/${i.eventId}/messages` }),
  },
  "GET /event/:event_id/messages/new": {
    need: { event: "event:message-attendees" },
    probe: (i) => ({ path: `/event/${i.eventId}/messages/new?participants=${i.participantId}` }),
  },
  "POST /event/:event_id/messages/new": {
    need: { event: "event:message-attendees" },
    probe: (i) => ({
      path: `/event/${i.eventId}/messages/new`,
      form: { intent: "save", subject: "Infos", body: "<p>Bonjour</p>", segment: '{"type":"all"}' },
    }),
  },
  "GET /event/:event_id/messages/tools": {
    need: { event: "event:message-attendees" },
    probe: (i) => ({ path: `/event/${i.eventId}/messages/tools?segment=${encodeURIComponent('{"type":"all"}')}` }),
  },
  "POST /event/:event_id/messages/tools": {
    need: { event: "event:message-attendees" },
    probe: (i) => ({
      path: `/event/${i.eventId}/messages/tools`,
      form: { intent: "preview", subject: "Infos", body: "<p>Bonjour {first_name}</p>" },
    }),
  },
  "GET /event/:event_id/messages/:message_id": {
    need: { event: "event:message-attendees" },
    probe: (i) => ({ path: `/event/${i.eventId}/messages/${i.attendeeMessageId}` }),
  },
  "POST /event/:event_id/messages/:message_id": {
    need: { event: "event:message-attendees" },
    probe: (i) => ({
      path: `/event/${i.eventId}/messages/${i.attendeeMessageId}`,
      form: { intent: "save", subject: "Infos", body: "<p>Bonjour</p>", segment: '{"type":"buyers"}' },
    }),
  },
  "GET /event/:event_id/settings": {
    need: { event: "event:view" },
    probe: (i) => ({ path: `/event/${i.eventId}/settings` }),
  },
  "POST /event/:event_id/settings": {
    need: { event: "event:update" },
    probe: (i) => ({ path: `/event/${i.eventId}/settings`, form: { intent: "settings", meta_pixel_id: "" } }),
  },
  "GET /event/:event_id/team": {
    need: { event: "event:view-team" },
    probe: (i) => ({ path: `/event/${i.eventId}/team` }),
  },
  "POST /event/:event_id/team": {
    need: { event: "event:manage-team" },
    probe: (i) => ({ path: `/event/${i.eventId}/team`, form: { intent: "remove", userId: String(i.accessUserId) } }),
    destructive: true,
  },
  "GET /event/:event_id/participants/import": {
    need: { event: "event:manage-sales" },
    probe: (i) => ({ path: `/event/${i.eventId}/participants/import` }),
  },
  "GET /event/:event_id/participants": {
    need: { event: "event:view" },
    probe: (i) => ({ path: `/event/${i.eventId}/participants` }),
  },
  "POST /event/:event_id/participants": {
    need: { event: "event:manage-sales" },
    probe: (i) => ({
      path: `/event/${i.eventId}/participants`,
      form: {
        intent: "add",
        "buyer.first_name": "Jeanne",
        "buyer.last_name": "Roux",
        "buyer.email": "jeanne.roux@exemple.test",
        "participants.0.first_name": "Jeanne",
        "participants.0.last_name": "Roux",
        "participants.0.email": "jeanne.roux@exemple.test",
        "participants.0.ticket_id": String(i.ticketId),
        // The event has a date (issue 30): a ticket sold per date is added on one.
        "participants.0.date_id": String(i.dateId),
      },
    }),
  },
  "GET /event/:event_id/answers": {
    need: { event: "event:view" },
    probe: (i) => ({ path: `/event/${i.eventId}/answers` }),
  },
  "GET /event/:event_id/participants/export.csv": {
    need: { event: "event:manage-sales" },
    probe: (i) => ({ path: `/event/${i.eventId}/participants/export.csv` }),
  },
  "GET /event/:event_id/participants/:pid": {
    need: { event: "event:view" },
    probe: (i) => ({ path: `/event/${i.eventId}/participants/${i.participantId}` }),
  },
  "POST /event/:event_id/participants/:pid": {
    need: { event: "event:manage-sales" },
    probe: (i) => ({
      path: `/event/${i.eventId}/participants/${i.participantId}`,
      form: { intent: "update", ...person },
    }),
  },
  "GET /event/:event_id/orders": {
    need: { event: "event:view" },
    probe: (i) => ({ path: `/event/${i.eventId}/orders` }),
  },
  "GET /event/:event_id/orders/export.csv": {
    need: { event: "event:manage-sales" },
    probe: (i) => ({ path: `/event/${i.eventId}/orders/export.csv` }),
  },
  "GET /event/:event_id/orders/:oid": {
    need: { event: "event:view" },
    probe: (i) => ({ path: `/event/${i.eventId}/orders/${i.orderId}` }),
  },
  "POST /event/:event_id/orders/:oid": {
    need: { event: "event:manage-sales" },
    probe: (i) => ({ path: `/event/${i.eventId}/orders/${i.orderId}`, form: { intent: "resend" } }),
    // The probe's event is a draft: past the rights, the resend is refused (no email for a draft, decision 0038).
    ok: { status: 409 },
  },
  "GET /event/:event_id/entries": {
    need: { event: "event:view" },
    probe: (i) => ({ path: `/event/${i.eventId}/entries` }),
  },
  // Issue 28 §3: the organizer's waiting list, and « Retirer ».
  "GET /event/:event_id/waiting-list": {
    need: { event: "event:view-sales" },
    probe: (i) => ({ path: `/event/${i.eventId}/waiting-list` }),
  },
  "POST /event/:event_id/waiting-list": {
    need: { event: "event:manage-sales" },
    probe: (i) => ({
      path: `/event/${i.eventId}/waiting-list`,
      form: { intent: "remove", entry_id: String(i.waitingListEntryId) },
    }),
    destructive: true,
  },
  // Spec §2: any other path of the event area redirects to the event (which then answers for itself).
  "GET /event/:event_id/*": {
    need: { signedIn: true },
    probe: (i) => ({ path: `/event/${i.eventId}/nowhere` }),
    ok: { redirect: (i) => `/event/${i.eventId}` },
  },
  "POST /event/:event_id/*": {
    need: { signedIn: true },
    probe: (i) => ({ path: `/event/${i.eventId}/nowhere`, form: {} }),
    ok: { redirect: (i) => `/event/${i.eventId}` },
  },
  "GET /demo-checkout/:sessionId": {
    need: { public: true },
    probe: () => ({ path: "/demo-checkout/cs_demo_unknown" }),
    ok: { status: 404 },
  },
  "POST /demo-checkout/:sessionId": {
    need: { public: true },
    probe: () => ({ path: "/demo-checkout/cs_demo_unknown", form: { intent: "cancel" } }),
    ok: { status: 404 },
  },
  "GET /events/:id": {
    need: { public: true },
    probe: (i) => ({ path: `/events/${i.publishedEventId}` }),
    ok: { redirect: (i) => `/events/${i.publishedEventId}/${i.publishedSlug}` },
  },
  "GET /events/:id/:slug": {
    need: { public: true },
    probe: (i) => ({ path: `/events/${i.publishedEventId}/${i.publishedSlug}` }),
  },
  // The page, or the redirect to its current slug (organization A is renamed by the /organization probe).
  "GET /organizers/:id/:slug": {
    need: { public: true },
    probe: (i) => ({ path: `/organizers/${i.organizationId}/${i.organizationSlug}` }),
    ok: "success",
  },
  "POST /organizers/:id/:slug": {
    need: { public: true },
    probe: (i) => ({
      path: `/organizers/${i.organizationId}/${i.organizationSlug}`,
      form: { ...person, subject: "Question", message: "Bonjour, une question." },
    }),
  },
  "GET /events/:id/:slug/book": {
    need: { public: true },
    probe: (i) => ({ path: `/events/${i.publishedEventId}/${i.publishedSlug}/book` }),
  },
  "GET /events/:id/:slug/waiting-room": {
    need: { public: true },
    probe: (i) => ({ path: `/events/${i.publishedEventId}/${i.publishedSlug}/waiting-room` }),
    // No on-sale: the room sends the visitor back to the event page.
    ok: { status: 302 },
  },
  "POST /events/:id/:slug/waiting-room": {
    need: { public: true },
    probe: (i) => ({ path: `/events/${i.publishedEventId}/${i.publishedSlug}/waiting-room`, form: {} }),
  },
  "POST /events/:id/:slug/book": {
    need: { public: true },
    probe: (i) => ({ path: `/events/${i.publishedEventId}/${i.publishedSlug}/book`, form: {} }),
    ok: { status: 400 },
  },
  // Issue 28 §3: joining a waiting list from the public page; the probe's ticket is on sale, so the page says the list
  // is not open, and a form naming nothing is refused.
  "GET /events/:id/:slug/waiting-list": {
    need: { public: true },
    probe: (i) => ({ path: `/events/${i.publishedEventId}/${i.publishedSlug}/waiting-list?ticket=${i.ticketId}` }),
  },
  "POST /events/:id/:slug/waiting-list": {
    need: { public: true },
    probe: (i) => ({ path: `/events/${i.publishedEventId}/${i.publishedSlug}/waiting-list`, form: {} }),
    ok: { status: 400 },
  },
  // The person's own entry: the token is the credential.
  "GET /waiting-list/:token": {
    need: { public: true },
    probe: (i) => ({ path: `/waiting-list/${i.waitingListToken}` }),
  },
  "POST /waiting-list/:token": {
    need: { public: true },
    probe: (i) => ({ path: `/waiting-list/${i.waitingListToken}`, form: {} }),
    destructive: true,
  },
  "GET /orders/:id": { need: { public: true }, probe: (i) => ({ path: `/orders/${i.orderId}?token=${i.orderToken}` }) },
  // Issue 28: « Modifier » / « Transférer » on the order page; the order's token is the credential.
  "POST /orders/:id": {
    need: { public: true },
    probe: (i) => ({ path: `/orders/${i.orderId}?token=${i.orderToken}`, form: {} }),
    ok: { status: 400 },
  },
  // Issue 27 §5: the opt-out link of a message; a link that is not signed changes nothing and says so.
  "GET /messages/opt-out": {
    need: { public: true },
    probe: (i) => ({ path: `/messages/opt-out?e=${i.eventId}&a=YQ&s=AAAA` }),
  },
  "POST /messages/opt-out": {
    need: { public: true },
    probe: (i) => ({ path: `/messages/opt-out?e=${i.eventId}&a=YQ&s=AAAA`, form: {} }),
  },
  // Issue 26 §5: the booking widget's pages show what the public page and the order page show, to the same people.
  "GET /embed/events/:id": { need: { public: true }, probe: (i) => ({ path: `/embed/events/${i.publishedEventId}` }) },
  "GET /embed/events/:id/book": {
    need: { public: true },
    probe: (i) => ({ path: `/embed/events/${i.publishedEventId}/book` }),
  },
  "GET /embed/events/:id/waiting-room": {
    need: { public: true },
    probe: (i) => ({ path: `/embed/events/${i.publishedEventId}/waiting-room` }),
    ok: { status: 302 },
  },
  "POST /embed/events/:id/waiting-room": {
    need: { public: true },
    probe: (i) => ({ path: `/embed/events/${i.publishedEventId}/waiting-room`, form: {} }),
  },
  "POST /embed/events/:id/book": {
    need: { public: true },
    probe: (i) => ({ path: `/embed/events/${i.publishedEventId}/book`, form: {} }),
    ok: { status: 400 },
  },
  "GET /embed/orders/:id": {
    need: { public: true },
    probe: (i) => ({ path: `/embed/orders/${i.orderId}?token=${i.orderToken}` }),
  },
  "POST /tracking-consent": {
    need: { public: true },
    probe: () => ({ path: "/tracking-consent", form: { consent: "1" } }),
  },
  "GET /tracking-consent": {
    need: { public: true },
    probe: () => ({ path: "/tracking-consent" }),
    ok: { redirect: "/" },
  },
  "GET /events/preview/:id/:slug/:accessToken": {
    need: { public: true },
    probe: (i) => ({ path: `/events/preview/${i.eventId}/${i.eventSlug}/${i.previewToken}` }),
  },
  "GET /*": { need: { public: true }, probe: () => ({ path: "/nowhere/at-all" }), ok: { redirect: "/" } },
  "POST /*": { need: { public: true }, probe: () => ({ path: "/nowhere/at-all", form: {} }), ok: { redirect: "/" } },
};

// ---------------------------------------------------------------------------------------------------------------------
// Enumeration of the real route tables.

function enumerateApiRoutes(): string[] {
  // inspectRoutes calls any handler that takes `next` a middleware: app.use() registers method ALL, a route its own.
  const keys = inspectRoutes(app)
    .filter((route) => !route.isMiddleware || route.method !== "ALL")
    .map((route) => `${route.method} ${route.path}`);
  return [...new Set(keys)].filter((key) => key !== HONO_FALLBACK);
}

function enumeratePageRoutes(): string[] {
  const keys: string[] = [];
  for (const route of pageRoutes) {
    const isLayout = (route.entry.children?.length ?? 0) > 0 || (!route.entry.path && !route.entry.index);
    if (!isLayout && ("loader" in route.module || "default" in route.module)) keys.push(`GET ${route.fullPath}`);
    if ("action" in route.module) {
      if (!route.entry.path && !route.entry.index) keys.push(`POST (pathless layout ${route.id})`);
      else keys.push(`POST ${route.fullPath}${route.entry.index ? "?index" : ""}`);
    }
  }
  return [...new Set(keys)];
}

// ---------------------------------------------------------------------------------------------------------------------
// The expected answer of one actor on one route, from domain/policy.ts.

type Surface = "api" | "page";

function policyActor(name: ActorName): { actor: Actor; eventRoles: EventRole[] } | null {
  const spec: ActorSpec = actorSpecs[name];
  if (spec.kind === "visitor") return null;
  const user = world.users[name as Exclude<ActorName, "visitor">];
  const base = { userId: user.id, email: user.email, isAdmin: false };
  if (spec.kind === "other-organization") {
    return { actor: { ...base, organizationId: world.organizationB.id, role: "owner" }, eventRoles: [] };
  }
  return {
    actor: { ...base, organizationId: world.organizationA.id, role: spec.role },
    eventRoles: [...spec.eventRoles],
  };
}

type Expectation = { answer: Answer; allowed: boolean };

function expectedAnswer(surface: Surface, spec: RouteSpec, method: string, name: ActorName): Expectation {
  const isRead = method === "GET" || method === "HEAD";
  const ok: Expectation = { answer: spec.ok ?? (isRead ? { status: 200 } : "success"), allowed: true };
  const refused = (answer: Answer): Expectation => ({ answer, allowed: false });
  const need = spec.need;
  if ("public" in need || "devOnly" in need) return ok;
  const who = policyActor(name);
  if ("publicOnly" in need) return who ? refused({ redirect: "/" }) : ok;
  if (!who) return refused(surface === "api" ? { status: 401 } : { redirect: "/auth/login" });
  const organizationA = world.organizationA.id;
  // The API names organization A (or its rows) in every request; so do the pages that send A's ids.
  const namesA = surface === "api" || spec.namesOrganization === true;
  if (namesA && who.actor.organizationId !== organizationA && !("signedIn" in need) && !("platform" in need)) {
    return refused({ status: 404 });
  }
  if ("signedIn" in need) return ok;
  // A page answers a missing right with the redirect to / and the permission message; an action behind a page that
  // the actor may open answers 403 (the action's own check); the API answers 403.
  const pageDenied: Answer = { redirect: PERMISSION_DENIED_PATH };
  const denied = (mayOpenPage: boolean): Expectation =>
    refused(spec.forbidden ?? (surface === "api" || (!isRead && mayOpenPage) ? { status: 403 } : pageDenied));
  if ("platform" in need) return canOnPlatform(who.actor, need.platform) ? ok : denied(false);
  if ("organization" in need || "anyOf" in need) {
    const actions = "anyOf" in need ? need.anyOf : [need.organization];
    if (actions.some((action) => canInOrganization(who.actor, action))) return ok;
    if (spec.notFoundWithout && !canInOrganization(who.actor, spec.notFoundWithout)) return refused({ status: 404 });
    const guard = spec.pageGuard;
    return denied(guard === null || (guard !== undefined && canInOrganization(who.actor, guard)));
  }
  // Event routes name an event of organization A.
  const scope = { organizationId: organizationA, roles: who.eventRoles };
  if (who.actor.organizationId !== organizationA) return refused({ status: 404 });
  if (canOnEvent(who.actor, need.event, scope)) return ok;
  // An event the actor may not even view is not found for them (domain/events/event-access.ts: no existence leak).
  if (!canOnEvent(who.actor, "event:view", scope)) return refused({ status: 404 });
  return denied(true);
}

// ---------------------------------------------------------------------------------------------------------------------
// Requests, and what changed in the database.

let requestCount = 0;

async function buildRequest(surface: Surface, method: string, spec: RouteSpec, ids: Ids, name: ActorName) {
  const probe = spec.probe(ids);
  // One client address per request: the rate limits of public forms count per address. The dev tools answer only a
  // loopback client (workers/routes/dev.ts), so their probes come from 127.x.y.7.
  const n = ++requestCount;
  const network = probe.path.startsWith("/dev/") ? 127 : 10;
  const headers = new Headers({ "CF-Connecting-IP": `${network}.${(n >> 8) & 255}.${n & 255}.7` });
  const known = name === "visitor" ? null : world.users[name];
  const user = known && spec.ownSession ? { ...known, token: (await createSession(db, known.id)).token } : known;
  if (surface === "api" && probe.path.startsWith("/api/")) {
    if (user) headers.set("Authorization", `Bearer ${user.token}`);
  } else if (user) {
    // The other organization's owner also asks for organization A as the selected one: a stored choice outside the
    // user's organizations must be ignored.
    headers.set("Cookie", `guichet_session=${user.token}; guichet_org=${world.organizationA.id}`);
  }
  let body: BodyInit | undefined;
  if (method !== "GET" && method !== "HEAD") {
    headers.set("Origin", "http://localhost");
    if (probe.multipart) {
      const form = new FormData();
      for (const [field, bytes] of Object.entries(probe.multipart)) {
        form.append(field, new Blob([new Uint8Array(bytes)], { type: "image/webp" }), `${field}.webp`);
      }
      body = form;
    } else if (probe.form) {
      body = new URLSearchParams(probe.form);
    } else if (probe.json !== undefined) {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(probe.json);
    }
  }
  return new Request(`http://localhost${probe.path}`, { method, headers, body, redirect: "manual" });
}

/**
 * Tables any request may write whoever sends it: sessions (renewal), rate limits, the dev mailbox of public forms. The
 * webhook outbox is handed to the queue after any successful write (workers/middleware/webhook-dispatch.ts), so only
 * new, deleted or re-addressed deliveries count there.
 */
const VOLATILE_TABLES = new Set(["sessions", "rate_limits", "dev_mailbox", "d1_migrations", "iso_change_log"]);
const PARTLY_VOLATILE_TABLES: Record<string, string> = {
  webhook_deliveries: "organization_id, endpoint_id, message_id, event_type, payload",
};

/** Triggers log every insert, update and delete of the tables that hold data, so a probe reads what it changed. */
async function installChangeLog() {
  await env.DB.prepare(
    "CREATE TABLE iso_change_log (id INTEGER PRIMARY KEY AUTOINCREMENT, table_name TEXT NOT NULL, op TEXT NOT NULL)",
  ).run();
  const tables = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
  ).all<{ name: string }>();
  const statements = tables.results
    .map((t) => t.name)
    .filter((name) => !VOLATILE_TABLES.has(name))
    .flatMap((name) =>
      (["INSERT", "UPDATE", "DELETE"] as const).map((op) => {
        const event =
          op === "UPDATE" && PARTLY_VOLATILE_TABLES[name] ? `UPDATE OF ${PARTLY_VOLATILE_TABLES[name]}` : op;
        return env.DB.prepare(
          `CREATE TRIGGER "iso_${name}_${op.toLowerCase()}" AFTER ${event} ON "${name}" ` +
            `BEGIN INSERT INTO iso_change_log (table_name, op) VALUES ('${name}', '${op.toLowerCase()}'); END`,
        );
      }),
    );
  await env.DB.batch(statements);
}

async function changeMark(): Promise<number> {
  const row = await env.DB.prepare("SELECT coalesce(max(id), 0) AS id FROM iso_change_log").first<{ id: number }>();
  return row?.id ?? 0;
}

async function changedSince(mark: number): Promise<string[]> {
  const rows = await env.DB.prepare(
    "SELECT DISTINCT table_name || ' ' || op AS change FROM iso_change_log WHERE id > ?",
  )
    .bind(mark)
    .all<{ change: string }>();
  return rows.results.map((row) => row.change);
}

function describeAnswer(response: Response): string {
  const location = response.headers.get("Location");
  return location ? `${response.status} → ${location}` : String(response.status);
}

function redirectTarget(answer: { redirect: string | ((ids: Ids) => string) }, ids: Ids): string {
  return typeof answer.redirect === "function" ? answer.redirect(ids) : answer.redirect;
}

function matches(answer: Answer, response: Response, ids: Ids): boolean {
  const location = response.headers.get("Location");
  const isRedirect = response.status >= 300 && response.status < 400;
  if (answer === "success") {
    if (response.status >= 200 && response.status < 300) return true;
    return isRedirect && location !== PERMISSION_DENIED_PATH && location !== "/auth/login";
  }
  if ("status" in answer) return response.status === answer.status;
  return isRedirect && location === redirectTarget(answer, ids);
}

function answerText(answer: Answer, ids: Ids): string {
  if (answer === "success") return "2xx/3xx";
  return "status" in answer ? String(answer.status) : `3xx → ${redirectTarget(answer, ids)}`;
}

// ---------------------------------------------------------------------------------------------------------------------

beforeAll(async () => {
  await installChangeLog();
  const organizationA = await insertOrganization(db, {
    title: `Organisation ${MARKER}`,
    contactEmail: `org-${MARKER}@exemple.test`,
  });
  const organizationB = await insertOrganization(db, { title: "Organisation Beta" });
  const users = {} as World["users"];
  for (const name of actorNames) {
    const spec: ActorSpec = actorSpecs[name];
    if (spec.kind === "visitor" || name === "visitor") continue;
    const user = await insertUser(db, { email: `${unique(name.toLowerCase())}@exemple.test` });
    if (spec.kind === "member") await insertMember(db, organizationA.id, user.id, spec.role);
    else await insertMember(db, organizationB.id, user.id, "owner");
    users[name] = { id: user.id, email: user.email, token: (await createSession(db, user.id)).token };
  }
  await insertEvent(db, organizationB.id, { title: "Événement Beta" });
  await insertPublishedEvent(organizationA.id);
  world = {
    organizationA: { id: organizationA.id, title: organizationA.title },
    organizationB: { id: organizationB.id },
    users,
    shared: await insertIds(organizationA.id, users),
  };
}, 120_000);

describe("isolation matrix: the expectation table", () => {
  it("names exactly the routes of the Hono app", () => {
    const routes = enumerateApiRoutes();
    expect({
      missing: routes.filter((key) => !(key in apiTable)),
      stale: Object.keys(apiTable).filter((key) => !routes.includes(key)),
    }).toEqual({ missing: [], stale: [] });
  });

  it("names exactly the routes of app/routes.ts", () => {
    expect(unloadableRouteFiles).toEqual([]);
    const routes = enumeratePageRoutes();
    expect({
      missing: routes.filter((key) => !(key in pageTable)),
      stale: Object.keys(pageTable).filter((key) => !routes.includes(key)),
    }).toEqual({ missing: [], stale: [] });
  });

  it("derives the answers from domain/policy.ts: a role without the action is refused", () => {
    // The self-check of the derivation: the owner may open the finance page, the event_manager role may not, and the
    // other organization's owner gets 404 from the API that names organization A.
    const finance = apiTable["GET /api/organizers/:id"]!;
    expect(expectedAnswer("api", finance, "GET", "owner")).toEqual({ answer: { status: 200 }, allowed: true });
    expect(expectedAnswer("api", finance, "GET", "eventManager")).toEqual({ answer: { status: 403 }, allowed: false });
    expect(expectedAnswer("api", finance, "GET", "otherOrganization")).toEqual({
      answer: { status: 404 },
      allowed: false,
    });
    expect(expectedAnswer("api", finance, "GET", "visitor")).toEqual({ answer: { status: 401 }, allowed: false });
    const checkIn = apiTable["POST /api/events/:id{[0-9]+}/check-ins"]!;
    expect(expectedAnswer("api", checkIn, "POST", "eventValidator").allowed).toBe(true);
    expect(expectedAnswer("api", checkIn, "POST", "guest")).toEqual({ answer: { status: 404 }, allowed: false });
  });
});

describe("isolation matrix: the change log", () => {
  it("reports a write to a data table and ignores the volatile ones", async () => {
    const mark = await changeMark();
    await env.DB.prepare("UPDATE rate_limits SET count = count WHERE 0").run();
    expect(await changedSince(mark)).toEqual([]);
    await env.DB.prepare("UPDATE contact_entries SET is_read = is_read WHERE id = ?")
      .bind(world.shared.contactEntryId)
      .run();
    expect(await changedSince(mark)).toEqual(["contact_entries update"]);
  });
});

async function walk(surface: Surface, table: Record<string, RouteSpec>, routes: string[]) {
  const failures: string[] = [];
  let probes = 0;
  for (const key of routes) {
    const spec = table[key];
    if (!spec) continue;
    const [tableMethod] = key.split(" ") as [string];
    const method = tableMethod === "ALL" ? "GET" : tableMethod;
    const isWrite = method !== "GET" && method !== "HEAD";
    const expectations = new Map(actorNames.map((name) => [name, expectedAnswer(surface, spec, method, name)]));
    // Refused actors first, on the shared rows; the allowed writes then run on fresh rows of organization A (one set
    // per route, or one per actor when the write removes what it names).
    const order = [...actorNames].sort(
      (a, b) => Number(expectations.get(a)!.allowed) - Number(expectations.get(b)!.allowed),
    );
    let routeIds: Ids | null = null;
    for (const name of order) {
      const expected = expectations.get(name)!;
      let ids = world.shared;
      if (isWrite && expected.allowed && !("public" in spec.need)) {
        routeIds = spec.destructive || !routeIds ? await insertIds(world.organizationA.id, world.users) : routeIds;
        ids = routeIds;
      }
      const guarded = isWrite && !expected.allowed;
      const mark = guarded ? await changeMark() : 0;
      const response = await send(await buildRequest(surface, method, spec, ids, name));
      // Bytes, not text(): PDF and zip answers are searched too.
      const text = method === "HEAD" ? "" : new TextDecoder().decode(await response.arrayBuffer());
      probes++;
      const problems: string[] = [];
      if (!matches(expected.answer, response, ids)) {
        problems.push(`expected ${answerText(expected.answer, ids)}, got ${describeAnswer(response)}`);
      }
      if (guarded) {
        const changed = await changedSince(mark);
        if (changed.length > 0) problems.push(`changed ${changed.join(", ")}`);
      }
      const leakChecked = !("public" in spec.need) && !("devOnly" in spec.need);
      if (name === "otherOrganization" && leakChecked && text.includes(MARKER)) problems.push("shows organization A");
      if (problems.length > 0) failures.push(`${key} | ${name} | ${problems.join("; ")}`);
    }
  }
  return { failures, probes };
}

describe("isolation matrix: every route × every actor", () => {
  it("answers every API route as domain/policy.ts says, 404 and no change for another organization", async () => {
    const routes = enumerateApiRoutes();
    const { failures, probes } = await walk("api", apiTable, routes);
    console.info(
      `isolation matrix (API): ${routes.length} routes × ${actorNames.length} actors = ${probes} requests, ${failures.length} failures`,
    );
    expect(failures).toEqual([]);
  }, 600_000);

  it("answers every page route as domain/policy.ts says, 404 and no change for another organization", async () => {
    const routes = enumeratePageRoutes();
    const { failures, probes } = await walk("page", pageTable, routes);
    console.info(
      `isolation matrix (pages): ${routes.length} routes × ${actorNames.length} actors = ${probes} requests, ${failures.length} failures`,
    );
    expect(failures).toEqual([]);
  }, 600_000);
});
