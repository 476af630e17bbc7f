import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { placeOrderBodySchema } from "../booking/order-input-schema";
import { BUYER_COUNTRIES, buyerCountryCode, checkBuyerVatNumber } from "./buyer-billing";

const body = (billing: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  v.parse(placeOrderBodySchema, {
    items: [{ ticket_id: 1, quantity: 1 }],
    buyer: { first_name: "Alex", last_name: "Durand", email: "alex@exemple.test" },
    billing: { address: "12 rue de la République", postal_code: "69002", city: "Lyon", ...billing },
    ...extra,
  });

describe("the buyer's billing details (issue 29 §6)", () => {
  it("lists ISO 3166-1 codes and reads a code in any case", () => {
    expect(BUYER_COUNTRIES).toContain("FR");
    expect(BUYER_COUNTRIES).toContain("GR");
    expect(BUYER_COUNTRIES).not.toContain("EU");
    expect(BUYER_COUNTRIES).not.toContain("UK");
    expect(new Set(BUYER_COUNTRIES).size).toBe(BUYER_COUNTRIES.length);
    expect(buyerCountryCode(" be ")).toBe("BE");
    expect(buyerCountryCode("France")).toBeNull();
  });

  it("checks the VAT number against the chosen country's format, naming the field", () => {
    expect(checkBuyerVatNumber("FR", "FR41303265045")).toEqual({
      normalized: null,
      error: "booking:errors.vat-number-check-digits",
    });
    expect(checkBuyerVatNumber("DE", "DE12345678").error).toBe("booking:errors.vat-number-format");
    expect(checkBuyerVatNumber("FR", "DE123456789").error).toBe("booking:errors.vat-number-country");
    expect(checkBuyerVatNumber("GR", "123456789")).toEqual({ normalized: "EL123456789", error: null });
    expect(checkBuyerVatNumber("CH", "CHE-123.456.789")).toEqual({ normalized: "CHE123456789", error: null });

    expect(body({ country: "FR", vat_number: "FR 41 303 265 045" }).invalid).toEqual({
      "billing.vat_number": "booking:errors.vat-number-check-digits",
    });
    expect(body({ country: "be", vat_number: "0403.019.261" }).billing).toMatchObject({
      country: "BE",
      vat_number: "BE0403019261",
    });
  });

  it("answers a client that sends the country as free text as before: the number unchecked, kept as typed", () => {
    const parsed = body({ country: "France", vat_number: "12345", company: "Durand SARL" });
    expect(parsed.invalid).toBeUndefined();
    expect(parsed.billing).toEqual({
      name: "",
      company: "Durand SARL",
      address: "12 rue de la République",
      postal_code: "69002",
      city: "Lyon",
      country: "France",
      vat_number: "12345",
    });
    expect(parsed).not.toHaveProperty("invoice_requested");
  });

  it("reads « Je souhaite une facture » (invoice_requested), a boolean", () => {
    expect(body({ country: "FR" }, { invoice_requested: true }).invoice_requested).toBe(true);
    expect(body({ country: "FR" }, { invoice_requested: "yes" }).invalid).toEqual({
      invoice_requested: "booking:errors.invoice-requested-invalid",
    });
  });
});
