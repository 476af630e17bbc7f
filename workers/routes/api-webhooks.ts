import { requireId } from "#domain/shared/ids";
import { Hono, type Context } from "hono";
import * as v from "valibot";
import { createWebhookEndpoint } from "#domain/webhooks/create-webhook-endpoint";
import { deleteWebhookEndpoint } from "#domain/webhooks/delete-webhook-endpoint";
import { listWebhookDeliveries, webhookDeliveryStatuses } from "#domain/webhooks/list-webhook-deliveries";
import { listWebhookEndpoints } from "#domain/webhooks/list-webhook-endpoints";
import { replayWebhookDelivery } from "#domain/webhooks/replay-webhook-delivery";
import { rotateWebhookSecret } from "#domain/webhooks/rotate-webhook-secret";
import { secretGraceHoursSchema } from "#domain/webhooks/secret-grace";
import { sendTestWebhook } from "#domain/webhooks/send-test-webhook";
import { updateWebhookEndpoint } from "#domain/webhooks/update-webhook-endpoint";
import { webhookEndpointInputSchema } from "#domain/webhooks/webhook-endpoint-input-schema";
import type { WebhookEndpointRecord } from "#domain/webhooks/webhook-endpoint-record";
import { allowLocalWebhookUrls } from "#domain/webhooks/webhook-url";
import { actorForOrganizerParam } from "../actor-for-organization";
import type { ApiEnv } from "../middleware/api-session";
import { parseJson } from "../parse-json";

/**
 * Outgoing webhooks (issue 12 §6; the spec leaves these calls to us): endpoints of an organization, their secrets,
 * test events, the delivery log and manual replay. Owners and admins only (policy: integrations:manage).
 */
export const webhooksApiRoutes = new Hono<ApiEnv>();

const { eventTypes, ...fields } = webhookEndpointInputSchema.entries;
/** The same fields as the settings form, with the API's snake_case name for the event types. */
export const endpointBodySchema = v.pipe(
  v.object({ ...fields, event_types: eventTypes }),
  v.transform(({ event_types, ...rest }) => ({ ...rest, eventTypes: event_types })),
);

const allowLocal = (c: Context<ApiEnv>) => allowLocalWebhookUrls(c.env);

const endpointJson = (endpoint: WebhookEndpointRecord) => ({
  id: endpoint.id,
  url: endpoint.url,
  description: endpoint.description,
  event_types: endpoint.eventTypes,
  enabled: endpoint.enabled,
  disabled_reason: endpoint.disabledReason,
  disabled_at: endpoint.disabledAt?.toISOString() ?? null,
  secret_hint: endpoint.secretHint,
  previous_secret_expires_at: endpoint.previousSecretExpiresAt?.toISOString() ?? null,
  created_at: endpoint.createdAt.toISOString(),
});

webhooksApiRoutes.get("/:organizer/webhooks", async (c) => {
  const actor = await actorForOrganizerParam(c, c.req.param("organizer"));
  return c.json((await listWebhookEndpoints(c.get("db"), actor)).map(endpointJson));
});

webhooksApiRoutes.post("/:organizer/webhooks", async (c) => {
  const actor = await actorForOrganizerParam(c, c.req.param("organizer"));
  const input = await parseJson(c, endpointBodySchema);
  const { endpoint, secret } = await createWebhookEndpoint(c.get("db"), actor, input, {
    allowLocal: allowLocal(c),
  });
  return c.json({ ...endpointJson(endpoint), secret }, 201);
});

webhooksApiRoutes.put("/:organizer/webhooks/:endpoint", async (c) => {
  const actor = await actorForOrganizerParam(c, c.req.param("organizer"));
  const input = await parseJson(c, endpointBodySchema);
  const endpoint = await updateWebhookEndpoint(c.get("db"), actor, requireId(c.req.param("endpoint")), input, {
    allowLocal: allowLocal(c),
  });
  return c.json(endpointJson(endpoint));
});

webhooksApiRoutes.delete("/:organizer/webhooks/:endpoint", async (c) => {
  const actor = await actorForOrganizerParam(c, c.req.param("organizer"));
  await deleteWebhookEndpoint(c.get("db"), actor, requireId(c.req.param("endpoint")));
  return c.body(null, 204);
});

export const rotateBodySchema = v.object({ expires_in_hours: v.optional(secretGraceHoursSchema) });

/**
 * POST …/rotate-secret `{ expires_in_hours?: 0 | 1 | 24 | 72 | 168 }` (default 24): the new secret, shown once, and
 * until when the previous one still signs (`previous_secret_expires_at`, null when it stopped at once).
 */
webhooksApiRoutes.post("/:organizer/webhooks/:endpoint/rotate-secret", async (c) => {
  const actor = await actorForOrganizerParam(c, c.req.param("organizer"));
  const body = await parseJson(c, rotateBodySchema, { allowEmpty: true });
  const rotated = await rotateWebhookSecret(c.get("db"), actor, requireId(c.req.param("endpoint")), {
    graceHours: body.expires_in_hours,
  });
  return c.json({
    secret: rotated.secret,
    previous_secret_expires_at: rotated.previousSecretExpiresAt?.toISOString() ?? null,
  });
});

webhooksApiRoutes.post("/:organizer/webhooks/:endpoint/test", async (c) => {
  const actor = await actorForOrganizerParam(c, c.req.param("organizer"));
  await sendTestWebhook(c.get("db"), actor, requireId(c.req.param("endpoint")));
  return c.body(null, 202);
});

export const deliveriesQuerySchema = v.object({
  page: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(0)), "0"),
  pageSize: v.optional(v.pipe(v.string(), v.toNumber(), v.picklist([10, 20, 30, 40, 50])), "10"),
  status: v.optional(v.picklist(webhookDeliveryStatuses)),
});

webhooksApiRoutes.get("/:organizer/webhooks/:endpoint/deliveries", async (c) => {
  const actor = await actorForOrganizerParam(c, c.req.param("organizer"));
  const query = v.safeParse(deliveriesQuerySchema, c.req.query());
  const { page, pageSize, status } = query.success
    ? query.output
    : { page: 0, pageSize: 10, status: undefined as undefined };
  const result = await listWebhookDeliveries(c.get("db"), actor, {
    endpointId: requireId(c.req.param("endpoint")),
    page: Number(page),
    pageSize: Number(pageSize),
    statuses: status ? [status] : undefined,
  });
  return c.json({
    total: result.total,
    rows: result.rows.map((d) => ({
      id: d.id,
      message_id: d.messageId,
      event_type: d.eventType,
      status: d.status,
      attempts: d.attempts,
      last_response_status: d.lastResponseStatus,
      last_error: d.lastError,
      next_attempt_at: d.nextAttemptAt?.toISOString() ?? null,
      delivered_at: d.deliveredAt?.toISOString() ?? null,
      created_at: d.createdAt.toISOString(),
      payload: JSON.parse(d.payload) as unknown,
      attempt_log: d.attemptLog.map((a) => ({
        attempt: a.attempt,
        response_status: a.responseStatus,
        error: a.error,
        response_excerpt: a.responseExcerpt,
        duration_ms: a.durationMs,
        attempted_at: a.attemptedAt.toISOString(),
      })),
    })),
  });
});

webhooksApiRoutes.post("/:organizer/webhooks/:endpoint/deliveries/:delivery/replay", async (c) => {
  const actor = await actorForOrganizerParam(c, c.req.param("organizer"));
  requireId(c.req.param("endpoint"));
  await replayWebhookDelivery(c.get("db"), actor, requireId(c.req.param("delivery")));
  return c.body(null, 202);
});
