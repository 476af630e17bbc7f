import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "#db/schema";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { insertEvent, insertOrganization, insertTicket } from "../../tests/support/fixtures";
import { insertConfirmedOrder } from "../../tests/support/order-documents-fixtures";
import { decodeQrFromRects, readPdf } from "../../tests/support/pdf-reading";
import { confirmOrder } from "../booking/confirm-order";
import { placeOrder } from "../booking/place-order";
import { parseTicketToken, ticketTokenMatches } from "../tickets/ticket-token";
import { getOrderTicketsPdf } from "./get-order-tickets-pdf";
import { loadOrderDocuments } from "./load-order-documents";
import { renderOrderTicketsPdf } from "./order-tickets-pdf";
import { accessibleSurface } from "../shared/colour-contrast";
import { decodePDFRawStream, PDFDict, PDFDocument, PDFName, PDFRawStream, type PDFRef } from "pdf-lib";
import fontkit from "@pdf-lib/fontkit/dist/fontkit.es.min.js";

const env = { ENVIRONMENT: "test" };

describe("order tickets PDF", () => {
  let t: LibsqlTestDatabase;
  beforeEach(async () => {
    t = await createLibsqlTestDatabase();
  });
  afterEach(() => t.close());

  it("embeds whole fonts: each font file inflates and opens as a font with the glyphs the page draws", async () => {
    const scenario = await insertConfirmedOrder(t.db);
    const documents = await loadOrderDocuments(t.db, { orderId: scenario.order.id });
    const pdf = await PDFDocument.load(await renderOrderTicketsPdf(env, documents!));
    const fontFiles = pdf.context
      .enumerateIndirectObjects()
      .map(([, object]) => object)
      .filter((object): object is PDFDict => object instanceof PDFDict && object.has(PDFName.of("FontName")))
      .map((descriptor) => descriptor.get(PDFName.of("FontFile2")) ?? descriptor.get(PDFName.of("FontFile3")))
      .map((ref) => pdf.context.lookup(ref as PDFRef));
    expect(fontFiles.length).toBeGreaterThan(0);
    for (const file of fontFiles) {
      expect(file).toBeInstanceOf(PDFRawStream);
      // A subset: the glyphs the pages draw (no character map of its own; the PDF's ToUnicode map has them).
      const font = fontkit.create(decodePDFRawStream(file as PDFRawStream).decode()) as { numGlyphs: number };
      expect(font.numGlyphs).toBeGreaterThan(5);
    }
  });

  it("has one page per ticket with the event, participant, ticket, order and message, and parses back", async () => {
    const scenario = await insertConfirmedOrder(t.db);
    const documents = await loadOrderDocuments(t.db, { orderId: scenario.order.id });
    const bytes = await renderOrderTicketsPdf(env, documents!);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");

    const { document, pages } = await readPdf(bytes);
    expect(document.getTitle()).toBe(`Billets — commande n° ${scenario.order.id}`);
    expect(pages).toHaveLength(2);
    const [first, second] = pages.map((page) => page.text.join("\n"));
    expect(first).toContain("Événement à l'Opéra");
    // 20:00 in Paris (UTC+1 in March), same day end: one date, two times.
    expect(first).toContain("ven. 12 mars 2027, 20:00 – 23:30");
    expect(first).toContain("Opéra Garnier, Place de l'Opéra, 75009 Paris");
    expect(first).toContain("Léa Martin");
    expect(second).toContain("Noël Dupré");
    expect(first).toContain("Plein tarif");
    // pdf.js extracts the no-break space as a space.
    expect(first).toMatch(/12,00\s€/);
    expect(first).toContain(`Commande n° ${scenario.order.id}`);
    expect(first).toContain("1 × Vestiaire");
    expect(first).toContain("Présentez ce billet à l'entrée, avec une pièce d'identité.");
    expect(first).toContain("Ouverture des portes à 19 h 30.");
    expect(first).toContain("Billet 1 sur 2");
    expect(second).toContain("Billet 2 sur 2");
  });

  it("carries the event's colour in its header band and each ticket's number", async () => {
    const scenario = await insertConfirmedOrder(t.db);
    const documents = async (color: string) => {
      await t.db.update(schema.events).set({ primaryColor: color }).where(eq(schema.events.id, scenario.event.id));
      return (await loadOrderDocuments(t.db, { orderId: scenario.order.id }))!;
    };
    // A light yellow keeps its colour under dark text; a mid-tone green is darkened just enough for white text (AA).
    for (const color of ["#fde047", "#16a34a"]) {
      const surface = accessibleSurface(color);
      const { pages } = await readPdf(await renderOrderTicketsPdf(env, await documents(color)));
      for (const page of pages) {
        expect(page.fills[0]).toBe(surface.background);
        expect(page.fills[1]).toBe(surface.text);
        expect(page.fills).not.toContain("#4338ca");
      }
    }
    const { pages } = await readPdf(await renderOrderTicketsPdf(env, await documents("#16a34a")));
    pages.forEach((page, index) => {
      const text = page.text.join("\n");
      expect(text).toContain("N° DE BILLET");
      expect(page.text).toContain(String(scenario.participants[index]!.id));
    });
  });

  it("prints the price paid for a ticket bought with a promo code, as the participant row keeps it", async () => {
    const now = Date.now();
    const organizationId = (await insertOrganization(t.db)).id;
    const future = new Date(now + 30 * 86_400_000);
    const event = await insertEvent(t.db, organizationId, { status: "published", startAt: future, endAt: future });
    const pass = await insertTicket(t.db, event, { title: "Pass", price: 7500 });
    await t.db.insert(schema.promoCodes).values({
      organizationId,
      eventId: event.id,
      code: "MOINS10",
      discountType: "amount",
      discountValue: 1000,
    });
    const placed = await placeOrder(
      t.db,
      { env: { ...env, SESSION_SECRET: "order-documents-secret-0123456789" }, now },
      {
        eventId: event.id,
        body: {
          items: [{ ticket_id: pass.id, quantity: 1 }],
          buyer: { first_name: "Léa", last_name: "Martin", email: "lea@exemple.test" },
          answers: {},
          promo_code: "moins10",
          locale: "fr",
        },
      },
    );
    expect(placed.amount).toBe(6500);
    expect(await confirmOrder(t.db, { orderId: placed.id, paidAt: now, now })).toMatchObject({ outcome: "confirmed" });
    const rows = await t.db
      .select({ price: schema.participants.price, promoCodeKey: schema.participants.promoCodeKey })
      .from(schema.participants)
      .where(eq(schema.participants.eventId, event.id));
    expect(rows).toEqual([{ price: 6500, promoCodeKey: "MOINS10" }]);

    const documents = await loadOrderDocuments(t.db, { orderId: placed.id });
    const { pages } = await readPdf(await renderOrderTicketsPdf(env, documents!));
    const text = pages[0]!.text.join("\n");
    expect(text).toMatch(/65,00\s€/);
    expect(text).not.toContain("75,00");
  });

  it("writes English for an English order and 'free' for a free ticket", async () => {
    const scenario = await insertConfirmedOrder(t.db, { locale: "en", price: 0, emailPdfMessage: "" });
    const documents = await loadOrderDocuments(t.db, { orderId: scenario.order.id });
    const { document, pages } = await readPdf(await renderOrderTicketsPdf(env, documents!));
    const text = pages[0]!.text.join("\n");
    expect(document.getTitle()).toBe(`Tickets — order no. ${scenario.order.id}`);
    expect(text).toContain("Fri, 12 Mar 2027, 20:00 – 23:30");
    expect(text).toContain("Free");
    expect(text).toContain("Ticket 1 of 2");
    expect(text).not.toContain("Information from the organizer");
  });

  it("draws on each page a QR code holding that participant's signed ticket token", async () => {
    const scenario = await insertConfirmedOrder(t.db);
    const documents = await loadOrderDocuments(t.db, { orderId: scenario.order.id });
    const { pages } = await readPdf(await renderOrderTicketsPdf(env, documents!));
    pages.forEach((page, index) => {
      const participant = scenario.participants[index]!;
      const token = decodeQrFromRects(page.rects);
      expect(token).toMatch(/^G1\./);
      const parsed = parseTicketToken(token!);
      expect(parsed).toMatchObject({ eventId: scenario.event.id, participantId: participant.id });
      const subject = {
        eventId: scenario.event.id,
        participantId: participant.id,
        accessToken: participant.accessToken,
      };
      expect(ticketTokenMatches(env, parsed!, subject)).toBe(true);
      // Signed with the participant's own access token: another participant's does not match.
      const other = scenario.participants[1 - index]!;
      expect(ticketTokenMatches(env, parsed!, { ...subject, accessToken: other.accessToken })).toBe(false);
    });
  });

  it("prints names in Arabic, Chinese and Polish as they are written, in a PDF under 100 KB", async () => {
    const scenario = await insertConfirmedOrder(t.db, { eventTitle: "Festival d'été — 夏日音乐节" });
    const names = [
      { firstName: "محمد", lastName: "الأحمد" },
      { firstName: "王", lastName: "小明" },
    ];
    for (const [index, participant] of scenario.participants.entries()) {
      await t.db.update(schema.participants).set(names[index]!).where(eq(schema.participants.id, participant.id));
    }
    await t.db
      .update(schema.orders)
      .set({ firstName: "Łukasz", lastName: "Żółć" })
      .where(eq(schema.orders.id, scenario.order.id));
    const documents = (await loadOrderDocuments(t.db, { orderId: scenario.order.id }))!;
    const bytes = await renderOrderTicketsPdf(env, documents);
    expect(bytes.byteLength).toBeLessThan(100 * 1024);

    const { pages } = await readPdf(bytes);
    // Extracted as a reader copies it: Arabic in logical order, letters with hamza composed back.
    const [first, second] = pages.map((page) => page.text.map((line) => line.normalize("NFC")));
    expect(first).toContain("محمد الأحمد");
    expect(second).toContain("王 小明");
    expect(first).toContain("Festival d'été — 夏日音乐节");
    expect(first!.join("\n")).not.toContain("?");

    // A ticket without a participant's name carries the buyer's.
    await t.db
      .update(schema.participants)
      .set({ firstName: "", lastName: "" })
      .where(eq(schema.participants.id, scenario.participants[0]!.id));
    const buyerNamed = await readPdf(
      await renderOrderTicketsPdf(env, (await loadOrderDocuments(t.db, { orderId: scenario.order.id }))!),
    );
    expect(buyerNamed.pages[0]!.text).toContain("Łukasz Żółć");
  });

  it("is served for the order's access token only, and only once the order has tickets", async () => {
    const scenario = await insertConfirmedOrder(t.db);
    const pdf = await getOrderTicketsPdf(t.db, env, { orderId: scenario.order.id, token: scenario.order.accessToken });
    expect(pdf.filename).toBe(`billets-commande-${scenario.order.id}.pdf`);
    expect((await readPdf(pdf.bytes)).pages).toHaveLength(2);

    for (const token of ["", "wrong", `${scenario.order.accessToken}x`, scenario.participants[0]!.accessToken]) {
      await expect(getOrderTicketsPdf(t.db, env, { orderId: scenario.order.id, token })).rejects.toMatchObject({
        code: "not_found",
      });
    }
    const pending = await insertConfirmedOrder(t.db, { status: "pending" });
    await expect(
      getOrderTicketsPdf(t.db, env, { orderId: pending.order.id, token: pending.order.accessToken }),
    ).rejects.toMatchObject({ code: "not_found" });
  });
});
