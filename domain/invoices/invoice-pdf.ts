import { PDFDocument, rgb, type PDFPage } from "pdf-lib";
import enInvoices from "../locales/en/invoices.json";
import frInvoices from "../locales/fr/invoices.json";
import { fill } from "../emails/email-locale";
import { formatBasisPoints, formatDate, formatMoney } from "../shared/format";
import { countryName } from "../accounting/buyer-billing";
import { totalsByRate } from "../billing/line-taxes";
import { drawText as drawTextRuns, textWidth } from "../pdf/draw-text";
import type { PdfFontEnv } from "../pdf/font-faces";
import { loadPdfFonts, type PdfFonts } from "../pdf/pdf-fonts";
import { wrapText } from "../pdf/wrap-text";
import type { InvoiceDocument } from "./load-invoice-document";
import { savePdf } from "../pdf/save-pdf";

// A4 in points.
const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = 42;
const INK = rgb(0x0f / 255, 0x17 / 255, 0x2a / 255);
const MUTED = rgb(0x64 / 255, 0x74 / 255, 0x8b / 255);
const RULE = rgb(0xcb / 255, 0xd5 / 255, 0xe1 / 255);
const FOOTER_SPACE = 90;

const copies = { fr: frInvoices.pdf, en: enInvoices.pdf };

type Fonts = PdfFonts;
type TextStyle = { size?: number; bold?: boolean; muted?: boolean; align?: "left" | "right" };

/** The one place the invoice draws text: any script, through the embedded Unicode faces (decision 0066). */
function drawText(page: PDFPage, fonts: Fonts, text: string, x: number, y: number, style: TextStyle = {}) {
  const font = style.bold ? fonts.bold : fonts.regular;
  const size = style.size ?? 9;
  const width = style.align === "right" ? textWidth(text, font, size) : 0;
  drawTextRuns(page, text, { x: x - width, y, size, font, color: style.muted ? MUTED : INK });
}

function wrap(fonts: Fonts, text: string, size: number, width: number, bold = false): readonly string[] {
  return wrapText(text, bold ? fonts.bold : fonts.regular, size, width);
}

function addressLines(
  party: { address: string; postalCode: string; city: string; country: string },
  locale: string,
): string[] {
  return [
    party.address,
    [party.postalCode, party.city].filter(Boolean).join(" "),
    countryName(party.country, locale),
  ].filter((line) => line.trim() !== "");
}

/**
 * The PDF of an invoice or a credit note (issue 29 §3–4), A4, in the document's language, from the stored document
 * only: seller and buyer as issued, the lines with their rate, net and VAT, the VAT per rate, the totals (the amount
 * charged, or refunded), the exemption mention of a seller that is not VAT-registered instead of the VAT columns,
 * and the seller's legal mentions at the bottom of every page.
 */
