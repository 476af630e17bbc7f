import { componentSchemas, errorExample } from "./components";
import { errorCodes as defaultErrorCodes, type ErrorCodeDoc } from "./error-codes";
import { allOfJsonSchema, inputJsonSchema, type JsonSchema } from "./json-schema";
import { operations as defaultOperations, type ApiOperation } from "./operations";

/** `/api/events/:id{[0-9]+}/tickets/:ticket_id{[0-9]+}` → `/api/events/{id}/tickets/{ticket_id}`. */
export function openApiPath(route: string): string {
  return route.replace(/:([A-Za-z_]+)(\{[^}]*\})?/g, "{$1}");
}

/** The path parameters of a Hono route, in order, with the segment before each (what it names). */
export function routeParams(route: string): { name: string; numeric: boolean; after: string }[] {
  const segments = route.split("/");
  return segments.flatMap((segment, at) => {
    const match = /^:([A-Za-z_]+)(\{[^}]*\})?$/.exec(segment);
    return match ? [{ name: match[1]!, numeric: (match[2] ?? "").includes("0-9"), after: segments[at - 1] ?? "" }] : [];
  });
}

const paramMeaning: Record<string, string> = {
  events: "The event's id.",
  organizers: "The organization's id.",
  organizer: "The organization's id.",
  dashboard: "The organization's id.",
  orders: "The order's id.",
  tickets: "The ticket's id.",
  webhooks: "The webhook endpoint's id.",
  deliveries: "The delivery's id.",
  members: "The member's user id.",
};

const queryMeaning: Record<string, string> = {
  limit: "Cursor list: how many rows (1–100, default 25).",
  starting_after: "Cursor list: the id after which to start (the last id of the previous page).",
  page: "Page number, zero-based.",
  page_size: "Rows per page.",
  pageSize: "Rows per page (10, 20, 30, 40 or 50).",
  type: "Comma-separated transaction types.",
  event: "Comma-separated event ids.",
  order: "An order number.",
  sort: "The sort column; a leading `-` sorts descending.",
  period: "The period; `custom` reads `from` and `to`.",
  from: "Custom period start, `YYYY-MM-DD`.",
  to: "Custom period end, `YYYY-MM-DD`.",
  filter: "Which events (upcoming, past, drafts…); unknown values fall back to the default.",
  search: "Text searched in the titles.",
  q: "Text searched.",
  since: "Only the changes after this time (epoch ms).",
  after: "Paging: the last participant id received.",
  ticket: "A ticket number (participant ticket id).",
  direction: "Scans in or out.",
  status: "Only this status.",
  kind: "What to export.",
};

type Parameter = JsonSchema & { name: string; in: "path" | "query" | "header" };

function pathParameters(op: ApiOperation): Parameter[] {
  return routeParams(op.route).map(({ name, numeric, after }) => {
    const given = op.pathParams?.[name];
    return {
      name,
      in: "path",
      required: true,
      description: given?.description ?? paramMeaning[after] ?? `The ${name.replace(/_/g, " ")}.`,
      schema: given?.schema ?? (numeric || name === "id" ? { type: "integer", minimum: 1 } : { type: "string" }),
    };
  });
}

function queryParameters(op: ApiOperation): Parameter[] {
  const fromSchema: Parameter[] = [];
  if (op.query) {
    const schema = inputJsonSchema(op.query);
    const required = new Set((schema.required as string[] | undefined) ?? []);
    for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) {
      fromSchema.push({
        name,
        in: "query",
        required: required.has(name),
        ...(queryMeaning[name] ? { description: queryMeaning[name] } : {}),
        schema: property,
      });
    }
  }
  const manual: Parameter[] = (op.queryParams ?? []).map((param) => ({
    name: param.name,
    in: "query",
    required: param.required ?? false,
    description: param.description,
    schema: param.schema,
  }));
  return [...fromSchema, ...manual];
}

