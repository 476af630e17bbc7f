import * as v from "valibot";
import { boundedString, SHORT_TEXT_MAX_LENGTH } from "../shared/bounded-string";

import { ANSWER_MAX_LENGTH, holderShape } from "../booking/order-input-schema";
import { idSchema } from "../shared/ids";

export const orderActions = ["edit_participant", "transfer_participant"] as const;
export type OrderAction = (typeof orderActions)[number];

/**
 * PATCH /api/public/orders/:id's body: the action and the ticket it names. The holder's fields are read by the action
 * itself with the booking form's rules (readHolder), so every refused field is answered at once.
 */
export const orderActionSchema = v.looseObject({
  action: v.picklist(orderActions, "booking:self-service.errors.action-invalid"),
  participant_id: idSchema,
});

/**
 * The body as the API reference describes it (never parses a request): `answers` (question id → text, true/false or
 * option ids) is read by `edit_participant` only; without it the answers stay as they are.
 */
export const orderActionShape = v.object({
  action: v.picklist(orderActions),
  participant_id: idSchema,
  ...holderShape.entries,
  answers: v.optional(
    v.record(
      boundedString(SHORT_TEXT_MAX_LENGTH),
      v.union([boundedString(ANSWER_MAX_LENGTH), v.boolean(), v.array(boundedString(SHORT_TEXT_MAX_LENGTH))]),
    ),
  ),
});
