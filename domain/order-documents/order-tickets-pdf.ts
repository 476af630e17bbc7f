import {
  concatTransformationMatrix,
  fill,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  setFillingRgbColor,
  type PDFPage,
} from "pdf-lib";
import { encode } from "uqr";
import { accessibleSurface, hexToRgb } from "../shared/colour-contrast";
import { formatDateRange, formatMoney } from "../shared/format";
import { datePlaceText, distinctDates, formatTicketDates } from "../event-dates/order-dates";
import { emailCopy, fill as fillCopy } from "../emails/email-locale";
import type { SigningEnv } from "../shared/signing-secret";
import { signTicketToken } from "../tickets/ticket-token";
import type { OrderDocuments } from "./load-order-documents";
import { messageParagraphs } from "./message-paragraphs";
import { drawText, textWidth } from "../pdf/draw-text";
import { savePdf } from "../pdf/save-pdf";
import type { PdfFontEnv } from "../pdf/font-faces";
import { loadPdfFonts, type PdfFont, type PdfFonts } from "../pdf/pdf-fonts";
import { wrapText } from "../pdf/wrap-text";

// A4 in points.
const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = 48;
const QR_SIZE = 176;
const INDIGO = "#4338ca";
const INK = rgb(0x0f / 255, 0x17 / 255, 0x2a / 255);
const MUTED = rgb(0x64 / 255, 0x74 / 255, 0x8b / 255);
const RULE = rgb(0xe2 / 255, 0xe8 / 255, 0xf0 / 255);

/** A "#rrggbb" colour as pdf-lib's colour (INDIGO when it is not one). */
function pdfColor(hex: string) {
  const { r, g, b } = hexToRgb(hex) ?? hexToRgb(INDIGO)!;
  return rgb(r / 255, g / 255, b / 255);
}

export type TicketQrMatrix = boolean[][];

/** The QR modules of a ticket token (`true` = dark), medium error correction: it still scans from a worn printout. */
function ticketQrMatrix(token: string): TicketQrMatrix {
  return encode(token, { ecc: "M", border: 0 }).data;
}

/**
 * Draws the matrix as vector squares, one filled rectangle per horizontal run of dark modules, so the code stays sharp
 * at any zoom or print size. `x`, `y` are the bottom-left corner of the code. The rectangles are written in module
 * units (one transformation scales them to `size`): small integers, so the page's content is shorter to write and to
 * compress than with a fractional coordinate per corner.
 */
function drawQr(page: PDFPage, matrix: TicketQrMatrix, x: number, y: number, size: number) {
  const modules = matrix.length;
  const cell = size / modules;
  const operators = [
    pushGraphicsState(),
    concatTransformationMatrix(cell, 0, 0, cell, x, y),
    setFillingRgbColor(0, 0, 0),
  ];
  matrix.forEach((row, r) => {
    let c = 0;
    while (c < row.length) {
      if (!row[c]) {
        c++;
        continue;
      }
      const start = c;
      while (c < row.length && row[c]) c++;
      operators.push(rectangle(start, modules - 1 - r, c - start, 1));
    }
  });
  operators.push(fill(), popGraphicsState());
  page.pushOperators(...operators);
}

/** Draws wrapped text from the top line's baseline `y` down; returns the baseline below the last line. */
function drawLines(
  page: PDFPage,
  text: string,
  options: { x: number; y: number; size: number; font: PdfFont; maxWidth: number; color?: ReturnType<typeof rgb> },
): number {
  const lineHeight = options.size * 1.35;
  let y = options.y;
  for (const line of wrapText(text, options.font, options.size, options.maxWidth)) {
    drawText(page, line, { x: options.x, y, size: options.size, font: options.font, color: options.color ?? INK });
    y -= lineHeight;
  }
  return y;
}

function drawLabelled(
  page: PDFPage,
  fonts: PdfFonts,
  label: string,
  value: string,
  x: number,
  y: number,
  width: number,
) {
  drawText(page, label.toUpperCase(), { x, y, size: 8, font: fonts.regular, color: MUTED });
  return drawLines(page, value, { x, y: y - 15, size: 12, font: fonts.bold, maxWidth: width }) - 8;
}

