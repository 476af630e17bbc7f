import * as v from "valibot";
import { boundedString, SHORT_TEXT_MAX_LENGTH } from "../shared/bounded-string";

import { ANSWER_MAX_LENGTH, holderShape } from "../booking/order-input-schema";
import { idSchema } from "../shared/ids";

export const orderActions = ["edit_participant", "transfer_participant", "cancel"] as const;
export type OrderAction = (typeof orderActions)[number];

const participantActionSchema = v.looseObject({
  action: v.picklist(["edit_participant", "transfer_participant"], "booking:self-service.errors.action-invalid"),
  participant_id: idSchema,
});

/**
 * `cancel` (docs/decisions/0060): `participant_ids`, the tickets to cancel, or none for the whole order. The
 * idempotency key is the `Idempotency-Key` header or `idempotency_key`.
 */
const cancelActionSchema = v.object({
  action: v.literal("cancel"),
  participant_ids: v.optional(v.pipe(v.array(idSchema, "errors:invalid-input"), v.minLength(1), v.maxLength(100))),
  idempotency_key: v.optional(v.pipe(v.string(), v.maxLength(100))),
});

/**
 * PATCH /api/public/orders/:id's body: the action and the ticket(s) it names. The holder's fields are read by the
 * action itself with the booking form's rules (readHolder), so every refused field is answered at once.
 */
export const orderActionSchema = v.variant(
  "action",
  [participantActionSchema, cancelActionSchema],
  "booking:self-service.errors.action-invalid",
);

/**
 * The body as the API reference describes it (never parses a request): `answers` (question id → text, true/false or
 * option ids) is read by `edit_participant` only; without it the answers stay as they are.
 */
export const orderActionShape = v.object({
  action: v.picklist(["edit_participant", "transfer_participant"]),
  participant_id: idSchema,
  ...holderShape.entries,
  answers: v.optional(
    v.record(
      boundedString(SHORT_TEXT_MAX_LENGTH),
      v.union([boundedString(ANSWER_MAX_LENGTH), v.boolean(), v.array(boundedString(SHORT_TEXT_MAX_LENGTH))]),
    ),
  ),
});

/** The `cancel` body as the API reference describes it. */
export const orderCancelShape = v.object({
  action: v.literal("cancel"),
  participant_ids: v.optional(v.array(idSchema)),
  idempotency_key: v.optional(v.pipe(v.string(), v.maxLength(100))),
});

/** Either body, as the API reference describes PATCH /api/public/orders/:id. */
export const orderActionBodyShape = v.union([orderActionShape, orderCancelShape]);
