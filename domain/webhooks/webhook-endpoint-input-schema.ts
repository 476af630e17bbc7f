import * as v from "valibot";
import { webhookEventTypeSchema } from "./webhook-event-types";

/** One schema for the endpoint form and the API. An empty list of event types subscribes to every type. */
export const webhookEventTypesSchema = v.array(webhookEventTypeSchema, "webhooks:event-types-invalid");

export const webhookEndpointInputSchema = v.object({
  url: v.pipe(v.string(), v.trim(), v.nonEmpty("webhooks:url-required"), v.maxLength(2000, "webhooks:url-invalid")),
  description: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, "webhooks:description-too-long")), ""),
  eventTypes: v.optional(webhookEventTypesSchema, []),
  enabled: v.optional(v.boolean(), true),
});
export type WebhookEndpointInput = v.InferOutput<typeof webhookEndpointInputSchema>;
