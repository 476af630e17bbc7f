import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { taxRates } from "#db/schema";
import { actorOf, insertMember, insertOrganization, insertUser } from "../../tests/support/fixtures";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { billingDetailsSchema, taxRatesSchema } from "./billing-input-schema";
import { getBillingSettings } from "./get-billing-settings";
import { saveTaxRates } from "./save-tax-rates";
import { formatBasisPoints } from "../shared/format";
import { TAX_RATE_PRESETS } from "./tax-rate-presets";
import { updateBillingDetails } from "./update-billing-details";
import { checkVatNumber, normalizeVatNumber } from "./vat-number";

describe("VAT numbers", () => {
  it("normalises what people type and adds the country prefix when it is missing", () => {
    expect(normalizeVatNumber("fr 40 303.265-045")).toBe("FR40303265045");
    expect(checkVatNumber("FR", "40 303 265 045")).toEqual({ normalized: "FR40303265045", issue: null });
    expect(checkVatNumber("FR", "FR44732829320")).toEqual({ normalized: "FR44732829320", issue: null });
    expect(checkVatNumber("GR", "123456789")).toEqual({ normalized: "EL123456789", issue: null });
    expect(checkVatNumber("NL", "nl123456789b01")).toEqual({ normalized: "NL123456789B01", issue: null });
    expect(checkVatNumber("DE", "DE 123 456 789")).toEqual({ normalized: "DE123456789", issue: null });
  });

  it("checks France's key and Belgium's check digits", () => {
    expect(checkVatNumber("FR", "FR41303265045").issue).toBe("check-digits");
    expect(checkVatNumber("BE", "BE0403019261").issue).toBeNull();
    expect(checkVatNumber("BE", "BE0403019262").issue).toBe("check-digits");
    expect(checkVatNumber("BE", "0123456749").issue).toBeNull();
  });

  it("refuses a number of the wrong shape or of another EU country", () => {
    expect(checkVatNumber("DE", "DE12345678").issue).toBe("format");
    expect(checkVatNumber("FR", "FR4030326504").issue).toBe("format");
    expect(checkVatNumber("AT", "AT12345678").issue).toBe("format");
    expect(checkVatNumber("AT", "ATU12345678").issue).toBeNull();
    expect(checkVatNumber("FR", "DE123456789").issue).toBe("country");
  });

  it("outside the EU takes letters and digits without checking a format", () => {
    expect(checkVatNumber("CH", "CHE-123.456.789 MWST")).toEqual({ normalized: "CHE123456789MWST", issue: null });
    expect(checkVatNumber("CH", "12")).toEqual({ normalized: "12", issue: "format" });
  });
});

describe("the seller's details form", () => {
  const valid = {
    legal_name: "Les Nuits Sonores SAS",
    address: "12 rue de la République",
    postal_code: "69002",
    city: "Lyon",
    country: "FR",
    vat_number: "fr40303265045",
    company_number: "303 265 045 RCS Lyon",
    invoice_prefix: "NS-",
    legal_mentions: "Pénalités de retard : trois fois le taux d'intérêt légal.",
    vat_registered: true,
    invoice_mode: "always",
  };
  const issuesOf = (input: Record<string, unknown>) =>
    (v.safeParse(billingDetailsSchema, input).issues ?? []).map((issue) => [
      issue.path?.map((item) => item.key).join("."),
      issue.message,
    ]);

  it("stores the VAT number normalised and drops the exemption mention of a VAT-registered seller", () => {
    const parsed = v.parse(billingDetailsSchema, { ...valid, vat_exemption_mention: "ignored" });
    expect(parsed.vatNumber).toBe("FR40303265045");
    expect(parsed.vatExemptionMention).toBe("");
    expect(parsed.invoiceMode).toBe("always");
  });

  it("names the field at fault, with the reason", () => {
    expect(issuesOf({ ...valid, vat_number: "FR41303265045" })).toEqual([
      ["vat_number", "billing:errors.vat-number-check-digits"],
    ]);
    expect(issuesOf({ ...valid, vat_number: "" })).toEqual([["vat_number", "billing:errors.vat-number-required"]]);
    expect(issuesOf({ ...valid, legal_name: "  " })).toEqual([["legal_name", "billing:errors.billing-field-required"]]);
    expect(issuesOf({ ...valid, country: "XX" })).toEqual([["country", "billing:errors.seller-country-invalid"]]);
    expect(issuesOf({ ...valid, invoice_prefix: "NS 2026" })).toEqual([
      ["invoice_prefix", "billing:errors.invoice-prefix-invalid"],
    ]);
  });

  it("a seller not registered for VAT needs no number but a mention", () => {
    expect(issuesOf({ ...valid, vat_registered: false, vat_number: "" })).toEqual([
      ["vat_exemption_mention", "billing:errors.exemption-mention-required"],
    ]);
    const parsed = v.parse(billingDetailsSchema, {
      ...valid,
      vat_registered: false,
      vat_number: "",
      vat_exemption_mention: "TVA non applicable, art. 293 B du CGI",
    });
    expect(parsed.vatExemptionMention).toBe("TVA non applicable, art. 293 B du CGI");
  });
});

