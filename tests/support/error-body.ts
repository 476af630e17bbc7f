import * as v from "valibot";
import { ERROR_TYPES } from "#domain/shared/error-codes";

const codeSchema = v.pipe(v.string(), v.regex(/^[a-z0-9]+(_[a-z0-9]+)*$/));
// A translated sentence: never empty, never a translation key ("ns:path" or "a.b-c").
const messageSchema = v.pipe(
  v.string(),
  v.minLength(1),
  v.check((text) => !/^[a-z-]+:[A-Za-z0-9_.-]+$/.test(text) && !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(text)),
);

/** The one JSON error body of the Worker (issue 26 §2, docs/decisions/0046-one-api-error-format.md), exactly. */
export const errorBodySchema = v.strictObject({
  error: v.strictObject({
    type: v.picklist(ERROR_TYPES),
    code: codeSchema,
    message: messageSchema,
    fields: v.array(
      v.strictObject({ name: v.pipe(v.string(), v.minLength(1)), code: codeSchema, message: messageSchema }),
    ),
    request_id: v.pipe(v.string(), v.minLength(8)),
    ticket_id: v.optional(v.number()),
  }),
});

export type ErrorView = {
  type: string;
  code: string;
  message: string;
  /** Each wrong field's code by its name. */
  fields: Record<string, string>;
  request_id: string;
  ticket_id?: number;
};

/** An error body checked against the format, with its fields as `{ name: code }` for short assertions. */
export function errorOf(body: unknown): ErrorView {
  const { error } = v.parse(errorBodySchema, body);
  return { ...error, fields: Object.fromEntries(error.fields.map((field) => [field.name, field.code])) };
}

/** `errorOf` of a response's body. */
export async function errorAnswer(response: Response): Promise<ErrorView> {
  return errorOf(await response.json());
}
