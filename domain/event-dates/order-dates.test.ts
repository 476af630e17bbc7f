import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "#db/schema";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { insertConfirmedOrder, type ConfirmedOrderScenario } from "../../tests/support/order-documents-fixtures";
import { readPdf } from "../../tests/support/pdf-reading";
import { recordingSender } from "../../tests/support/recording-sender";
import { getOrderCalendar } from "../calendar/get-order-calendar";
import { loadOrderDocuments } from "../order-documents/load-order-documents";
import { renderOrderTicketsPdf } from "../order-documents/order-tickets-pdf";
import { sendOrderConfirmation } from "../order-documents/send-order-confirmation";
import { getOrderPage } from "../public-events/get-order-page";
import { formatTicketDates } from "./order-dates";

/*
 * Issue 30 §3: after the sale, the PDF, the confirmation email, the `.ics` file and the order page name the date a
 * ticket of a multi-date event was sold for (decision 0068), in the event's time zone. The dates are the organizer's
 * rows; the participants' date_id is what the booking writes for a per-date line.
 */

const env = { ENVIRONMENT: "test", APP_URL: "https://billets.example.org" };

describe("the dates of a multi-date event's order", () => {
  let t: LibsqlTestDatabase;
  let scenario: ConfirmedOrderScenario;
  let saturday: number;
  let sunday: number;

  beforeEach(async () => {
    t = await createLibsqlTestDatabase();
    scenario = await insertConfirmedOrder(t.db);
    const at = { organizationId: scenario.organization.id, eventId: scenario.event.id };
    const dates = await t.db
      .insert(schema.eventDates)
      .values([
        // Saturday 20 March 2027, 20:00–22:30 in Paris (UTC+1).
        { ...at, startAt: new Date("2027-03-20T19:00:00Z"), endAt: new Date("2027-03-20T21:30:00Z") },
        // Sunday 28 March 2027, 16:00 in Paris: summer time began at 02:00 that morning (UTC+2).
        { ...at, startAt: new Date("2027-03-28T14:00:00Z"), addressName: "Salle Rameau", addressLabel: "Lyon" },
      ])
      .returning();
    saturday = dates[0]!.id;
    sunday = dates[1]!.id;
    const [lea, noel] = scenario.participants;
    await t.db.update(schema.participants).set({ dateId: saturday }).where(eq(schema.participants.id, lea!.id));
    await t.db.update(schema.participants).set({ dateId: sunday }).where(eq(schema.participants.id, noel!.id));
  });
  afterEach(() => t.close());

  it("names each ticket's date and place on its PDF page", async () => {
    const documents = await loadOrderDocuments(t.db, { orderId: scenario.order.id });
    const { pages } = await readPdf(await renderOrderTicketsPdf(env, documents!));
    const [first, second] = pages.map((page) => page.text.join("\n"));
    expect(first).toContain("sam. 20 mars 2027, 20:00 – 22:30");
    expect(first).toContain("Opéra Garnier, Place de l'Opéra, 75009 Paris");
    expect(first).not.toContain("12 mars 2027");
    expect(second).toContain("dim. 28 mars 2027, 16:00");
    expect(second).toContain("Salle Rameau, Lyon");
  });

  it("names the order's dates in the confirmation email and puts the first in its calendar links", async () => {
    const sender = recordingSender();
    expect(await sendOrderConfirmation(t.db, { env, sender }, { orderId: scenario.order.id })).toBe("sent");
    const email = sender.sent[0]!;
    expect(email.text).toContain("Date : sam. 20 mars 2027, 20:00 – 22:30 · dim. 28 mars 2027, 16:00");
    expect(email.text).not.toContain("12 mars 2027");
    // Google's page takes one entry: the first date's, 19:00Z to 21:30Z.
    expect(email.text).toContain("20270320T190000Z%2F20270320T213000Z");
  });

  it("gives one calendar entry per date in the order's .ics file, each at its own time and with its own UID", async () => {
    const file = await getOrderCalendar(t.db, {
      orderId: scenario.order.id,
      token: scenario.order.accessToken,
      siteUrl: "https://billets.example.org",
      now: new Date("2027-01-05T10:00:00Z"),
    });
    const ics = file.content.replace(/\r\n /g, "");
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(ics).toContain("DTSTART;TZID=Europe/Paris:20270320T200000");
    expect(ics).toContain("DTEND;TZID=Europe/Paris:20270320T223000");
    expect(ics).toContain("DTSTART;TZID=Europe/Paris:20270328T160000");
    // No end: two hours, in summer time.
    expect(ics).toContain("DTEND;TZID=Europe/Paris:20270328T180000");
    expect(ics).toContain(`UID:event-${scenario.event.id}-date-${saturday}@billets.example.org`);
    expect(ics).toContain(`UID:event-${scenario.event.id}-date-${sunday}@billets.example.org`);
    expect(ics).toContain("LOCATION:Salle Rameau\\, Lyon");
    expect(ics).not.toContain("20270312T");
  });

  it("gives a pass's dates to its ticket, cancelled ones left out", async () => {
    const [lea] = scenario.participants;
    await t.db.update(schema.participants).set({ dateId: null }).where(eq(schema.participants.id, lea!.id));
    const cancelled = await t.db
      .insert(schema.eventDates)
      .values({
        organizationId: scenario.organization.id,
        eventId: scenario.event.id,
        startAt: new Date("2027-03-21T19:00:00Z"),
        status: "cancelled",
      })
      .returning();
    await t.db.insert(schema.ticketDates).values([
      { ticketId: scenario.ticket.id, dateId: saturday },
      { ticketId: scenario.ticket.id, dateId: cancelled[0]!.id },
      { ticketId: scenario.ticket.id, dateId: sunday },
    ]);
    const page = await getOrderPage(t.db, env, { orderId: scenario.order.id, token: scenario.order.accessToken });
    expect(page.participantDates[lea!.id]!.map((date) => date.id)).toEqual([saturday, sunday]);
    expect(page.dates.map((date) => date.id)).toEqual([saturday, sunday]);
  });

  it("writes the dates on one line, the first six then how many more", () => {
    const dates = Array.from({ length: 8 }, (_, index) => ({
      id: index + 1,
      startAt: new Date(Date.UTC(2027, 2, 1 + index, 19)),
      endAt: null,
      addressName: null,
      addressLabel: null,
    }));
    expect(formatTicketDates(dates.slice(0, 1), "en", "Europe/Paris")).toBe("Mon, 1 Mar 2027, 20:00");
    expect(formatTicketDates(dates, "fr", "Europe/Paris")).toMatch(/^lun\. 1 mars 2027, 20:00 · .* · \+ 2$/);
  });
});

describe("the documents of a single-date event's order", () => {
  it("keep the event's date", async () => {
    const t = await createLibsqlTestDatabase();
    try {
      const scenario = await insertConfirmedOrder(t.db);
      const documents = await loadOrderDocuments(t.db, { orderId: scenario.order.id });
      expect(documents!.tickets.map((ticket) => ticket.dates)).toEqual([[], []]);
    } finally {
      t.close();
    }
  });
});
