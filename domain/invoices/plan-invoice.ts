import type { InvoiceKind, InvoiceLineKind, InvoiceMode } from "#db/schema";
import { zonedDayKey } from "../events/event-time-zone";
import { lineTax } from "../billing/line-taxes";

/*
 * What an invoice or a credit note says, with no I/O (issue 29 §3–4, docs/decisions/0065-invoices.md): the lines come
 * from the order lines as sold (their stored rate, net and VAT), credit notes reverse what a refund gave back, per line
 * and rate, with decision 0064's rounding; a document's totals are the sums of its lines.
 */

/** The seller's details as issued (copied into the document: later edits change nothing already issued). */
export type InvoiceSeller = {
  legalName: string;
  address: string;
  postalCode: string;
  city: string;
  country: string;
  vatNumber: string;
  companyNumber: string;
  legalMentions: string;
  vatRegistered: boolean;
  vatExemptionMention: string;
  /** Context printed with the seller, as issued: the event sold and the zone the document's dates are shown in. */
  eventTitle: string;
  timeZone: string;
};

/** The buyer's details as issued: the order's billing section, else the buyer's name. */
export type InvoiceBuyer = {
  name: string;
  company: string;
  address: string;
  postalCode: string;
  city: string;
  country: string;
  vatNumber: string;
  email: string;
};

export type PlannedLine = {
  orderItemId: number | null;
  kind: InvoiceLineKind;
  description: string;
  quantity: number;
  unitGross: number;
  gross: number;
  rate: number;
  rateName: string;
  net: number;
  vat: number;
};

export type PlannedDocument = {
  organizationId: number;
  eventId: number;
  orderId: number;
  kind: InvoiceKind;
  /** The issue date's year in the event's time zone: the numbering series. */
  year: number;
  prefix: string;
  invoiceId: number | null;
  refundId: number | null;
  issuedAt: number;
  seller: InvoiceSeller;
  buyer: InvoiceBuyer;
  gross: number;
  net: number;
  vat: number;
  locale: "fr" | "en";
  lines: PlannedLine[];
};

export type BillingSettings = Omit<InvoiceSeller, "eventTitle" | "timeZone"> & {
  invoicePrefix: string;
  invoiceMode: InvoiceMode;
};

export type InvoiceOrder = {
  id: number;
  organizationId: number;
  eventId: number;
  amount: number;
  firstName: string;
  lastName: string;
  email: string;
  billing: string | null;
  invoiceRequested: boolean;
  locale: "fr" | "en";
};

export type InvoiceOrderItem = {
  id: number;
  ticketType: "ticket" | "addon";
  title: string;
  quantity: number;
  unitPrice: number;
  discount: number;
  fees: number;
  feesType: "included" | "added";
  taxRate: number;
  taxRateName: string;
  net: number;
  vat: number;
  feesNet: number;
  feesVat: number;
};

/** The document number: prefix, year and the sequence on four digits (FAC-2026-0001). */
export function documentNumber(prefix: string, year: number, sequence: number): string {
  return `${prefix}${year}-${String(sequence).padStart(4, "0")}`;
}

export function invoiceYear(at: number, timeZone: string): number {
  return Number(zonedDayKey(at, timeZone).slice(0, 4));
}

export function sellerOf(billing: BillingSettings, context: { eventTitle: string; timeZone: string }): InvoiceSeller {
  return {
    legalName: billing.legalName,
    address: billing.address,
    postalCode: billing.postalCode,
    city: billing.city,
    country: billing.country,
    vatNumber: billing.vatNumber,
    companyNumber: billing.companyNumber,
    legalMentions: billing.legalMentions,
    vatRegistered: billing.vatRegistered,
    vatExemptionMention: billing.vatExemptionMention,
    eventTitle: context.eventTitle,
    timeZone: context.timeZone,
  };
}