describe("VAT rates", () => {
  it("France's presets, standard rate first, in basis points", () => {
    expect(TAX_RATE_PRESETS.FR).toEqual([2000, 1000, 550, 210]);
    expect(formatBasisPoints(550, "fr")).toBe("5,5\u00a0%");
    expect(formatBasisPoints(550, "en")).toBe("5.5%");
  });

  it("the list has exactly one default and distinct names", () => {
    const issues = (rates: unknown[]) =>
      (v.safeParse(taxRatesSchema, { rates }).issues ?? []).map((issue) => issue.message);
    expect(issues([])).toEqual([]);
    expect(issues([{ name: "TVA 20 %", rate: 2000 }])).toEqual(["billing:errors.tax-rate-default-required"]);
    expect(
      issues([
        { name: "TVA", rate: 2000, is_default: true },
        { name: "tva", rate: 550 },
      ]),
    ).toEqual(["billing:errors.tax-rate-name-taken"]);
    expect(issues([{ name: "TVA", rate: 5001, is_default: true }])).toEqual(["billing:errors.tax-rate-invalid"]);
  });
});

describe("billing settings of an organization (libSQL)", () => {
  let t: LibsqlTestDatabase;
  let owner: ReturnType<typeof actorOf>;
  let manager: ReturnType<typeof actorOf>;
  let organizationId: number;
  let otherOrganizationId: number;

  beforeAll(async () => {
    t = await createLibsqlTestDatabase();
    const organization = await insertOrganization(t.db, { title: "Nuits Sonores" });
    const other = await insertOrganization(t.db, { title: "Autre" });
    organizationId = organization.id;
    otherOrganizationId = other.id;
    const user = await insertUser(t.db);
    const managerUser = await insertUser(t.db);
    await insertMember(t.db, organization.id, user.id, "owner");
    await insertMember(t.db, organization.id, managerUser.id, "event_manager");
    owner = actorOf(user, organization.id, "owner");
    manager = actorOf(managerUser, organization.id, "event_manager");
  });
  afterAll(() => t?.close());

  it("starts from the title as legal name, France, VAT-registered, invoices on request", async () => {
    const settings = await getBillingSettings(t.db, owner, organizationId);
    expect(settings.saved).toBe(false);
    expect(settings.details).toMatchObject({ legalName: "Nuits Sonores", country: "FR", vatRegistered: true });
    expect(settings.details.invoiceMode).toBe("on-request");
    expect(settings.taxRates).toEqual([]);
    expect(settings.canManage).toBe(true);
  });

  it("saves the details, then saves them again over the first", async () => {
    const details = v.parse(billingDetailsSchema, {
      legal_name: "Nuits Sonores SAS",
      address: "1 quai",
      city: "Lyon",
      country: "FR",
      vat_number: "FR40303265045",
    });
    await updateBillingDetails(t.db, owner, { organizationId, details });
    await updateBillingDetails(t.db, owner, { organizationId, details: { ...details, city: "Villeurbanne" } });
    const settings = await getBillingSettings(t.db, owner, organizationId);
    expect(settings.saved).toBe(true);
    expect(settings.details).toMatchObject({ legalName: "Nuits Sonores SAS", city: "Villeurbanne" });
  });

  it("replaces the rates: renames, moves the default, archives what was left out", async () => {
    const first = await saveTaxRates(t.db, owner, {
      organizationId,
      rates: v.parse(taxRatesSchema, {
        rates: [
          { name: "Normal", rate: 2000, is_default: true },
          { name: "Billetterie", rate: 550 },
          { name: "Réduit", rate: 1000 },
        ],
      }),
    });
    expect(first.map((rate) => [rate.name, rate.rate, rate.isDefault])).toEqual([
      ["Normal", 2000, true],
      ["Billetterie", 550, false],
      ["Réduit", 1000, false],
    ]);
    const [normal, ticketing, reduced] = first;
    const second = await saveTaxRates(t.db, owner, {
      organizationId,
      rates: v.parse(taxRatesSchema, {
        rates: [
          { id: ticketing!.id, name: "Spectacles", rate: 550, is_default: true },
          { id: normal!.id, name: "Normal", rate: 2000 },
        ],
      }),
    });
    expect(second.map((rate) => [rate.id, rate.name, rate.isDefault])).toEqual([
      [ticketing!.id, "Spectacles", true],
      [normal!.id, "Normal", false],
    ]);
    const [archived] = await t.db.select().from(taxRates).where(eq(taxRates.id, reduced!.id));
    expect(archived?.archivedAt).toBeInstanceOf(Date);
  });

  it("refuses another organization's rate id, event managers and other organizations", async () => {
    const [foreign] = await t.db
      .insert(taxRates)
      .values({ organizationId: otherOrganizationId, name: "X", rate: 100, isDefault: true })
      .returning();
    await expect(
      saveTaxRates(t.db, owner, {
        organizationId,
        rates: [{ id: foreign!.id, name: "X", rate: 100, isDefault: true }],
      }),
    ).rejects.toMatchObject({ messageKey: "billing:errors.tax-rate-unknown" });
    await expect(getBillingSettings(t.db, manager, organizationId)).rejects.toMatchObject({ code: "not_found" });
    await expect(getBillingSettings(t.db, owner, otherOrganizationId)).rejects.toMatchObject({ code: "not_found" });
  });
});
