import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentProviderFromEnv, type PaymentProvider } from "#adapters/payments";
import type { Database } from "#db/database";
import * as schema from "#db/schema";
import { failure } from "../../tests/support/failure";
import {
  actorOf,
  insertEvent,
  insertMember,
  insertOrganization,
  insertTicket,
  insertUser,
} from "../../tests/support/fixtures";
import { confirmOrder } from "../booking/confirm-order";
import type { PlaceOrderBody } from "../booking/order-input-schema";
import { placeOrder, type PlaceOrderDeps } from "../booking/place-order";
import { refundOrder } from "../payments/refund-order";
import { refundOrderPart } from "../refunds/refund-order-part";
import { cancelOrderTickets } from "../self-service/cancel-order-tickets";
import type { Actor } from "../shared/actor";
import { exportInvoicesZip, INVOICE_ZIP_MAX_DOCUMENTS } from "./export-invoices-zip";
import { issueOrderInvoice } from "./issue-order-invoice";
import { requestOrderInvoice } from "./request-order-invoice";

const NOW = Date.parse("2026-06-15T12:00:00Z");
const ENV: PlaceOrderDeps["env"] = { ENVIRONMENT: "test", SESSION_SECRET: "invoices-suite-secret-0123456789abcdef" };
const FUTURE = new Date(NOW + 30 * 86_400_000);
const DAY = 86_400_000;

let buyers = 0;
let keys = 0;
const freshKey = () => `invoice-key-${++keys}-${Math.random().toString(36).slice(2, 10)}`;

/**
 * Invoices and credit notes (issue 29 §3–4, decision 0065) on a database from `open`: libSQL in invoices.test.ts, D1
 * in invoices.worker-test.ts. `parallel` invoices are issued at once for the numbering test.
 */
