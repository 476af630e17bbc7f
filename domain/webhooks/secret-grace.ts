import * as v from "valibot";

/** How long the previous secret keeps signing after a rotation, as Stripe offers it: at once, 1 hour, 1, 3 or 7 days. */
export const secretGraceHours = [0, 1, 24, 72, 168] as const;
export type SecretGraceHours = (typeof secretGraceHours)[number];
export const DEFAULT_SECRET_GRACE_HOURS: SecretGraceHours = 24;
export const secretGraceHoursSchema = v.picklist(secretGraceHours, "webhooks:errors.grace-invalid");
