import { env, exports } from "cloudflare:workers";
import { inspectRoutes } from "hono/dev";
import { describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import * as schema from "#db/schema";
import { createSession } from "#domain/auth/sessions";
import { createHonoApp } from "../../workers/hono-app";
import { resources } from "~/locales";
import { openApiPath, routeParams } from "../../workers/openapi/document";
import { allOfJsonSchema, type JsonSchema } from "../../workers/openapi/json-schema";
import { operations, type ApiOperation } from "../../workers/openapi/operations";
import {
  insertEvent,
  insertEventAccess,
  insertMember,
  insertOrder,
  insertOrganization,
  insertTicket,
  insertUser,
} from "../support/fixtures";

/**
 * Issue 26 §3: the OpenAPI document describes every /api route with the schemas the routes parse with. Fails when a
 * route has no operation (or an operation no route), when a documented example is refused by its route, when a body
 * the schema refuses is accepted by the route, or when the document is not well-formed OpenAPI 3.1.
 */

const db = createD1Database(env.DB);
const FUTURE = new Date(Date.now() + 30 * 86_400_000);
const key = (op: Pick<ApiOperation, "method" | "route">) => `${op.method} ${op.route}`;

type Document = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, Record<string, unknown>>;
  "x-error-codes": { code: string; type: string; status: number }[];
};
type Operation = {
  operationId: string;
  parameters?: ({ name: string; in: string; required?: boolean } | { $ref: string })[];
  requestBody?: { content: Record<string, { schema: JsonSchema; example?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
  security?: unknown[];
};

async function fetchDocument(): Promise<{ response: Response; document: Document }> {
  const response = await exports.default.fetch("http://localhost/api/openapi.json");
  return { response, document: (await response.json()) as Document };
}

/** Every route of the real Hono app under /api, as `METHOD path` (the same enumeration as the isolation matrix). */
function honoApiRoutes(): string[] {
  const app = createHonoApp(async () => new Response("page"), { messages: resources });
  const keys = inspectRoutes(app)
    .filter((route) => !route.isMiddleware || route.method !== "ALL")
    .map((route) => `${route.method} ${route.path}`)
    .filter((routeKey) => routeKey.split(" ")[1]!.startsWith("/api/"));
  // The API's own 404 for any other path is no operation.
  return [...new Set(keys)].filter((routeKey) => routeKey !== "ALL /api/*").sort();
}

describe("GET /api/openapi.json", () => {
  it("answers the document publicly, cacheable, without a session", async () => {
    const { response, document } = await fetchDocument();
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(response.headers.get("Cache-Control")).toMatch(/public, max-age=\d+/);
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info.title).toBe("Guichet API");
  });

  it("has an operation for every /api route of the Hono app, and a route for every operation", () => {
    const routes = honoApiRoutes();
    const documented = operations.map(key).sort();
    expect(new Set(documented).size, "an operation is listed twice").toBe(documented.length);
    expect(
      routes.filter((route) => !documented.includes(route)),
      "routes without an operation in workers/openapi/operations.ts",
    ).toEqual([]);
    expect(
      documented.filter((op) => !routes.includes(op)),
      "operations without a route",
    ).toEqual([]);
  });

  it("describes every JSON body with a schema that says something (no empty `{}`)", () => {
    for (const op of operations.filter((o) => o.body)) {
      const json = allOfJsonSchema(op.body!.schemas);
      expect(Object.keys(json).length, `${key(op)} body schema`).toBeGreaterThan(0);
      expect(json.type ?? json.allOf ?? json.anyOf, `${key(op)} body schema has no type`).toBeDefined();
    }
  });

  it("is well-formed OpenAPI 3.1: every $ref resolves, every path parameter is declared, every 4xx is the shared Error", async () => {
    const { document } = await fetchDocument();
    const refs: string[] = [];
    const walk = (node: unknown) => {
      if (Array.isArray(node)) return node.forEach(walk);
      if (typeof node !== "object" || node === null) return;
      for (const [name, value] of Object.entries(node)) {
        if (name === "$ref" && typeof value === "string") refs.push(value);
        else walk(value);
      }
    };
    walk(document);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of new Set(refs)) {
      expect(ref, "only local references").toMatch(/^#\//);
      const target = ref
        .slice(2)
        .split("/")
        .reduce<unknown>((at, part) => (at as Record<string, unknown> | undefined)?.[part], document);
      expect(target, `${ref} resolves`).toBeDefined();
    }

    const operationIds = new Set<string>();
    for (const [path, item] of Object.entries(document.paths)) {
      expect(path, "an OpenAPI path, not a Hono pattern").not.toMatch(/[:{][^}]*\{|:/);
      const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      for (const [method, operation] of Object.entries(item)) {
        expect(["get", "put", "post", "delete", "patch"]).toContain(method);
        expect(operationIds.has(operation.operationId), `${operation.operationId} is unique`).toBe(false);
        operationIds.add(operation.operationId);
        const declared = (operation.parameters ?? []).filter(
          (p): p is { name: string; in: string; required?: boolean } => "in" in p && p.in === "path",
        );
        expect(declared.map((p) => p.name).sort(), `${method} ${path} path parameters`).toEqual([...templated].sort());
        for (const p of declared) expect(p.required, `${p.name} is required`).toBe(true);
        if (method === "post")
          expect(operation.parameters, `${method} ${path} documents Idempotency-Key`).toContainEqual({
            $ref: "#/components/parameters/IdempotencyKey",
          });
        const statuses = Object.keys(operation.responses);
        expect(
          statuses.some((s) => s.startsWith("2")),
          `${method} ${path} has a success answer`,
        ).toBe(true);
        for (const status of statuses.filter((s) => s.startsWith("4"))) {
          expect(operation.responses[status]!.content!["application/json"]!.schema).toEqual({
            $ref: "#/components/schemas/Error",
          });
        }
        const jsonBody = operation.requestBody?.content["application/json"];
        if (jsonBody) expect(jsonBody.example, `${method} ${path} has a request example`).toBeDefined();
      }
    }
    expect(Object.keys(document.components.securitySchemes!)).toEqual(["bearerAuth"]);
    expect(document.components.schemas!.Error).toBeDefined();
    expect(document["x-error-codes"].map((c) => c.code)).toContain("idempotency_key_reused");
  });

  it("maps each Hono pattern to the OpenAPI path with the same parameters", () => {
    expect(openApiPath("/api/events/:id{[0-9]+}/tickets/:ticket_id{[0-9]+}")).toBe(
      "/api/events/{id}/tickets/{ticket_id}",
    );
    expect(routeParams("/api/organizers/:organizer/webhooks/:endpoint").map((p) => p.name)).toEqual([
      "organizer",
      "endpoint",
    ]);
  });
});

// ---------------------------------------------------------------------------------------------------------------------
// Each documented example against the real route, signed in as the owner on fixture data of a fresh organization.

type World = Awaited<ReturnType<typeof insertWorld>>;

async function insertWorld() {
  const organization = await insertOrganization(db);
  const owner = await insertUser(db);
  const member = await insertUser(db);
  await insertMember(db, organization.id, owner.id, "owner");
  await insertMember(db, organization.id, member.id, "");
  const event = await insertEvent(db, organization.id, {
    status: "published",
    startAt: FUTURE,
    endAt: new Date(FUTURE.getTime() + 3 * 3_600_000),
  });
  await insertEventAccess(db, event, member, ["validator"]);
  const ticket = await insertTicket(db, event, { title: "Entrée", price: 0 });
  // A second ticket type, the one a participant's ticket change moves to.
  const otherTicket = await insertTicket(db, event, { title: "Invitation", price: 0 });
  const { order, participants } = await insertOrder(db, event, { status: "paid", places: [{ ticket, count: 1 }] });
  const [endpoint] = await db
    .insert(schema.webhookEndpoints)
    .values({ organizationId: organization.id, url: "https://hooks.example.org/guichet", secret: "whsec_dGVzdA==" })
    .returning();
  const [contact] = await db
    .insert(schema.contactEntries)
    .values({
      organizationId: organization.id,
      email: "visiteur@exemple.test",
      subject: "Question",
      message: "Bonjour",
    })
    .returning();
  await db.insert(schema.promoCodes).values({
    organizationId: organization.id,
    eventId: event.id,
    code: "PRINTEMPS",
    discountValue: 10,
  });
  const [message] = await db
    .insert(schema.attendeeMessages)
    .values({ organizationId: organization.id, eventId: event.id, subject: "Infos", body: "<p>Bonjour</p>" })
    .returning();
  // A multi-date event with two dates (issue 30): the date calls' paths and bodies name them.
  const datedEvent = await insertEvent(db, organization.id, { status: "published", startAt: FUTURE });
  const [date, otherDate] = await db
    .insert(schema.eventDates)
    .values(
      [0, 1].map((day) => ({
        organizationId: organization.id,
        eventId: datedEvent.id,
        startAt: new Date(FUTURE.getTime() + day * 86_400_000),
      })),
    )
    .returning();
  const { token } = await createSession(db, owner.id);
  return {
    token,
    datedEventId: datedEvent.id,
    dateId: date!.id,
    otherDateId: otherDate!.id,
    messageId: message!.id,
    organizationId: organization.id,
    eventId: event.id,
    ticketId: ticket.id,
    otherTicketId: otherTicket.id,
    participantId: participants[0]!.id,
    orderId: order.id,
    memberUserId: member.id,
    endpointId: endpoint!.id,
    contactEntryId: contact!.id,
  };
}

/** The fixture's value of each path parameter of `op`. */
function pathFor(op: ApiOperation, w: World): string {
  return op.route.replace(/:([A-Za-z_]+)(\{[^}]*\})?/g, (_match, name: string, _pattern, offset: number) => {
    const before = op.route.slice(0, offset);
    const params: Record<string, string | number> = {
      ticket_id: w.ticketId,
      organizer: w.organizationId,
      user_id: w.memberUserId,
      profile: w.memberUserId,
      endpoint: w.endpointId,
      event_id: w.eventId,
      kind: "logo",
      code: "PRINTEMPS",
      again: "PRINTEMPS",
      form_type: "before",
      status: "published",
      message_id: w.messageId,
      recipient_id: 1,
      order_id: w.orderId,
      date_id: w.dateId,
    };
    if (name !== "id") return String(params[name]);
    if (before.endsWith("/organizers/")) return String(w.organizationId);
    if (before.endsWith("/participant-ticket/")) return String(w.participantId);
    if (before.endsWith("/contact-form/")) return String(w.contactEntryId);
    if (op.route.includes("/dates")) return String(w.datedEventId);
    return String(w.eventId);
  });
}

/** The example with the ids it names replaced by the fixture's (the reference's examples use readable ids). */
function exampleFor(op: ApiOperation, w: World): unknown {
  const ids: Record<string, unknown> = {
    ticket_id: w.ticketId,
    participant_id: w.participantId,
    organizer: w.organizationId,
    profile: w.memberUserId,
    ids: [w.ticketId, w.otherTicketId],
    ticket_ids: [w.ticketId, w.otherTicketId],
    event: w.eventId,
    ticket: w.otherTicketId,
    to_date_id: w.otherDateId,
  };
  const swap = (value: unknown, name?: string): unknown => {
    if (name !== undefined && name in ids && value !== undefined) return ids[name];
    if (name === "rows" && Array.isArray(value))
      return (value as string[][]).map((row) => row.map((cell, at) => (at === 3 ? String(w.ticketId) : cell)));
    if (Array.isArray(value)) return value.map((item) => swap(item));
    if (typeof value === "object" && value !== null)
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, swap(v, k)]));
    return value;
  };
  return swap(structuredClone(op.body!.example));
}