export function defineInvoicesSuite(
  name: string,
  open: () => Promise<{ db: Database; close?: () => void }>,
  options: { parallel: number },
) {
  describe(`invoices (${name})`, () => {
    let t: { db: Database; close?: () => void };
    let provider: PaymentProvider;
    let owner: Actor;

    beforeAll(async () => {
      t = await open();
      provider = paymentProviderFromEnv({ ENVIRONMENT: "test" }, t.db);
    });
    afterAll(() => t.close?.());

    /** An organization with its billing details, a 5.5 % ticket with added fees and a 20 % add-on, a 10 % code. */
    async function setup(mode: schema.InvoiceMode, billing = true) {
      const organizationId = (await insertOrganization(t.db)).id;
      const user = await insertUser(t.db);
      await insertMember(t.db, organizationId, user.id, "owner");
      owner = actorOf(user, organizationId, "owner");
      if (billing)
        await t.db.insert(schema.organizationBilling).values({
          organizationId,
          legalName: "Théâtre des Lilas SAS",
          address: "12 rue des Lilas",
          postalCode: "75020",
          city: "Paris",
          country: "FR",
          vatNumber: "FR40303265045",
          companyNumber: "303 265 045",
          invoicePrefix: "FAC-",
          legalMentions: "Pénalités de retard : trois fois le taux d'intérêt légal.",
          invoiceMode: mode,
        });
      const [reduced, standard] = await t.db
        .insert(schema.taxRates)
        .values([
          { organizationId, name: "TVA 5,5 %", rate: 550, sort: 0 },
          { organizationId, name: "TVA 20 %", rate: 2000, isDefault: true, sort: 1 },
        ])
        .returning();
      const event = await insertEvent(t.db, organizationId, {
        status: "published",
        startAt: FUTURE,
        endAt: FUTURE,
        allowBilling: true,
      });
      const ticket = await insertTicket(t.db, event, {
        title: "Spectacle",
        price: 2000,
        amount: 100,
        feesType: "added",
        maxPerOrder: 30,
        taxRateId: reduced!.id,
      });
      const addon = await insertTicket(t.db, event, {
        title: "Programme",
        price: 500,
        ticketType: "addon",
        taxRateId: standard!.id,
      });
      await t.db.insert(schema.promoCodes).values({
        organizationId,
        eventId: event.id,
        code: "LILAS10",
        discountType: "percent",
        discountValue: 1000,
      });
      return { organizationId, event, ticket, addon };
    }

    async function sell(
      eventId: number,
      items: PlaceOrderBody["items"],
      extra: { promo?: boolean; requested?: boolean } = {},
    ) {
      buyers += 1;
      const placed = await placeOrder(
        t.db,
        { env: ENV, now: NOW },
        {
          eventId,
          body: {
            items,
            buyer: { first_name: "Inès", last_name: "Moreau", email: `invoice${buyers}@exemple.test` },
            answers: {},
            locale: "fr",
            billing: {
              name: "Inès Moreau",
              company: "Studio Moreau",
              address: "3 place du Marché",
              postal_code: "69001",
              city: "Lyon",
              country: "France",
              vat_number: "FR83404833048",
            },
            ...(extra.promo ? { promo_code: "LILAS10" } : {}),
          },
        },
      );
      if (extra.requested)
        await t.db.update(schema.orders).set({ invoiceRequested: true }).where(eq(schema.orders.id, placed.id));
      await confirmOrder(t.db, { orderId: placed.id, paidAt: NOW, paymentIntentId: `pi_demo_${placed.id}`, now: NOW });
      const [order] = await t.db.select().from(schema.orders).where(eq(schema.orders.id, placed.id));
      return order!;
    }

    const documents = (orderId: number) =>
      t.db
        .select()
        .from(schema.invoices)
        .where(eq(schema.invoices.orderId, orderId))
        .orderBy(asc(schema.invoices.sequence));
    const linesOf = (invoiceId: number) =>
      t.db
        .select()
        .from(schema.invoiceLines)
        .where(eq(schema.invoiceLines.invoiceId, invoiceId))
        .orderBy(asc(schema.invoiceLines.position));

    it("issues the invoice at payment: lines at 5.5 % and 20 %, the code spread over both, the fee, the total charged", async () => {
      const { organizationId, event, ticket, addon } = await setup("always");
      const order = await sell(
        event.id,
        [
          { ticket_id: ticket.id, quantity: 2 },
          { ticket_id: addon.id, quantity: 1 },
        ],
        { promo: true },
      );
      const [invoice, ...others] = await documents(order.id);
      expect(others).toEqual([]);
      expect(invoice).toMatchObject({
        organizationId,
        kind: "invoice",
        year: 2026,
        sequence: 1,
        number: "FAC-2026-0001",
        gross: order.amount,
        issuedAt: new Date(NOW),
        locale: "fr",
      });
      const lines = await linesOf(invoice!.id);
      expect(
        lines.map((line) => [line.kind, line.quantity, line.unitGross, line.gross, line.rate, line.net, line.vat]),
      ).toEqual([
        // 2 × 20 € less 10 % = 36 €, VAT 5.5 %: 36 × 55 / 1055 = 1.8768… → 1.88 €.
        ["ticket", 2, 2000, 3600, 550, 3412, 188],
        // The added fee of the two tickets, at the tickets' rate.
        ["fee", 2, lines[1]!.unitGross, lines[1]!.gross, 550, lines[1]!.net, lines[1]!.vat],
        // 5 € less 10 % = 4.50 €, VAT 20 %: 4.50 × 2000 / 12000 = 0.75 €.
        ["addon", 1, 500, 450, 2000, 375, 75],
      ]);
      expect(lines[1]!.gross).toBe(order.amount - 3600 - 450);
      expect(lines.reduce((sum, line) => sum + line.gross, 0)).toBe(order.amount);
      expect(invoice!.net + invoice!.vat).toBe(order.amount);
      expect(invoice!.net).toBe(lines.reduce((sum, line) => sum + line.net, 0));
      expect(JSON.parse(invoice!.seller)).toMatchObject({
        legalName: "Théâtre des Lilas SAS",
        vatNumber: "FR40303265045",
      });
      expect(JSON.parse(invoice!.buyer)).toMatchObject({
        name: "Inès Moreau",
        company: "Studio Moreau",
        city: "Lyon",
        vatNumber: "FR83404833048",
        email: order.email,
      });

      // The next document of the organization takes the next number; the confirmation replayed issues nothing.
      const second = await sell(event.id, [{ ticket_id: ticket.id, quantity: 1 }]);
      await confirmOrder(t.db, { orderId: second.id, paidAt: NOW, paymentIntentId: `pi_demo_${second.id}`, now: NOW });
      expect((await documents(second.id)).map((doc) => doc.number)).toEqual(["FAC-2026-0002"]);
    });

    it("is immutable once issued: an UPDATE of an invoice or of its lines is refused", async () => {
      const { event, ticket } = await setup("always");
      const order = await sell(event.id, [{ ticket_id: ticket.id, quantity: 1 }]);
      const [invoice] = await documents(order.id);
      await expect(
        t.db.update(schema.invoices).set({ gross: 1 }).where(eq(schema.invoices.id, invoice!.id)),
      ).rejects.toThrow();
      await expect(
        t.db.update(schema.invoiceLines).set({ gross: 1 }).where(eq(schema.invoiceLines.invoiceId, invoice!.id)),
      ).rejects.toThrow();
      expect((await documents(order.id))[0]!.gross).toBe(order.amount);
    });

    it("on request: none at payment unless ticked, then the buyer asks with the order's token until 90 days", async () => {
      const { event, ticket } = await setup("on-request");
      const ticked = await sell(event.id, [{ ticket_id: ticket.id, quantity: 1 }], { requested: true });
      expect(await documents(ticked.id)).toHaveLength(1);
      const order = await sell(event.id, [{ ticket_id: ticket.id, quantity: 2 }]);
      expect(await documents(order.id)).toEqual([]);

      expect((await failure(requestOrderInvoice(t.db, { orderId: order.id, token: "wrong", now: NOW }))).code).toBe(
        "not_found",
      );
      const late = await failure(
        requestOrderInvoice(t.db, { orderId: order.id, token: order.accessToken, now: NOW + 91 * DAY }),
      );
      expect([late.code, late.messageKey]).toEqual(["conflict", "invoices:errors.too-late"]);

      const asked = await requestOrderInvoice(t.db, {
        orderId: order.id,
        token: order.accessToken,
        now: NOW + 89 * DAY,
      });
      expect(asked).toMatchObject({ issued: true, invoice: { number: "FAC-2026-0002", gross: order.amount } });
      const again = await requestOrderInvoice(t.db, {
        orderId: order.id,
        token: order.accessToken,
        now: NOW + 95 * DAY,
      });
      expect(again).toMatchObject({ issued: false, invoice: { id: asked.invoice.id } });
      expect(await documents(order.id)).toHaveLength(1);
    });

    it("refuses a request before the seller's details are saved", async () => {
      const { event, ticket } = await setup("always", false);
      const order = await sell(event.id, [{ ticket_id: ticket.id, quantity: 1 }]);
      expect(await documents(order.id)).toEqual([]);
      const refused = await failure(
        requestOrderInvoice(t.db, { orderId: order.id, token: order.accessToken, now: NOW }),
      );
      expect(refused.messageKey).toBe("invoices:errors.not-available");
    });

    it("credit notes: a ticket refund, an amount spread over two rates, then the full refund: credits sum to the invoice", async () => {
      const { event, ticket, addon } = await setup("always");
      const order = await sell(
        event.id,
        [
          { ticket_id: ticket.id, quantity: 2 },
          { ticket_id: addon.id, quantity: 1 },
        ],
        { promo: true },
      );
      const holders = await t.db
        .select()
        .from(schema.participants)
        .where(eq(schema.participants.orderId, order.id))
        .orderBy(asc(schema.participants.id));
      const one = holders.find((holder) => holder.ticketId === ticket.id)!;
      const first = await refundOrderPart(t.db, { provider, now: NOW + DAY }, owner, {
        orderId: order.id,
        idempotencyKey: freshKey(),
        request: { kind: "units", participantIds: [one.id], withFees: true },
      });
      const [invoice, note1] = await documents(order.id);
      expect(note1).toMatchObject({
        kind: "credit-note",
        number: "FAC-2026-0002",
        invoiceId: invoice!.id,
        refundId: first.refundId,
        gross: -first.amount,
      });
      const lines1 = await linesOf(note1!.id);
      // One ticket (18 € after the code) and its fee, both at 5.5 %.
      expect(lines1.map((line) => [line.kind, line.quantity, line.gross, line.rate])).toEqual([
        ["ticket", 1, -1800, 550],
        ["fee", 1, -(first.amount - 1800), 550],
      ]);
      expect(lines1.every((line) => line.net + line.vat === line.gross)).toBe(true);

      // 10 € back: spread over what is left at 5.5 % and at 20 %, to the cent.
      const second = await refundOrderPart(t.db, { provider, now: NOW + 2 * DAY }, owner, {
        orderId: order.id,
        idempotencyKey: freshKey(),
        request: { kind: "amount", amount: 1000 },
      });
      const note2 = (await documents(order.id))[2]!;
      expect(note2).toMatchObject({ number: "FAC-2026-0003", refundId: second.refundId, gross: -1000 });
      const lines2 = await linesOf(note2.id);
      expect(new Set(lines2.map((line) => line.rate))).toEqual(new Set([550, 2000]));
      expect(lines2.reduce((sum, line) => sum + line.gross, 0)).toBe(-1000);

      // The organizer refunds the rest: the last credit note reverses what is not credited yet.
      const full = await refundOrder(t.db, { provider, now: NOW + 3 * DAY }, owner, { orderId: order.id });
      expect(full.refunded).toBe(true);
      const all = await documents(order.id);
      expect(all.map((doc) => doc.number)).toEqual([
        "FAC-2026-0001",
        "FAC-2026-0002",
        "FAC-2026-0003",
        "FAC-2026-0004",
      ]);
      const last = all[3]!;
      expect(last).toMatchObject({ refundId: null, gross: -(order.amount - first.amount - 1000) });
      const credited = all.slice(1).reduce((sum, doc) => sum + doc.gross, 0);
      expect(credited).toBe(-invoice!.gross);
      // Per line and rate, everything is reversed exactly.
      const byLine = new Map<string, number>();
      for (const doc of all)
        for (const line of await linesOf(doc.id)) {
          const key = `${line.orderItemId}:${line.kind}`;
          byLine.set(key, (byLine.get(key) ?? 0) + line.gross);
        }
      expect([...byLine.values()].every((gross) => gross === 0)).toBe(true);
      const vat = all.reduce((sum, doc) => sum + doc.vat, 0);
      expect(vat).toBe(0);
    });

    it("the buyer's cancellations issue credit notes of what they gave back (the added fees kept)", async () => {
      const { event, ticket } = await setup("always");
      await t.db.update(schema.events).set({ selfServiceCancel: true }).where(eq(schema.events.id, event.id));
      const order = await sell(event.id, [{ ticket_id: ticket.id, quantity: 2 }]);
      const holders = await t.db
        .select()
        .from(schema.participants)
        .where(eq(schema.participants.orderId, order.id))
        .orderBy(asc(schema.participants.id));
      const deps = { provider, now: NOW + DAY };
      const one = await cancelOrderTickets(t.db, deps, {
        orderId: order.id,
        token: order.accessToken,
        participantIds: [holders[0]!.id],
        idempotencyKey: freshKey(),
      });
      const rest = await cancelOrderTickets(t.db, deps, {
        orderId: order.id,
        token: order.accessToken,
        participantIds: "order",
        idempotencyKey: freshKey(),
      });
      expect(rest.closesOrder).toBe(true);
      const [invoice, first, second] = await documents(order.id);
      expect([first!.gross, second!.gross]).toEqual([-one.amount, -rest.amount]);
      expect([first!.refundId, second!.refundId]).toEqual([one.refundId, rest.refundId]);
      expect([first!.invoiceId, second!.invoiceId]).toEqual([invoice!.id, invoice!.id]);
      // "full-minus-fees": the tickets are credited in full, the added fees stay invoiced.
      for (const note of [first!, second!]) {
        const lines = await linesOf(note.id);
        expect(lines.map((line) => [line.kind, line.quantity, line.gross])).toEqual([["ticket", 1, -2000]]);
      }
    });

    it("no credit note for an order without an invoice", async () => {
      const { event, ticket } = await setup("on-request");
      const order = await sell(event.id, [{ ticket_id: ticket.id, quantity: 1 }]);
      await refundOrder(t.db, { provider, now: NOW + DAY }, owner, { orderId: order.id });
      expect(await documents(order.id)).toEqual([]);
    });

    it(`zips a period's PDFs, and refuses more than ${INVOICE_ZIP_MAX_DOCUMENTS} documents in one archive`, async () => {
      const { organizationId, event, ticket } = await setup("always");
      const order = await sell(event.id, [{ ticket_id: ticket.id, quantity: 1 }]);
      const zip = await exportInvoicesZip(t.db, {}, owner, { organizationId, from: "2026-06-15", to: "2026-06-15" });
      expect(zip.count).toBe(1);
      expect(zip.filename).toBe("factures-2026-06-15-2026-06-15.zip");
      const empty = await exportInvoicesZip(t.db, {}, owner, { organizationId, from: "2026-06-16", to: "2026-06-30" });
      expect(empty.count).toBe(0);
      const everything = await exportInvoicesZip(t.db, {}, owner, { organizationId, from: "", to: "" });
      expect([everything.count, everything.filename]).toEqual([1, "factures.zip"]);
      const invalid = await failure(
        exportInvoicesZip(t.db, {}, owner, { organizationId, from: "2026-07-01", to: "2026-06-01" }),
      );
      expect(invalid.code).toBe("validation");
      const stranger = await failure(
        exportInvoicesZip(
          t.db,
          {},
          { ...owner, organizationId: organizationId + 1 },
          { organizationId, from: "2026-06-15", to: "2026-06-15" },
        ),
      );
      expect(stranger.code).toBe("not_found");
      // Documents issued another day of June, straight into the table: one too many for an archive.
      await t.db.run(
        sql`insert into invoices (organization_id, event_id, order_id, kind, year, sequence, number, issued_at, seller, buyer,
          gross, net, vat)
        with recursive n(i) as (select 1 union all select i + 1 from n where i < ${INVOICE_ZIP_MAX_DOCUMENTS})
        select ${organizationId}, ${event.id}, ${order.id}, 'credit-note', 2026, 100 + i, 'FAC-2026-' || (100 + i),
          ${NOW + DAY}, '{}', '{}', -1, -1, 0 from n`,
      );
      const tooMany = await failure(
        exportInvoicesZip(t.db, {}, owner, { organizationId, from: "2026-06-01", to: "2026-06-30" }),
      );
      expect([tooMany.code, tooMany.messageKey]).toEqual(["conflict", "invoices:errors.too-many-documents"]);
    });

    it(`numbers ${options.parallel} invoices issued in parallel 1 to ${options.parallel}, no gap, no duplicate`, async () => {
      const { organizationId, event, addon } = await setup("on-request");
      const n = options.parallel;
      await t.db.run(
        sql`insert into orders (organization_id, event_id, first_name, last_name, email, amount, net_amount, status,
          access_token, paid_at, created_at, updated_at)
        with recursive n(i) as (select 1 union all select i + 1 from n where i < ${n})
        select ${organizationId}, ${event.id}, 'Ana', 'Wiśniewska', 'ana' || i || '@exemple.test', 500, 500, 'paid',
          'concurrency-' || ${event.id} || '-' || i, ${NOW}, ${NOW}, ${NOW} from n`,
      );
      await t.db.run(
        sql`insert into order_items (organization_id, event_id, order_id, ticket_id, ticket_type, quantity, unit_price,
          tax_rate, tax_rate_name, net, vat)
        select organization_id, event_id, id, ${addon.id}, 'addon', 1, 500, 2000, 'TVA 20 %', 417, 83
        from orders where event_id = ${event.id}`,
      );
      const ids = (
        await t.db.select({ id: schema.orders.id }).from(schema.orders).where(eq(schema.orders.eventId, event.id))
      ).map((row) => row.id);
      expect(ids).toHaveLength(n);
      const results = await Promise.all(ids.map((orderId) => issueOrderInvoice(t.db, { orderId, now: NOW })));
      expect(results.every((result) => result?.issued)).toBe(true);
      const issued = await t.db
        .select({ sequence: schema.invoices.sequence, number: schema.invoices.number })
        .from(schema.invoices)
        .where(and(eq(schema.invoices.organizationId, organizationId), eq(schema.invoices.year, 2026)))
        .orderBy(asc(schema.invoices.sequence));
      expect(issued.map((row) => row.sequence)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
      expect(new Set(issued.map((row) => row.number)).size).toBe(n);
      expect(issued[n - 1]!.number).toBe(`FAC-2026-${String(n).padStart(4, "0")}`);
      const [counter] = await t.db
        .select()
        .from(schema.invoiceCounters)
        .where(eq(schema.invoiceCounters.organizationId, organizationId));
      expect(counter!.lastNumber).toBe(n);
      const [lineCount] = await t.db
        .select({ count: sql<number>`count(*)` })
        .from(schema.invoiceLines)
        .where(eq(schema.invoiceLines.organizationId, organizationId));
      expect(Number(lineCount!.count)).toBe(n);
    });
  });
}
