import { emailCopy, fill, type EmailLocale } from "../emails/email-locale";
import { formatDateRange, formatDateTime } from "../shared/format";
import type { EventChange, EventPlace } from "./event-changes";

/** Text for an HTML text node (the body has no attributes). */
function escapeHtml(value: string): string {
  return value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

type TimeChange = Extract<EventChange, { field: "start_at" | "end_at" }>;
type PlaceChange = Extract<EventChange, { field: "place" }>;

const placeText = (place: EventPlace) =>
  [place.name, place.label]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(", ");

/**
 * The notice the editor offers after a published event's date, time or place changed (issue 27 §3): a subject and an
 * HTML body (the message editor's allowlist) stating each old and new value, dates written in the event's time zone and
 * the notice's language. `{first_name}` and `{order_link}` stay as message variables, filled per recipient when sent.
 * The organizer may edit both before sending.
 */
export function changeNoticeText(
  changes: EventChange[],
  options: { locale: EmailLocale; timeZone: string; eventTitle: string },
): { subject: string; body: string } {
  const c = emailCopy(options.locale)["change-notice"];
  const { locale, timeZone } = options;
  const when = (date: Date | null) => (date ? formatDateTime(date, locale, timeZone) : c["no-date"]);
  const range = (start: Date | null, end: Date | null) =>
    start ? formatDateRange(start, end, locale, timeZone) : c["no-date"];

  const timeChange = (field: "start_at" | "end_at") =>
    changes.find((change): change is TimeChange => change.field === field);
  const start = timeChange("start_at");
  const end = timeChange("end_at");
  const place = changes.find((change): change is PlaceChange => change.field === "place");
  const lines: string[] = [];
  if (start && end) {
    lines.push(fill(c.date, { before: range(start.before, end.before), after: range(start.after, end.after) }));
  } else if (start) {
    lines.push(fill(c.date, { before: when(start.before), after: when(start.after) }));
  } else if (end) {
    lines.push(fill(c.end, { before: when(end.before), after: when(end.after) }));
  }
  if (place) {
    lines.push(
      fill(c.place, {
        before: placeText(place.before) || c["no-place"],
        after: placeText(place.after) || c["no-place"],
      }),
    );
  }

  const title = `<strong>${escapeHtml(options.eventTitle)}</strong>`;
  const body = [
    `<p>${escapeHtml(c.hello)}</p>`,
    `<p>${fill(escapeHtml(c.intro), { event: title })}</p>`,
    `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>`,
    `<p>${escapeHtml(c.order)}</p>`,
  ].join("");
  return { subject: fill(c.subject, { event: options.eventTitle }), body };
}
