import { describe, expect, it } from "vitest";
import { sanitizeEventHtml } from "../events/sanitize-event-html";
import { defaultReminderText } from "./default-reminder-text";
import { reminderBodyToText, reminderTextToBody } from "./reminder-body-text";

describe("a reminder's body as the page edits it", () => {
  it("writes paragraphs and line breaks, escaped, that the sanitizer keeps as they are", () => {
    const body = reminderTextToBody(
      "Bonjour {first_name},\r\n\r\nLes portes ouvrent à 19 h.\nVenez <tôt> & bien.\n\n\n",
    );
    expect(body).toBe(
      "<p>Bonjour {first_name},</p><p>Les portes ouvrent à 19 h.<br />Venez &lt;tôt&gt; &amp; bien.</p>",
    );
    expect(sanitizeEventHtml(body)).toBe(body);
    expect(reminderTextToBody("  \n\n ")).toBe("");
  });

  it("reads a stored body back as the same text", () => {
    const text = "Bonjour {first_name},\n\nLes portes ouvrent à 19 h.\nVenez <tôt> & bien.";
    expect(reminderBodyToText(reminderTextToBody(text))).toBe(text);
    expect(reminderBodyToText("")).toBe("");
  });

  it("shows the default text and richer HTML as text, links by their text", () => {
    expect(reminderBodyToText(defaultReminderText("fr").body)).toBe(
      "Bonjour {first_name},\n\nNous vous rappelons que {event_title} a lieu le {event_date}.\n\n" +
        "Vos billets : {tickets_link}\n\nVotre commande : {order_link}",
    );
    expect(reminderBodyToText('<h2>Infos</h2><ul><li>Un</li><li><a href="https://x.test">Deux</a></li></ul>')).toBe(
      "Infos\n\nUn\nDeux",
    );
  });
});