const statusText: Record<number, string> = {
  400: "Invalid request (`validation`): the fields are listed.",
  401: "Missing or invalid credential (`unauthorized`).",
  403: "Not allowed for this role or key (`forbidden`).",
  404: "Not found, or another organization's (`not_found`).",
  409: "Conflicts with the current state (`conflict`).",
  422: "Invalid fields (`validation`), or an `Idempotency-Key` reused for another request.",
  429: "Too many requests (`rate_limited`); see `Retry-After`.",
};

function accessNote(op: ApiOperation): string {
  switch (op.access.kind) {
    case "public":
      return "**Access:** public, no credential.";
    case "user":
      return "**Access:** a signed-in person's session token; API keys cannot call this.";
    case "admin":
      return "**Access:** platform admins only; API keys never reach it.";
    case "organization":
      return op.access.scope
        ? `**Access:** a member of the organization, or an API key with the \`${op.access.scope}\` scope.`
        : "**Access:** a member of the organization with the right role; sessions only (no API key scope).";
  }
}

function operationObject(op: ApiOperation): JsonSchema {
  const errorStatuses = [...new Set([...(op.access.kind === "public" ? [] : [401]), ...op.errors])].sort();
  const responses: Record<string, JsonSchema> = {
    [op.response.status]: {
      description: op.response.description,
      ...(op.response.schema || op.response.example !== undefined
        ? {
            content: {
              [op.response.contentType ?? "application/json"]: {
                ...(op.response.schema ? { schema: op.response.schema } : {}),
                ...(op.response.example !== undefined ? { example: op.response.example } : {}),
              },
            },
          }
        : {}),
    },
  };
  for (const status of errorStatuses) {
    responses[status] = {
      description: statusText[status] ?? "Error.",
      content: { "application/json": { schema: { $ref: "#/components/schemas/Error" }, example: errorExample } },
    };
  }
  const parameters: JsonSchema[] = [
    ...pathParameters(op),
    ...queryParameters(op),
    ...(op.method === "POST" ? [{ $ref: "#/components/parameters/IdempotencyKey" }] : []),
    ...(op.headerParams ?? []),
  ];
  const requestBody = op.body
    ? {
        required: !op.body.optional,
        ...(op.body.description ? { description: op.body.description } : {}),
        content: { "application/json": { schema: allOfJsonSchema(op.body.schemas), example: op.body.example } },
      }
    : op.rawBody
      ? {
          required: true,
          description: op.rawBody.description,
          content: { [op.rawBody.contentType]: { schema: op.rawBody.schema } },
        }
      : undefined;
  return {
    operationId: op.operationId,
    tags: [op.tag],
    summary: op.summary,
    description: `${op.description}\n\n${accessNote(op)}`,
    security: op.access.kind === "public" ? [] : [{ bearerAuth: [] }],
    ...(op.access.kind === "organization" && op.access.scope ? { "x-required-scope": op.access.scope } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
}

/** One line per code (a list, not a table: it stays readable in the reference's narrow text column and on phones). */
function errorsMarkdown(codes: readonly ErrorCodeDoc[]): string {
  return codes
    .map((code) =>
      code.status === undefined
        ? `- \`${code.code}\`: ${code.description}`
        : `- \`${code.code}\` — HTTP ${code.status}, type \`${code.type}\`: ${code.description}`,
    )
    .join("\n");
}

function introduction(codes: readonly ErrorCodeDoc[]): string {
  return `The Guichet API: events, tickets, orders, participants, check-ins and finance of an organization, and the public booking calls an organizer's website uses.

## Authentication

Send \`Authorization: Bearer <token>\`: a session token (\`POST /auth/login\`) or an organization API key (\`gk_live_…\`, \`gk_test_…\` in demo mode). A key works on its organization only and within its scopes; each call names the scope it needs. The public booking calls (\`/api/public/*\`) need no credential.

## Idempotency

Every \`POST\` accepts an \`Idempotency-Key\` header (1–255 printable characters). A retry with the same key and request answers the first answer (with \`Idempotent-Replayed: true\`) without doing the work again; the same key with another request is a 422, a retry while the first still runs a 409. Keys are kept 24 hours.

## Pagination

The participants, orders, entries and transactions lists take \`limit\` (1–100, default 25) and \`starting_after\` (the last id you received) and answer \`{ "object": "list", "data": [...], "has_more": true }\` in id order: rows added during a sync come at the end, none is skipped or repeated.

## Money and time

Amounts are integer cents (EUR). Times are ISO 8601 in UTC; an event's \`timezone\` says how to show them.

## Webhooks

Endpoints set in the organization's settings receive a signed JSON \`POST\` (Standard Webhooks) on every change. Every event type, its fields and an example: [/developers/webhooks](/developers/webhooks).

## Booking widget

Sell an event's tickets on the organizer's own site (the snippet, with a live preview, is on the event's settings page):

\`\`\`html
<script src="https://<guichet host>/widget.js" defer></script>
<guichet-event event="123" lang="fr"></guichet-event>
\`\`\`

| Attribute (or \`data-…\`) | Values | Effect |
| --- | --- | --- |
| \`event\` (required) | the event's number | The event shown; a draft or unknown event shows "not found". |
| \`lang\` | \`fr\` (default), \`en\` | The language of the booking pages and of the order's emails. |
| \`token\` | the \`t\` of the private link | Needed for a private event. |
| \`max-width\` | 240–4000 (pixels) | The element's maximum width. |

The element dispatches \`guichet:order-completed\` (\`detail\`: \`{ "order_id": 4812, "status": "paid" }\`) once Guichet shows the order confirmed: at once for a free order; for a paid one, when the buyer comes back from the checkout (which runs in the top window) to the organizer's page. It works under a strict Content-Security-Policy that allows the Guichet origin in \`script-src\` and \`frame-src\`. Without scripts, frame \`/embed/events/123?lang=fr\` in an \`<iframe>\` (its height is posted to the parent as \`{ "source": "guichet", "type": "resize", "height": 640 }\`).

## Errors

Every error answers the same JSON body with the HTTP status of its \`type\`:

\`\`\`json
${JSON.stringify(errorExample, null, 2)}
\`\`\`

The \`code\` is stable: read it, not \`message\` (a sentence in the request's language).

${errorsMarkdown(codes)}
`;
}

export type OpenApiOptions = { operations?: readonly ApiOperation[]; errorCodes?: readonly ErrorCodeDoc[] };

/** The OpenAPI 3.1 document of /api, built from the registry (workers/openapi/operations.ts). */
export function buildOpenApiDocument(options: OpenApiOptions = {}): JsonSchema {
  const ops = options.operations ?? defaultOperations;
  const codes = options.errorCodes ?? defaultErrorCodes;
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const op of ops) {
    const path = openApiPath(op.route);
    paths[path] ??= {};
    paths[path][op.method.toLowerCase()] = operationObject(op);
  }
  const tags = [...new Set(ops.map((op) => op.tag))].map((name) => ({ name }));
  return {
    openapi: "3.1.0",
    info: {
      title: "Guichet API",
      version: "1",
      description: introduction(codes),
    },
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    tags,
    paths,
    components: {
      schemas: componentSchemas,
      parameters: {
        IdempotencyKey: {
          name: "Idempotency-Key",
          in: "header",
          required: false,
          description: "Makes a retry safe: the same key and request answer the first answer, kept 24 hours.",
          schema: { type: "string", minLength: 1, maxLength: 255 },
        },
        WaitingRoomPass: {
          name: "Guichet-Waiting-Room-Pass",
          in: "header",
          required: false,
          description:
            "During an on-sale behind a waiting room: the `pass` POST /api/public/events/{id}/waiting-room gave once " +
            "admitted (valid 15 minutes, for that event only).",
          schema: { type: "string", maxLength: 100 },
        },
      },
      securitySchemes: {
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          description: "A session token, or an organization API key (`gk_live_…`).",
        },
      },
    },
    "x-error-codes": codes,
  };
}

let cached: string | undefined;

/** The document as served (built once per isolate: it depends on the code only). */
export function openApiJson(errorCodes?: readonly ErrorCodeDoc[]): string {
  cached ??= JSON.stringify(buildOpenApiDocument({ errorCodes }));
  return cached;
}
