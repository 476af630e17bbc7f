/*
 * VAT of tax-included amounts, in integer cents (issue 29 §2, docs/decisions/0064-vat-rounding.md). The rule, applied
 * the same way everywhere: each line's VAT is computed from the line's tax-included amount and rounded half away from
 * zero to the cent; its net is the amount less that VAT; totals are sums of lines, never recomputed from a total. So
 * every line's net + VAT is its amount exactly, and the lines of a document add up to the amount charged.
 */

/** The VAT inside a tax-included amount at `rate` basis points (2000 = 20 %), rounded half away from zero. */
export function vatOfGross(gross: number, rate: number): number {
  if (!Number.isSafeInteger(gross) || !Number.isSafeInteger(rate) || rate < 0) {
    throw new RangeError(`vatOfGross expects integer cents and a rate in basis points, got ${gross}, ${rate}`);
  }
  if (rate === 0 || gross === 0) return 0;
  const sign = gross < 0 ? -1 : 1;
  const magnitude = Math.abs(gross);
  // magnitude × rate / (10000 + rate), rounded half up, with integers only.
  const divisor = 10_000 + rate;
  return sign * Math.floor((2 * magnitude * rate + divisor) / (2 * divisor));
}

export type TaxedLine = { gross: number; rate: number };
export type LineTax = { gross: number; rate: number; net: number; vat: number };

export function lineTax(line: TaxedLine): LineTax {
  const vat = vatOfGross(line.gross, line.rate);
  return { gross: line.gross, rate: line.rate, net: line.gross - vat, vat };
}

export type RateTotal = { rate: number; gross: number; net: number; vat: number };

/** Per rate, the sums of the lines' amounts, nets and VAT, rates in decreasing order. */
export function totalsByRate(lines: readonly LineTax[]): RateTotal[] {
  const totals = new Map<number, RateTotal>();
  for (const line of lines) {
    const total = totals.get(line.rate) ?? { rate: line.rate, gross: 0, net: 0, vat: 0 };
    total.gross += line.gross;
    total.net += line.net;
    total.vat += line.vat;
    totals.set(line.rate, total);
  }
  return [...totals.values()].sort((a, b) => b.rate - a.rate);
}

/**
 * The taxed lines of an order line as sold: the tickets (unit price × quantity less the line's discount: an
 * `included` platform fee is part of that price) and, when the fee is `added`, the fee as a line of its own at the
 * same rate (an ancillary cost follows the VAT of what it is charged with, EU rule).
 */
export function orderLineTaxes(line: {
  quantity: number;
  unitPrice: number;
  discount: number;
  fees: number;
  feesType: "included" | "added";
  rate: number;
}): { tickets: LineTax; fees: LineTax | null } {
  const tickets = lineTax({ gross: line.unitPrice * line.quantity - line.discount, rate: line.rate });
  const fees = line.feesType === "added" && line.fees > 0 ? lineTax({ gross: line.fees, rate: line.rate }) : null;
  return { tickets, fees };
}