function parseBilling(text: string | null): Record<string, unknown> {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function buyerOf(order: Pick<InvoiceOrder, "firstName" | "lastName" | "email" | "billing">): InvoiceBuyer {
  const billing = parseBilling(order.billing);
  const text = (key: string) => (typeof billing[key] === "string" ? (billing[key] as string).trim() : "");
  return {
    name: text("name") || `${order.firstName} ${order.lastName}`.trim(),
    company: text("company"),
    address: text("address"),
    postalCode: text("postal_code"),
    city: text("city"),
    country: text("country"),
    vatNumber: text("vat_number"),
    email: order.email,
  };
}

/** Decision 0065: an invoice at payment in mode `always` (amount above 0), or when the buyer asked for one. */
export function invoiceDueAtPayment(billing: BillingSettings | null, order: InvoiceOrder): boolean {
  if (!billing || order.amount <= 0) return false;
  return billing.invoiceMode === "always" || order.invoiceRequested;
}

/** The lines of an order's invoice: each order line at its stored rate, and its `added` fee as a line of its own. */
export function invoiceLinesOf(items: readonly InvoiceOrderItem[], feeLabel: string): PlannedLine[] {
  const lines: PlannedLine[] = [];
  for (const item of items) {
    const gross = item.unitPrice * item.quantity - item.discount;
    lines.push({
      orderItemId: item.id,
      kind: item.ticketType === "addon" ? "addon" : "ticket",
      description: item.title,
      quantity: item.quantity,
      unitGross: item.unitPrice,
      gross,
      rate: item.taxRate,
      rateName: item.taxRateName,
      net: item.net,
      vat: item.vat,
    });
    if (item.feesType === "added" && item.fees > 0)
      lines.push({
        orderItemId: item.id,
        kind: "fee",
        description: `${feeLabel} — ${item.title}`,
        quantity: item.quantity,
        unitGross: Math.round(item.fees / item.quantity),
        gross: item.fees,
        rate: item.taxRate,
        rateName: item.taxRateName,
        net: item.feesNet,
        vat: item.feesVat,
      });
  }
  return lines;
}

function withTotals<T extends { lines: PlannedLine[] }>(document: T): T & { gross: number; net: number; vat: number } {
  let gross = 0;
  let net = 0;
  let vat = 0;
  for (const line of document.lines) {
    gross += line.gross;
    net += line.net;
    vat += line.vat;
  }
  return { ...document, gross, net, vat };
}

export const FEE_LABELS = { fr: "Frais de service", en: "Service fee" } as const;

export function planInvoice(input: {
  order: InvoiceOrder;
  items: readonly InvoiceOrderItem[];
  billing: BillingSettings;
  timeZone: string;
  eventTitle: string;
  issuedAt: number;
}): PlannedDocument {
  const { order, billing } = input;
  return withTotals({
    organizationId: order.organizationId,
    eventId: order.eventId,
    orderId: order.id,
    kind: "invoice" as const,
    year: invoiceYear(input.issuedAt, input.timeZone),
    prefix: billing.invoicePrefix,
    invoiceId: null,
    refundId: null,
    issuedAt: input.issuedAt,
    seller: sellerOf(billing, { eventTitle: input.eventTitle, timeZone: input.timeZone }),
    buyer: buyerOf(order),
    locale: order.locale,
    lines: invoiceLinesOf(input.items, FEE_LABELS[order.locale]),
  });
}

/**
 * `total` cents spread over `weights` in proportion, largest remainder first (ties: the earlier weight), so the
 * shares add up to `total` exactly. Works for negative totals by symmetry.
 */
export function spreadByLargestRemainder(total: number, weights: readonly number[]): number[] {
  const sign = total < 0 ? -1 : 1;
  const magnitude = Math.abs(total);
  const sum = weights.reduce((acc, weight) => acc + Math.max(0, weight), 0);
  if (weights.length === 0) return [];
  if (sum === 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const exact = weights.map((weight) => (magnitude * Math.max(0, weight)) / sum);
  const shares = exact.map((value) => Math.floor(value));
  let left = magnitude - shares.reduce((acc, share) => acc + share, 0);
  const order = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left === 0) break;
    shares[index] = shares[index]! + 1;
    left -= 1;
  }
  return shares.map((share) => sign * share);
}

/** An invoice line with what earlier credit notes reversed of it already (`credited`: ≤ 0 cents and units). */
export type CreditableLine = PlannedLine & { creditedGross: number; creditedVat: number; creditedUnits: number };

/** What a refund gave back, as a credit note reverses it. */
export type RefundToCredit =
  /** Tickets: per order line, the units freed and the amount and fee part of what was given back (decision 0058). */
  | {
      kind: "lines";
      amount: number;
      lines: readonly { orderItemId: number; units: number; amount: number; fee: number }[];
    }
  /** An amount typed by the organizer: spread over what is left of the lines. */
  | { kind: "amount"; amount: number }
  /** Everything not credited yet (a full refund). */
  | { kind: "rest" };

const leftOf = (line: CreditableLine) => line.gross + line.creditedGross;

