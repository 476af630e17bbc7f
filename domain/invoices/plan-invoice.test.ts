import { describe, expect, it } from "vitest";
import { saleLineTaxes } from "../billing/sale-tax-rate";
import {
  buyerOf,
  creditNoteLines,
  documentNumber,
  invoiceLinesOf,
  invoiceYear,
  spreadByLargestRemainder,
  type CreditableLine,
  type InvoiceOrderItem,
} from "./plan-invoice";

/** An order line as the booking stores it: its VAT written at the sale by decision 0064's function. */
function item(values: Omit<InvoiceOrderItem, "net" | "vat" | "feesNet" | "feesVat" | "taxRateName">): InvoiceOrderItem {
  const taxes = saleLineTaxes(values, { rate: values.taxRate, name: `${values.taxRate / 100} %` });
  return {
    ...values,
    taxRateName: taxes.taxRateName,
    net: taxes.net,
    vat: taxes.vat,
    feesNet: taxes.feesNet,
    feesVat: taxes.feesVat,
  };
}

// Three places at 23 € (5.5 %) with 0.59 € of added fees each, two add-ons at 7.90 € (20 %), a 15 % code spread by
// the booking over both lines (10.35 € and 2.37 €).
const items = [
  item({
    id: 1,
    ticketType: "ticket",
    title: "Concert",
    quantity: 3,
    unitPrice: 2300,
    discount: 1035,
    fees: 177,
    feesType: "added",
    taxRate: 550,
  }),
  item({
    id: 2,
    ticketType: "addon",
    title: "Parking",
    quantity: 2,
    unitPrice: 790,
    discount: 237,
    fees: 40,
    feesType: "included",
    taxRate: 2000,
  }),
];
const charged = 3 * 2300 - 1035 + 177 + 2 * 790 - 237;

const creditable = (lines = invoiceLinesOf(items, "Frais")): CreditableLine[] =>
  lines.map((line) => ({ ...line, creditedGross: 0, creditedVat: 0, creditedUnits: 0 }));

const sum = (lines: { gross: number }[]) => lines.reduce((total, line) => total + line.gross, 0);

describe("an invoice's lines (decision 0064 per line, 0065)", () => {
  it("has the ticket line, its added fee as its own line at its rate, and the add-on: exact cents, total charged", () => {
    const lines = invoiceLinesOf(items, "Frais de service");
    expect(
      lines.map((line) => [line.kind, line.quantity, line.unitGross, line.gross, line.rate, line.net, line.vat]),
    ).toEqual([
      // 58.65 € at 5.5 %: 58.65 × 550 / 10550 = 3.0576… → 3.06 €.
      ["ticket", 3, 2300, 5865, 550, 5559, 306],
      // 1.77 € at 5.5 %: 0.0922… → 0.09 €.
      ["fee", 3, 59, 177, 550, 168, 9],
      // 13.43 € at 20 %: 13.43 × 2000 / 12000 = 2.2383… → 2.24 €.
      ["addon", 2, 790, 1343, 2000, 1119, 224],
    ]);
    expect(lines[1]!.description).toBe("Frais de service — Concert");
    expect(sum(lines)).toBe(charged);
    expect(lines.every((line) => line.net + line.vat === line.gross)).toBe(true);
  });

  it("numbers as prefix, year and four digits, the year in the event's zone", () => {
    expect(documentNumber("FAC-", 2026, 7)).toBe("FAC-2026-0007");
    expect(documentNumber("", 2027, 12345)).toBe("2027-12345");
    // 31 December 23:30 UTC is already 1 January in Paris.
    expect(invoiceYear(Date.parse("2026-12-31T23:30:00Z"), "Europe/Paris")).toBe(2027);
    expect(invoiceYear(Date.parse("2026-12-31T23:30:00Z"), "America/New_York")).toBe(2026);
  });

  it("takes the buyer from the billing section, else the buyer's name", () => {
    expect(
      buyerOf({
        firstName: "Ana",
        lastName: "Ruiz",
        email: "ana@exemple.test",
        billing: JSON.stringify({
          company: "Ruiz SL",
          address: "Calle Mayor 1",
          postal_code: "28013",
          city: "Madrid",
          country: "ES",
          vat_number: "ESB12345678",
        }),
      }),
    ).toMatchObject({
      name: "Ana Ruiz",
      company: "Ruiz SL",
      city: "Madrid",
      vatNumber: "ESB12345678",
      email: "ana@exemple.test",
    });
    expect(buyerOf({ firstName: "Ana", lastName: "Ruiz", email: "a@e.test", billing: "not json" }).address).toBe("");
  });
});

describe("largest remainder", () => {
  it("adds up to the total exactly, the largest remainders first", () => {
    expect(spreadByLargestRemainder(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(spreadByLargestRemainder(1000, [5865, 177, 1343])).toEqual([794, 24, 182]);
    expect(spreadByLargestRemainder(-1000, [5865, 177, 1343])).toEqual([-794, -24, -182]);
    expect(spreadByLargestRemainder(7, [0, 0])).toEqual([7, 0]);
  });
});

describe("a credit note's lines", () => {
  it("reverses one refunded ticket with its fee, per line and rate", () => {
    // decision 0058's unit: 23 € − 3.45 € of code + 0.59 € of fee = 20.14 €.
    const lines = creditNoteLines(creditable(), {
      kind: "lines",
      amount: 2014,
      lines: [{ orderItemId: 1, units: 1, amount: 2014, fee: 59 }],
    });
    expect(lines.map((line) => [line.kind, line.quantity, line.gross, line.rate, line.net, line.vat])).toEqual([
      ["ticket", 1, -1955, 550, -1853, -102],
      ["fee", 1, -59, 550, -56, -3],
    ]);
    expect(sum(lines)).toBe(-2014);
  });

  it("spreads an amount over what is left at 5.5 % and at 20 %, to the cent", () => {
    const lines = creditNoteLines(creditable(), { kind: "amount", amount: 1000 });
    expect(lines.map((line) => [line.kind, line.gross, line.rate, line.vat])).toEqual([
      ["ticket", -794, 550, -41],
      ["fee", -24, 550, -1],
      ["addon", -182, 2000, -30],
    ]);
    expect(sum(lines)).toBe(-1000);
  });

  it("after a partial one, the full refund reverses the rest: credits sum to the invoice, VAT included", () => {
    const invoice = invoiceLinesOf(items, "Frais");
    const first = creditNoteLines(creditable(invoice), { kind: "amount", amount: 1001 });
    const after: CreditableLine[] = invoice.map((line, i) => ({
      ...line,
      creditedGross: first[i]!.gross,
      creditedVat: first[i]!.vat,
      creditedUnits: 0,
    }));
    const rest = creditNoteLines(after, { kind: "rest" });
    expect(sum(first) + sum(rest)).toBe(-charged);
    invoice.forEach((line, i) => {
      expect(line.gross + first[i]!.gross + rest[i]!.gross).toBe(0);
      expect(line.vat + first[i]!.vat + rest[i]!.vat).toBe(0);
      expect(line.net + first[i]!.net + rest[i]!.net).toBe(0);
    });
  });
});