function eventAddress(documents: OrderDocuments): string {
  const { addressName, addressLabel } = documents.event;
  return [addressName, addressLabel].filter((part) => part.trim().length > 0).join(", ");
}

/**
 * When the documents' tickets are for: on a multi-date event the dates they were sold for (decision 0068), each in the
 * event's time zone; else the event's date.
 */
export function eventDates(documents: Pick<OrderDocuments, "event" | "order" | "tickets">): string {
  const { startAt, endAt, timezone } = documents.event;
  const sold = distinctDates(documents.tickets.map((ticket) => ticket.dates));
  if (sold.length > 0) return formatTicketDates(sold, documents.order.locale, timezone);
  return startAt ? formatDateRange(startAt, endAt, documents.order.locale, timezone) : "";
}

/** One ticket's date line and place: its date's (or its pass's dates), else the event's. */
function ticketWhenAndWhere(documents: OrderDocuments, ticket: OrderDocuments["tickets"][number]) {
  if (ticket.dates.length === 0) return { dates: eventDates(documents), address: eventAddress(documents) };
  const place = ticket.dates.length === 1 ? datePlaceText(ticket.dates[0]!) : null;
  return {
    dates: formatTicketDates(ticket.dates, documents.order.locale, documents.event.timezone),
    address: place ?? eventAddress(documents),
  };
}

function ticketPrice(documents: OrderDocuments, price: number): string {
  const c = emailCopy(documents.order.locale)["order-tickets-pdf"];
  return price > 0 ? formatMoney(price, documents.order.locale) : c.free;
}

/**
 * One PDF for the order, one A4 page per ticket under a band in the event's colour: the event (title, dates in its time
 * zone, venue), the participant, the ticket, its number and its price, the order number, the order's add-ons, the
 * organizer's `email_pdf_message`, and the QR code of the participant's signed ticket token, which the check-in API
 * verifies.
 */
