/**
 * A reminder's text when the organizer left it empty: written in each recipient's language, with the message
 * variables (domain/attendee-messages/message-variables.ts) filled per recipient.
 */
const defaultReminderTexts = {
  fr: {
    subject: "Rappel : {event_title}, {event_date}",
    body: "<p>Bonjour {first_name},</p><p>Nous vous rappelons que <strong>{event_title}</strong> a lieu le {event_date}.</p><p>Vos billets : {tickets_link}</p><p>Votre commande : {order_link}</p>",
  },
  en: {
    subject: "Reminder: {event_title}, {event_date}",
    body: "<p>Hello {first_name},</p><p>This is a reminder that <strong>{event_title}</strong> takes place on {event_date}.</p><p>Your tickets: {tickets_link}</p><p>Your order: {order_link}</p>",
  },
} as const;

export function defaultReminderText(locale: "fr" | "en"): { subject: string; body: string } {
  return defaultReminderTexts[locale];
}
