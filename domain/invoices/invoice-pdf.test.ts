import { describe, expect, it } from "vitest";
import { readPdf } from "../../tests/support/pdf-reading";
import { renderInvoicePdf } from "./invoice-pdf";
import type { InvoiceDocument } from "./load-invoice-document";

const seller = {
  legalName: "Théâtre des Lilas SAS",
  address: "12 rue des Lilas",
  postalCode: "75020",
  city: "Paris",
  country: "FR",
  vatNumber: "FR40303265045",
  companyNumber: "303 265 045 RCS Paris",
  legalMentions:
    "Pénalités de retard : trois fois le taux d’intérêt légal. Indemnité forfaitaire de recouvrement : 40 €.",
  vatRegistered: true,
  vatExemptionMention: "",
  eventTitle: "Le Misanthrope — 14 juin 2026",
  timeZone: "Europe/Paris",
};
const buyer = {
  name: "Inès Moreau",
  company: "Studio Moreau",
  address: "3 place du Marché",
  postalCode: "69001",
  city: "Lyon",
  country: "France",
  vatNumber: "FR83404833048",
  email: "ines@exemple.test",
};
const line = (values: Partial<InvoiceDocument["lines"][number]>): InvoiceDocument["lines"][number] => ({
  id: 1,
  invoiceId: 1,
  organizationId: 1,
  position: 1,
  orderItemId: 1,
  kind: "ticket",
  description: "Spectacle",
  quantity: 1,
  unitGross: 0,
  gross: 0,
  rate: 0,
  rateName: "",
  net: 0,
  vat: 0,
  ...values,
});

export const sampleInvoice: InvoiceDocument = {
  id: 1,
  kind: "invoice",
  number: "FAC-2026-0001",
  orderId: 42,
  issuedAt: new Date("2026-06-15T12:00:00Z"),
  locale: "fr",
  seller,
  buyer,
  gross: 4154,
  net: 3885,
  vat: 269,
  invoiceNumber: null,
  lines: [
    line({ position: 1, quantity: 2, unitGross: 2000, gross: 3600, rate: 550, net: 3412, vat: 188 }),
    line({
      position: 2,
      kind: "fee",
      description: "Frais de service — Spectacle",
      quantity: 2,
      unitGross: 52,
      gross: 104,
      rate: 550,
      net: 99,
      vat: 5,
    }),
    line({
      position: 3,
      kind: "addon",
      description: "Programme",
      quantity: 1,
      unitGross: 500,
      gross: 450,
      rate: 2000,
      net: 374,
      vat: 76,
    }),
  ],
};

// pdf.js reads a no-break space back as a space: the expectations are written with plain spaces.
const textOf = async (document: InvoiceDocument) =>
  (await readPdf(await renderInvoicePdf(document))).pages
    .flatMap((page) => page.text)
    .join("\n")
    .replace(/[\u00a0\u202f]/g, " ");

describe("invoice PDF", () => {
  it("prints the seller, the buyer, the lines, the VAT per rate and the totals equal to the amount charged", async () => {
    const text = await textOf(sampleInvoice);
    for (const expected of [
      "Facture",
      "N° FAC-2026-0001",
      "Commande n° 42",
      "Théâtre des Lilas SAS",
      "Studio Moreau",
      "Spectacle",
      "dont remise 4,00 €",
      "Total HT",
      "38,85 €",
      "Total TVA",
      "2,69 €",
      "Total TTC",
      "41,54 €",
      "Pénalités de retard",
    ])
      expect(text).toContain(expected);
    expect(text).toMatch(/N° TVA.: FR40303265045/);
    expect(text).toMatch(/N° TVA.: FR83404833048/);
    expect(text).toMatch(/TVA 5,5.%.: base HT 35,11.€, TVA 1,93.€, TTC 37,04.€/);
    expect(text).toMatch(/TVA 20.%.: base HT 3,74.€, TVA 0,76.€, TTC 4,50.€/);
  });

  it("says « Avoir » with the invoice it corrects, in English when the order was", async () => {
    const note: InvoiceDocument = {
      ...sampleInvoice,
      kind: "credit-note",
      number: "FAC-2026-0002",
      invoiceNumber: "FAC-2026-0001",
      gross: -450,
      net: -374,
      vat: -76,
      lines: [sampleInvoice.lines[2]!].map((l) => ({
        ...l,
        quantity: 1,
        unitGross: -500,
        gross: -450,
        net: -374,
        vat: -76,
      })),
    };
    const french = await textOf(note);
    expect(french).toContain("Avoir");
    expect(french).toContain("Avoir sur la facture n° FAC-2026-0001");
    expect(french).toContain("-4,50 €");
    const english = await textOf({ ...note, locale: "en" });
    expect(english).toContain("Credit note for invoice no. FAC-2026-0001");
    expect(english).toContain("Total incl. VAT");
  });

  it("prints the exemption mention instead of VAT columns for a seller that is not VAT-registered", async () => {
    const text = await textOf({
      ...sampleInvoice,
      seller: {
        ...seller,
        vatRegistered: false,
        vatNumber: "",
        vatExemptionMention: "TVA non applicable, art. 293 B du CGI",
      },
      net: 4154,
      vat: 0,
      lines: sampleInvoice.lines.map((l) => ({ ...l, rate: 0, net: l.gross, vat: 0 })),
    });
    expect(text).toContain("TVA non applicable, art. 293 B du CGI");
    expect(text).not.toContain("Total HT");
    expect(text).not.toContain("TVA par taux");
    expect(text).toContain("41,54 €");
  });

  it("prints buyers' names in Arabic, Chinese and Polish as written, and stays under 100 KB", async () => {
    const document: InvoiceDocument = {
      ...sampleInvoice,
      buyer: {
        ...buyer,
        company: "王小明贸易有限公司",
        name: "محمد الأحمد",
        address: "ul. Łukasza Żółcia 5",
        country: "PL",
      },
    };
    const bytes = await renderInvoicePdf(document);
    // As the tickets' test reads it: pdf.js gives "أ" back decomposed.
    const text = (await readPdf(bytes)).pages
      .flatMap((page) => page.text)
      .join("\n")
      .normalize("NFC");
    expect(text.replace(/\s+/g, "")).toContain("王小明贸易有限公司");
    expect(text).toContain("محمد الأحمد");
    expect(text).toContain("ul. Łukasza Żółcia 5");
    // The country chosen at checkout (an ISO code) by its name.
    expect(text).toContain("Pologne");
    expect(text).not.toContain("?");
    expect(bytes.byteLength).toBeLessThan(100_000);
  });

  it("stays small", async () => {
    expect((await renderInvoicePdf(sampleInvoice)).byteLength).toBeLessThan(100_000);
  });
});