export async function renderInvoicePdf(document: InvoiceDocument, env: PdfFontEnv = {}): Promise<Uint8Array> {
  const copy = copies[document.locale];
  const locale = document.locale;
  const money = (cents: number) => formatMoney(cents, locale);
  const { seller, buyer } = document;
  const withVat = seller.vatRegistered;
  const pdf = await PDFDocument.create();
  const title = document.kind === "invoice" ? copy.invoice : copy["credit-note"];
  pdf.setTitle(`${title} ${document.number}`);
  pdf.setCreator("Guichet");
  pdf.setProducer("Guichet");
  pdf.setCreationDate(document.issuedAt);
  pdf.setModificationDate(document.issuedAt);
  // Every string drawn comes from the copy or the stored document: the faces its characters need are loaded.
  const copyTexts = Object.values(copy).filter((value): value is string => typeof value === "string");
  const fonts: Fonts = await loadPdfFonts(
    pdf,
    [JSON.stringify(document), ...copyTexts, ...copyTexts.map((text) => text.toUpperCase())],
    {
      assets: env.ASSETS,
    },
  );
  const contentWidth = PAGE_WIDTH - 2 * MARGIN;
  const pages: PDFPage[] = [];
  let page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  pages.push(page);
  let y = PAGE_HEIGHT - MARGIN;

  // Header: the kind, the number, the date, what it refers to.
  drawText(page, fonts, title, MARGIN, y - 18, { size: 22, bold: true });
  drawText(page, fonts, fill(copy.number, { number: document.number }), PAGE_WIDTH - MARGIN, y - 10, {
    size: 12,
    bold: true,
    align: "right",
  });
  const dateText = formatDate(document.issuedAt, locale, seller.timeZone || "Europe/Paris");
  drawText(page, fonts, fill(copy["issued-on"], { date: dateText }), PAGE_WIDTH - MARGIN, y - 26, {
    align: "right",
  });
  y -= 44;
  const references = [
    ...(document.kind === "credit-note" && document.invoiceNumber
      ? [fill(copy["credit-note-of"], { number: document.invoiceNumber })]
      : []),
    fill(copy.order, { order: document.orderId }),
    ...(seller.eventTitle ? [seller.eventTitle] : []),
  ];
  for (const reference of references) {
    for (const line of wrap(fonts, reference, 10, contentWidth)) {
      drawText(page, fonts, line, MARGIN, y, { size: 10 });
      y -= 13;
    }
  }
  y -= 10;

  // Seller and buyer, side by side.
  const columnWidth = contentWidth / 2 - 12;
  const partyBlock = (heading: string, lines: string[], x: number, top: number) => {
    let at = top;
    drawText(page, fonts, heading.toUpperCase(), x, at, { size: 8, bold: true, muted: true });
    at -= 13;
    lines.forEach((text, index) => {
      for (const line of wrap(fonts, text, 9.5, columnWidth, index === 0)) {
        drawText(page, fonts, line, x, at, { size: 9.5, bold: index === 0 });
        at -= 12;
      }
    });
    return at;
  };
  const sellerLines = [
    seller.legalName,
    ...addressLines(seller, locale),
    ...(seller.vatNumber ? [fill(copy["vat-number"], { value: seller.vatNumber })] : []),
    ...(seller.companyNumber ? [fill(copy["company-number"], { value: seller.companyNumber })] : []),
  ];
  const buyerLines = [
    buyer.company || buyer.name,
    ...(buyer.company && buyer.name ? [buyer.name] : []),
    ...addressLines(buyer, locale),
    ...(buyer.vatNumber ? [fill(copy["vat-number"], { value: buyer.vatNumber })] : []),
    ...(buyer.email ? [buyer.email] : []),
  ];
  const afterSeller = partyBlock(copy.seller, sellerLines, MARGIN, y);
  const afterBuyer = partyBlock(copy.buyer, buyerLines, MARGIN + contentWidth / 2 + 12, y);
  y = Math.min(afterSeller, afterBuyer) - 16;

  // The lines' table. Columns from the right edge: total, VAT, net, rate, unit price, quantity.
  const right = PAGE_WIDTH - MARGIN;
  const columns = withVat
    ? { total: right, vat: right - 62, net: right - 120, rate: right - 180, unit: right - 222, quantity: right - 290 }
    : { total: right, vat: 0, net: 0, rate: 0, unit: right - 80, quantity: right - 160 };
  const descriptionWidth = columns.quantity - 30 - MARGIN;
  const header = () => {
    page.drawLine({ start: { x: MARGIN, y: y + 12 }, end: { x: right, y: y + 12 }, thickness: 0.6, color: RULE });
    drawText(page, fonts, copy.description, MARGIN, y, { size: 8, bold: true });
    drawText(page, fonts, copy.quantity, columns.quantity, y, { size: 8, bold: true, align: "right" });
    drawText(page, fonts, withVat ? copy["unit-price"] : copy["unit-price-plain"], columns.unit, y, {
      size: 8,
      bold: true,
      align: "right",
    });
    if (withVat) {
      drawText(page, fonts, copy.rate, columns.rate, y, { size: 8, bold: true, align: "right" });
      drawText(page, fonts, copy.net, columns.net, y, { size: 8, bold: true, align: "right" });
      drawText(page, fonts, copy.vat, columns.vat, y, { size: 8, bold: true, align: "right" });
    }
    drawText(page, fonts, withVat ? copy.total : copy["total-plain"], columns.total, y, {
      size: 8,
      bold: true,
      align: "right",
    });
    page.drawLine({ start: { x: MARGIN, y: y - 5 }, end: { x: right, y: y - 5 }, thickness: 0.6, color: RULE });
    y -= 18;
  };
  const newPage = () => {
    page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    pages.push(page);
    y = PAGE_HEIGHT - MARGIN - 12;
  };
  header();
  for (const line of document.lines) {
    const description = [...wrap(fonts, line.description, 9, descriptionWidth)];
    const listed = line.unitGross * line.quantity;
    if (line.quantity > 0 && listed !== line.gross && line.kind !== "fee")
      description.push(fill(copy.discount, { amount: money(Math.abs(listed - line.gross)) }));
    const height = description.length * 11 + 6;
    if (y - height < MARGIN + FOOTER_SPACE) {
      newPage();
      header();
    }
    description.forEach((text, index) =>
      drawText(page, fonts, text, MARGIN, y - index * 11, { size: index === 0 ? 9 : 8, muted: index > 0 }),
    );
    drawText(page, fonts, String(line.quantity), columns.quantity, y, { align: "right" });
    drawText(page, fonts, money(line.unitGross), columns.unit, y, { align: "right" });
    if (withVat) {
      drawText(page, fonts, formatBasisPoints(line.rate, locale), columns.rate, y, { align: "right" });
      drawText(page, fonts, money(line.net), columns.net, y, { align: "right" });
      drawText(page, fonts, money(line.vat), columns.vat, y, { align: "right" });
    }
    drawText(page, fonts, money(line.gross), columns.total, y, { align: "right" });
    y -= height;
  }
  page.drawLine({ start: { x: MARGIN, y: y + 6 }, end: { x: right, y: y + 6 }, thickness: 0.6, color: RULE });
  y -= 10;

  // The VAT per rate, then the totals: sums of the lines (decision 0064), the amount charged or refunded.
  const rates = totalsByRate(document.lines);
  const needed = (withVat ? 16 + rates.length * 12 : 0) + 60;
  if (y - needed < MARGIN + FOOTER_SPACE) newPage();
  if (withVat) {
    drawText(page, fonts, copy["vat-by-rate"], MARGIN, y, { size: 9, bold: true });
    y -= 13;
    for (const total of rates) {
      drawText(
        page,
        fonts,
        fill(copy["vat-line"], {
          rate: formatBasisPoints(total.rate, locale),
          net: money(total.net),
          vat: money(total.vat),
          gross: money(total.gross),
        }),
        MARGIN,
        y,
        { size: 9 },
      );
      y -= 12;
    }
    y -= 6;
  }
  const totals: [string, number, boolean][] = withVat
    ? [
        [copy["total-net"], document.net, false],
        [copy["total-vat"], document.vat, false],
        [copy["total-gross"], document.gross, true],
      ]
    : [[copy["total-due"], document.gross, true]];
  for (const [label, value, strong] of totals) {
    drawText(page, fonts, label, right - 150, y, { size: strong ? 11 : 9.5, bold: strong });
    drawText(page, fonts, money(value), right, y, { size: strong ? 11 : 9.5, bold: strong, align: "right" });
    y -= strong ? 16 : 13;
  }
  if (!withVat && seller.vatExemptionMention) {
    y -= 4;
    for (const line of wrap(fonts, seller.vatExemptionMention, 9.5, contentWidth, true)) {
      drawText(page, fonts, line, MARGIN, y, { size: 9.5, bold: true });
      y -= 12;
    }
  }

  // Every page: the seller's legal mentions, and the page number.
  const mentions = [seller.legalMentions, copy["currency-note"]].filter((text) => text.trim() !== "");
  pages.forEach((current, index) => {
    let at = MARGIN + 52;
    current.drawLine({ start: { x: MARGIN, y: at + 12 }, end: { x: right, y: at + 12 }, thickness: 0.4, color: RULE });
    for (const mention of mentions)
      for (const line of wrap(fonts, mention, 7.5, contentWidth).slice(0, 3)) {
        drawText(current, fonts, line, MARGIN, at, { size: 7.5, muted: true });
        at -= 10;
      }
    drawText(current, fonts, fill(copy.page, { page: index + 1, pages: pages.length }), right, MARGIN - 10, {
      size: 7.5,
      muted: true,
      align: "right",
    });
  });
  return savePdf(pdf);
}