function creditLine(line: CreditableLine, gross: number, units: number): PlannedLine {
  const taxed = lineTax({ gross: -gross, rate: line.rate });
  return {
    orderItemId: line.orderItemId,
    kind: line.kind,
    description: line.description,
    quantity: units,
    unitGross: units > 0 ? -line.unitGross : -gross,
    gross: taxed.gross,
    rate: line.rate,
    rateName: line.rateName,
    net: taxed.net,
    vat: taxed.vat,
  };
}

/**
 * The lines of a credit note (negative), whose total is the refunded amount to the cent: decision 0065's three cases.
 * A refund of lines puts each line's fee part on its fee line and the rest on its ticket line, within what is left of
 * each; anything that does not fit (never expected) is spread like an amount.
 */
export function creditNoteLines(lines: readonly CreditableLine[], refund: RefundToCredit): PlannedLine[] {
  const positive = (gross: number) => gross > 0;
  // What is left of each line, its VAT included: the last credit note brings every line and its VAT back to zero.
  if (refund.kind === "rest")
    return lines
      .filter((line) => positive(leftOf(line)))
      .map((line) => {
        const gross = -leftOf(line);
        const vat = -(line.vat + line.creditedVat);
        const units = Math.max(0, line.quantity - line.creditedUnits);
        return { ...creditLine(line, leftOf(line), units), gross, net: gross - vat, vat };
      });

  const credits = new Map<CreditableLine, { gross: number; units: number }>();
  const add = (line: CreditableLine, gross: number, units: number) => {
    const current = credits.get(line) ?? { gross: 0, units: 0 };
    credits.set(line, { gross: current.gross + gross, units: current.units + units });
  };
  let unplaced = refund.amount;
  if (refund.kind === "lines") {
    unplaced = 0;
    for (const refunded of refund.lines) {
      const main = lines.find((line) => line.orderItemId === refunded.orderItemId && line.kind !== "fee");
      const fee = lines.find((line) => line.orderItemId === refunded.orderItemId && line.kind === "fee");
      let amount = refunded.amount;
      if (fee) {
        const onFee = Math.min(refunded.fee, Math.max(0, leftOf(fee)), amount);
        if (onFee > 0) add(fee, onFee, refunded.units);
        amount -= onFee;
      }
      if (main) {
        const onMain = Math.min(amount, Math.max(0, leftOf(main)));
        if (onMain > 0 || refunded.units > 0) add(main, onMain, refunded.units);
        amount -= onMain;
      }
      if (fee && amount > 0) {
        const already = credits.get(fee)?.gross ?? 0;
        const onFee = Math.min(amount, Math.max(0, leftOf(fee) - already));
        if (onFee > 0) add(fee, onFee, 0);
        amount -= onFee;
      }
      unplaced += amount;
    }
  }
  if (unplaced > 0) {
    const room = lines.map((line) => Math.max(0, leftOf(line) - (credits.get(line)?.gross ?? 0)));
    const shares = spreadByLargestRemainder(unplaced, room);
    lines.forEach((line, i) => {
      if (shares[i]! > 0) add(line, shares[i]!, 0);
    });
  }
  return lines
    .filter((line) => credits.has(line))
    .map((line) => {
      const credit = credits.get(line)!;
      return creditLine(line, credit.gross, credit.units);
    })
    .filter((line) => line.gross !== 0 || line.quantity > 0);
}

export function planCreditNote(input: {
  invoice: {
    id: number;
    organizationId: number;
    eventId: number;
    orderId: number;
    seller: InvoiceSeller;
    buyer: InvoiceBuyer;
    locale: "fr" | "en";
  };
  lines: readonly CreditableLine[];
  refund: RefundToCredit;
  refundId: number | null;
  prefix: string;
  timeZone: string;
  issuedAt: number;
}): PlannedDocument | null {
  const lines = creditNoteLines(input.lines, input.refund);
  if (lines.every((line) => line.gross === 0)) return null;
  const { invoice } = input;
  return withTotals({
    organizationId: invoice.organizationId,
    eventId: invoice.eventId,
    orderId: invoice.orderId,
    kind: "credit-note" as const,
    year: invoiceYear(input.issuedAt, input.timeZone),
    prefix: input.prefix,
    invoiceId: invoice.id,
    refundId: input.refundId,
    issuedAt: input.issuedAt,
    seller: invoice.seller,
    buyer: invoice.buyer,
    locale: invoice.locale,
    lines,
  });
}