/** The object schema's properties, merged across `allOf` (parseJsonParts reads one object with several schemas). */
function objectShape(json: JsonSchema): { properties: Record<string, JsonSchema>; required: string[] } {
  const parts = (json.allOf as JsonSchema[] | undefined) ?? [json];
  return {
    properties: Object.assign({}, ...parts.map((part) => (part.properties ?? {}) as Record<string, JsonSchema>)),
    required: parts.flatMap((part) => (part.required as string[] | undefined) ?? []),
  };
}

/**
 * A body the documented schema refuses, derived from it: a required field left out, else a documented field of the
 * example given a value of the wrong type; a list schema gets an object.
 */
function invalidVariant(op: ApiOperation, example: unknown): { body: unknown; why: string } {
  const json = allOfJsonSchema(op.body!.schemas);
  if (json.type !== "object" && !json.allOf) return { body: "not a list", why: "a string for a list or a union" };
  const { properties, required } = objectShape(json);
  const given = example as Record<string, unknown>;
  const missing = required.find((name) => name in given);
  if (missing) {
    const { [missing]: _left, ...rest } = given;
    return { body: rest, why: `required ${missing} left out` };
  }
  const field = Object.keys(given).find((name) => properties[name] && Object.keys(properties[name]!).length > 0);
  if (!field) throw new Error(`${key(op)}: the example names no documented field to break`);
  const isObject = properties[field]!.type === "object";
  return {
    body: { ...given, [field]: isObject ? "not an object" : { wrong: "type" } },
    why: `${field} of a wrong type`,
  };
}

async function send(op: ApiOperation, w: World, body: unknown) {
  const response = await exports.default.fetch(`http://localhost${pathFor(op, w)}`, {
    method: op.method,
    headers: { Authorization: `Bearer ${w.token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, text };
}

const withBody = operations.filter((op) => op.body);

describe("the documented examples against the real routes", () => {
  it("documents a JSON body for every call that reads one", () => {
    expect(withBody.length).toBeGreaterThanOrEqual(30);
    for (const op of withBody) expect(op.body!.example, key(op)).toBeDefined();
  });

  it.each(withBody.map((op) => [key(op), op] as const))(
    "%s: the example is accepted, a variant the schema refuses is refused",
    async (_name, op) => {
      const w = await insertWorld();
      const invalid = invalidVariant(op, exampleFor(op, w));
      const refused = await send(op, w, invalid.body);
      expect([400, 422], `${invalid.why}: ${refused.text}`).toContain(refused.status);

      const example = exampleFor(op, w);
      const accepted = await send(op, w, example);
      expect([400, 422], `the documented example was refused: ${accepted.text}`).not.toContain(accepted.status);
      expect(accepted.status, accepted.text).toBeLessThan(500);
    },
  );
});
