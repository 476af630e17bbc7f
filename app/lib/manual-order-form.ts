import type { ManualOrderInput } from "#domain/manual-orders/place-manual-orders";
import { AppError, isAppError } from "#domain/shared/app-error";
import { isValidEmail } from "#domain/shared/email";
import { parseId } from "#domain/shared/ids";

/** The form's field names: `buyer.first_name`, `participants.0.ticket_id`, …; errors are keyed by the same names. */
const PERSON_FIELDS = ["first_name", "last_name", "email"] as const;

export type ManualOrderForm =
  | { ok: true; order: ManualOrderInput; sendEmail: boolean }
  | { ok: false; formError: string; fields: Record<string, string> };

/**
 * The add-by-hand dialog's flat form → one manual order. Every field is required ('Veuillez remplir tous les
 * champs.'), emails must be valid ('Email invalide'), before the domain checks tickets and stock.
 */
export function manualOrderFromForm(values: Record<string, string>): ManualOrderForm {
  const fields: Record<string, string> = {};
  const text = (name: string) => (values[name] ?? "").trim();
  const person = (prefix: string) => {
    for (const field of PERSON_FIELDS) {
      if (!text(`${prefix}.${field}`)) fields[`${prefix}.${field}`] = "participants:errors.fields-required";
    }
    const email = text(`${prefix}.email`);
    if (email && !isValidEmail(email)) fields[`${prefix}.email`] = "participants:errors.email-invalid";
    return { firstName: text(`${prefix}.first_name`), lastName: text(`${prefix}.last_name`), email };
  };

  const buyer = person("buyer");
  const indexes = [
    ...new Set(
      Object.keys(values)
        .map((key) => /^participants\.(\d{1,4})\./.exec(key)?.[1])
        .filter((index): index is string => index !== undefined)
        .map(Number),
    ),
  ].sort((a, b) => a - b);
  const participants = indexes.map((index) => {
    const prefix = `participants.${index}`;
    const ticketId = parseId(text(`${prefix}.ticket_id`));
    if (ticketId === null) fields[`${prefix}.ticket_id`] = "participants:errors.fields-required";
    // A multi-date event's date (decision 0068); the domain says when one is missing or wrong.
    const dateId = parseId(text(`${prefix}.date_id`));
    return { ...person(prefix), ticketId: ticketId ?? 0, ...(dateId !== null ? { dateId } : {}) };
  });
  if (participants.length === 0) fields.participants = "participant-import:errors.no-participants";
  const messages = Object.values(fields);
  if (messages.length > 0) {
    const required = "participants:errors.fields-required";
    return { ok: false, formError: messages.includes(required) ? required : messages[0]!, fields };
  }
  return { ok: true, order: { buyer, participants }, sendEmail: values.send_email === "on" };
}

/**
 * The domain names fields `orders.0.participants.1.email`; the dialog has one order and names it
 * `participants.1.email`. Returns the error with the dialog's names, for actionError.
 */
export function withFormFieldNames(error: unknown): unknown {
  if (!isAppError(error) || !error.fields) return error;
  const fields = Object.fromEntries(
    Object.entries(error.fields).map(([key, message]) => [key.replace(/^orders\.0\./, ""), message]),
  );
  return new AppError(error.code, error.messageKey, { fields });
}
