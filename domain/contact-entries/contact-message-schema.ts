import * as v from "valibot";
import { emailSchema } from "../shared/email";
import { boundedString } from "../shared/bounded-string";

const required = (max: number, key: string) =>
  v.pipe(v.string(key), v.trim(), v.nonEmpty(key), v.maxLength(max, "contact:errors.too-long"));

/**
 * The public contact form ('Écrire à l'organisateur'). `website` is a honeypot: hidden from people, filled in by bots;
 * a message that fills it is dropped without telling the sender.
 */
export const contactMessageSchema = v.object({
  first_name: required(100, "contact:errors.first-name-required"),
  last_name: required(100, "contact:errors.last-name-required"),
  email: emailSchema,
  subject: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, "contact:errors.too-long")), ""),
  message: required(5000, "contact:errors.message-required"),
  website: v.optional(boundedString(2_000), ""),
});

export type ContactMessageInput = v.InferOutput<typeof contactMessageSchema>;