export async function renderOrderTicketsPdf(
  env: SigningEnv & PdfFontEnv,
  documents: OrderDocuments,
): Promise<Uint8Array> {
  const { order, event } = documents;
  const locale = order.locale;
  const c = emailCopy(locale)["order-tickets-pdf"];
  const pdf = await PDFDocument.create();
  pdf.setTitle(fillCopy(c.title, { order: order.id }));
  pdf.setSubject(event.title);
  pdf.setAuthor(event.organizationTitle);
  pdf.setCreator("Guichet");
  pdf.setProducer("Guichet");
  pdf.setLanguage(locale === "en" ? "en-GB" : "fr-FR");
  const whenAndWhere = documents.tickets.map((ticket) => ticketWhenAndWhere(documents, ticket));
  const message = messageParagraphs(event.emailPdfMessage);
  const addons = documents.addons.map((addon) => `${addon.quantity} × ${addon.title}`);
  // Every string drawn below: the fonts embed the faces (Arabic, CJK…) these need.
  const fonts = await loadPdfFonts(
    pdf,
    [
      ...Object.values(c).map((copy) => copy.toUpperCase()),
      event.title,
      ...whenAndWhere.flatMap(({ dates, address }) => [dates, address]),
      event.organizationTitle,
      order.firstName,
      order.lastName,
      ...message,
      ...addons,
      ...documents.tickets.flatMap((ticket) => [ticket.firstName, ticket.lastName, ticket.ticketTitle]),
      ...documents.tickets.map((ticket) => ticketPrice(documents, ticket.price)),
    ],
    { assets: env.ASSETS },
  );
  const contentWidth = PAGE_WIDTH - 2 * MARGIN;
  const leftWidth = contentWidth - QR_SIZE - 24;
  // The event's colour, as on its public pages: spec §9's text colour on it, the colour shaded just enough for AA.
  const surface = accessibleSurface(event.primaryColor || INDIGO);
  const band = pdfColor(surface.background);
  const onBand = pdfColor(surface.text);

  documents.tickets.forEach((ticket, index) => {
    const page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    // Header band.
    page.drawRectangle({ x: 0, y: PAGE_HEIGHT - 64, width: PAGE_WIDTH, height: 64, color: band });
    drawText(page, "Guichet", { x: MARGIN, y: PAGE_HEIGHT - 40, size: 16, font: fonts.bold, color: onBand });
    const pageLabel = fillCopy(c.page, { index: index + 1, count: documents.tickets.length });
    drawText(page, pageLabel, {
      x: PAGE_WIDTH - MARGIN - textWidth(pageLabel, fonts.regular, 10),
      y: PAGE_HEIGHT - 38,
      size: 10,
      font: fonts.regular,
      color: onBand,
    });

    // Event.
    let y = PAGE_HEIGHT - 64 - 44;
    y = drawLines(page, event.title, { x: MARGIN, y, size: 22, font: fonts.bold, maxWidth: contentWidth }) - 6;
    const { dates, address } = whenAndWhere[index]!;
    if (dates) y = drawLabelled(page, fonts, c.date, dates, MARGIN, y, contentWidth);
    if (address) y = drawLabelled(page, fonts, c.address, address, MARGIN, y, contentWidth);
    y -= 4;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: PAGE_WIDTH - MARGIN, y }, thickness: 1, color: RULE });
    y -= 34;

    // Ticket on the left, QR code on the right, with a quiet zone of at least four modules around it.
    const qrTop = y + 4;
    const token = signTicketToken(env, {
      eventId: event.id,
      participantId: ticket.participantId,
      accessToken: ticket.accessToken,
    });
    drawQr(page, ticketQrMatrix(token), PAGE_WIDTH - MARGIN - QR_SIZE, qrTop - QR_SIZE, QR_SIZE);
    drawLines(page, c.present, {
      x: PAGE_WIDTH - MARGIN - QR_SIZE,
      y: qrTop - QR_SIZE - 16,
      size: 8,
      font: fonts.regular,
      maxWidth: QR_SIZE,
      color: MUTED,
    });

    const name = `${ticket.firstName} ${ticket.lastName}`.trim() || `${order.firstName} ${order.lastName}`.trim();
    y = drawLabelled(page, fonts, c.participant, name, MARGIN, y, leftWidth);
    y = drawLabelled(page, fonts, c.ticket, ticket.ticketTitle, MARGIN, y, leftWidth);
    // The number the order page shows and the entries list searches by.
    y = drawLabelled(page, fonts, c.number, String(ticket.participantId), MARGIN, y, leftWidth);
    y = drawLabelled(page, fonts, c.price, ticketPrice(documents, ticket.price), MARGIN, y, leftWidth);
    y = drawLines(page, fillCopy(c.order, { order: order.id }), {
      x: MARGIN,
      y,
      size: 10,
      font: fonts.regular,
      maxWidth: leftWidth,
      color: MUTED,
    });
    if (addons.length > 0) {
      y -= 8;
      y = drawLabelled(page, fonts, c.addons, addons.join(", "), MARGIN, y, leftWidth);
    }

    // The organizer's message, under both columns.
    y = Math.min(y, qrTop - QR_SIZE - 48);
    if (message.length > 0) {
      page.drawLine({ start: { x: MARGIN, y }, end: { x: PAGE_WIDTH - MARGIN, y }, thickness: 1, color: RULE });
      y -= 24;
      drawText(page, c.message, { x: MARGIN, y, size: 11, font: fonts.bold, color: INK });
      y -= 18;
      for (const paragraph of message) {
        if (y < MARGIN + 40) break;
        y = drawLines(page, paragraph, { x: MARGIN, y, size: 10, font: fonts.regular, maxWidth: contentWidth }) - 4;
      }
    }

    if (event.organizationTitle) {
      drawText(page, fillCopy(c.organizer, { organization: event.organizationTitle }), {
        x: MARGIN,
        y: MARGIN - 16,
        size: 8,
        font: fonts.regular,
        color: MUTED,
      });
    }
  });
  return savePdf(pdf);
}

/** The PDF's file name in the buyer's language. */
export function orderTicketsFilename(documents: OrderDocuments): string {
  return fillCopy(emailCopy(documents.order.locale)["order-confirmation"].filename, { order: documents.order.id });
}
