import { sql, type SQL } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createLibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { freePlacesSql } from "../booking/free-places-sql";
import { heldOfEventTicketsSql, offeredOfTicketSql } from "../booking/held-places";
import { lineAllows } from "../booking/stock-sql";
import type { EmailMessage, EmailSender } from "#adapters/email";
import { insertEvent, insertOrganization, insertTicket } from "../../tests/support/fixtures";
import { insertWaitingListEntry } from "../../tests/support/waiting-list-entries";
import { sendWaitingListOfferEmail } from "./send-waiting-list-offer-email";
import { eventWithOffer, getPublicOffer } from "./get-public-offer";
import type { PublicEvent } from "../public-events/get-public-event";

const ENV = { ENVIRONMENT: "test", SESSION_SECRET: "waiting-list-email-secret-0123456789abcd" };
import { defineWaitingListSuite } from "./waiting-list-suite";

defineWaitingListSuite("libSQL", createLibsqlTestDatabase, { line: 200, bookings: 300, refunds: 100 });

describe("waiting list SQL plans (libSQL)", () => {
  it("reads offers and the line on their indexes, never by scanning the entries", async () => {
    const t = await createLibsqlTestDatabase();
    try {
      const at = Date.parse("2026-06-15T12:00:00Z");
      const planOf = async (query: SQL) =>
        (await t.db.all<{ detail: string }>(sql`explain query plan select ${query}`)).map((row) => String(row.detail));
      expect(await planOf(offeredOfTicketSql(1, at))).toContainEqual(
        expect.stringMatching(/waiting_list_entries USING COVERING INDEX waiting_list_ticket_offer_idx/),
      );
      const event = await planOf(heldOfEventTicketsSql(1, at));
      expect(event).toContainEqual(
        expect.stringMatching(/waiting_list_entries USING COVERING INDEX waiting_list_event_offer_idx/),
      );
      expect(event).toContainEqual(
        expect.stringMatching(/order_items USING COVERING INDEX order_items_event_held_idx/),
      );
      expect(await planOf(lineAllows(1))).toContainEqual(
        expect.stringMatching(
          /SEARCH waiting_list_entries USING COVERING INDEX waiting_list_ticket_\w+_idx \(ticket_id=\? AND status=\?/,
        ),
      );
      const free = await planOf(freePlacesSql({ ticketId: 1, eventId: 1 }, at));
      expect(free.some((detail) => /SCAN waiting_list_entries/.test(detail))).toBe(false);
    } finally {
      t.close();
    }
  });
});

describe("the offer's email", () => {
  it("names the places, the deadline in the event's time zone and the personal link, in the person's language", async () => {
    const t = await createLibsqlTestDatabase();
    try {
      const organization = await insertOrganization(t.db);
      const event = await insertEvent(t.db, organization.id, {
        title: "Nuit du jazz",
        status: "published",
        timezone: "America/Montreal",
        startAt: new Date("2026-07-01T23:00:00Z"),
      });
      const ticket = await insertTicket(t.db, event, { title: "Fosse", waitingList: true });
      const entry = await insertWaitingListEntry(t.db, ticket, {
        firstName: "Inès",
        locale: "en",
        status: "offered",
        quantity: 3,
        offeredQuantity: 2,
        offerCount: 1,
        offerExpiresAt: new Date("2026-06-16T12:00:00Z"),
      });
      const sent: EmailMessage[] = [];
      const sender: EmailSender = { mode: "dev-mailbox", send: async (message) => void sent.push(message) };
      const deps = { env: { ...ENV, APP_URL: "https://guichet.example" }, sender };
      expect(await sendWaitingListOfferEmail(t.db, deps, { entryId: entry.id, offerCount: 1 })).toBe("sent");
      // A job for an earlier offer of the same entry sends nothing.
      expect(await sendWaitingListOfferEmail(t.db, deps, { entryId: entry.id, offerCount: 2 })).toBe("stale");
      expect(sent).toHaveLength(1);
      const [email] = sent;
      expect(email!.to).toBe(entry.email);
      expect(email!.subject).toBe("A place is waiting for you at Nuit du jazz");
      expect(email!.idempotencyKey).toBe(`waiting-list-offer:${entry.id}:1`);
      expect(email!.text).toContain("2 places opened up and they are held for you.");
      // 12:00 UTC is 08:00 in Montréal (EDT).
      expect(email!.text).toContain("until Tue, 16 Jun 2026, 08:00 GMT-4. After that");
      expect(email!.text).toContain(`https://guichet.example/events/${event.id}?offer=${entry.accessToken}`);
    } finally {
      t.close();
    }
  });
});

describe("the offer link's pages", () => {
  it("read the offer as the booking will, and open its ticket to this person up to the places held", async () => {
    const t = await createLibsqlTestDatabase();
    try {
      const now = Date.parse("2026-06-15T12:00:00Z");
      const organization = await insertOrganization(t.db);
      const event = await insertEvent(t.db, organization.id, {
        status: "published",
        startAt: new Date(now + 10 * 86_400_000),
      });
      const ticket = await insertTicket(t.db, event, { title: "Fosse", amount: 5, purchased: 3, maxPerOrder: 6 });
      const ended = await insertTicket(t.db, event, { title: "Prévente", sellEndAt: new Date(now - 1) });
      const open = await insertWaitingListEntry(t.db, ticket, {
        status: "offered",
        quantity: 4,
        offeredQuantity: 2,
        offerExpiresAt: new Date(now + 3_600_000),
      });
      const lapsed = await insertWaitingListEntry(t.db, ticket, {
        status: "offered",
        offeredQuantity: 1,
        offerExpiresAt: new Date(now),
      });
      const used = await insertWaitingListEntry(t.db, ticket, { status: "booked", offeredQuantity: 1 });
      const late = await insertWaitingListEntry(t.db, ended, {
        status: "offered",
        offeredQuantity: 1,
        offerExpiresAt: new Date(now + 3_600_000),
      });
      const read = (token: string | null, eventId = event.id) => getPublicOffer(t.db, { eventId, token, now });
      expect(await read(null)).toBeNull();
      const offer = await read(open.accessToken);
      expect(offer).toEqual({
        state: "open",
        token: open.accessToken,
        ticketId: ticket.id,
        quantity: 2,
        expiresAt: now + 3_600_000,
      });
      expect(await read(lapsed.accessToken)).toEqual({ state: "closed", messageKey: "booking:errors.offer-expired" });
      expect(await read(used.accessToken)).toEqual({ state: "closed", messageKey: "booking:errors.offer-used" });
      expect(await read(open.accessToken, event.id + 1000)).toEqual({
        state: "closed",
        messageKey: "booking:errors.offer-invalid",
      });
      expect(await read(late.accessToken)).toEqual({ state: "closed", messageKey: "booking:errors.not-on-sale" });

      const soldOut = {
        id: ticket.id,
        minPerOrder: 1,
        maxPerOrder: 6,
        remaining: 0,
        sale: { status: "sold_out" as const, explanation: null, color: "gray" as const },
      };
      const other = { ...soldOut, id: ticket.id + 1 };
      const page = { startAt: new Date(now + 86_400_000), tickets: [soldOut, other] } as unknown as Pick<
        PublicEvent,
        "tickets" | "startAt"
      >;
      const opened = eventWithOffer(page, offer, now);
      expect(opened.tickets[0]).toMatchObject({ maxPerOrder: 2, remaining: 2, sale: { status: "on_sale" } });
      expect(opened.tickets[1]).toBe(page.tickets[1]);
      // Once the event started, an offer opens nothing.
      expect(eventWithOffer(page, offer, now + 86_400_000)).toBe(page);
      expect(eventWithOffer(page, await read(used.accessToken), now)).toBe(page);
    } finally {
      t.close();
    }
  });
});
