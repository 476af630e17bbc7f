import { describe, expect, it } from "vitest";
import { lineTax, orderLineTaxes, totalsByRate, vatOfGross } from "./line-taxes";

describe("VAT inside a tax-included amount", () => {
  it("rounds each line half away from zero to the cent", () => {
    // 20 % of 1000: 1000 × 2000 / 12000 = 166.67 → 167; net 833.
    expect(lineTax({ gross: 1000, rate: 2000 })).toEqual({ gross: 1000, rate: 2000, net: 833, vat: 167 });
    // 5.5 % of 2500: 2500 × 550 / 10550 = 130.33 → 130.
    expect(lineTax({ gross: 2500, rate: 550 })).toEqual({ gross: 2500, rate: 550, net: 2370, vat: 130 });
    // 10 % of 55: 5.0 exactly; of 11: 1.0; of 1: 0.0909 → 0.
    expect(vatOfGross(55, 1000)).toBe(5);
    expect(vatOfGross(1, 1000)).toBe(0);
    // An exact half: 20 % of 3: 0.5 → 1 (half away from zero), and -3 → -1.
    expect(vatOfGross(3, 2000)).toBe(1);
    expect(vatOfGross(-3, 2000)).toBe(-1);
    expect(vatOfGross(0, 2000)).toBe(0);
    expect(vatOfGross(4990, 0)).toBe(0);
    // 2.1 % of 1990: 1990 × 210 / 10210 = 40.93 → 41.
    expect(vatOfGross(1990, 210)).toBe(41);
  });

  it("a credit note's line is the exact opposite of the line it reverses", () => {
    const sold = lineTax({ gross: 2500, rate: 550 });
    const reversed = lineTax({ gross: -2500, rate: 550 });
    expect(reversed).toEqual({ gross: -2500, rate: 550, net: -sold.net, vat: -sold.vat });
  });

  it("refuses what is not integer cents", () => {
    expect(() => vatOfGross(10.5, 2000)).toThrow(RangeError);
    expect(() => vatOfGross(10, -1)).toThrow(RangeError);
  });
});

describe("an order's lines and its totals by rate", () => {
  it("a ticket at 5.5 % and an add-on at 20 % with a promo code on both: lines sum to the amount charged", () => {
    // Ticket: 2 × 25.00 €, 10 % off each (2 × 2.50); added fees 2 × 0.99. Add-on: 1 × 12.00 €, 1.20 off, fees included.
    const ticket = orderLineTaxes({
      quantity: 2,
      unitPrice: 2500,
      discount: 500,
      fees: 198,
      feesType: "added",
      rate: 550,
    });
    const addon = orderLineTaxes({
      quantity: 1,
      unitPrice: 1200,
      discount: 120,
      fees: 36,
      feesType: "included",
      rate: 2000,
    });
    expect(ticket.tickets).toEqual({ gross: 4500, rate: 550, net: 4265, vat: 235 });
    expect(ticket.fees).toEqual({ gross: 198, rate: 550, net: 188, vat: 10 });
    expect(addon.tickets).toEqual({ gross: 1080, rate: 2000, net: 900, vat: 180 });
    expect(addon.fees).toBeNull();

    const lines = [ticket.tickets, ticket.fees!, addon.tickets];
    const charged = 4500 + 198 + 1080;
    expect(lines.reduce((sum, line) => sum + line.net + line.vat, 0)).toBe(charged);
    expect(totalsByRate(lines)).toEqual([
      { rate: 2000, gross: 1080, net: 900, vat: 180 },
      { rate: 550, gross: 4698, net: 4453, vat: 245 },
    ]);
  });

  it("totals are sums of rounded lines, not the VAT of the total (three 0.10 € lines at 20 %)", () => {
    const lines = [10, 10, 10].map((gross) => lineTax({ gross, rate: 2000 }));
    // Each line: 10 × 2000 / 12000 = 1.67 → 2; the total's own VAT would be 5.
    expect(totalsByRate(lines)).toEqual([{ rate: 2000, gross: 30, net: 24, vat: 6 }]);
  });
});
