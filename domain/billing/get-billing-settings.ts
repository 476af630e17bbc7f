import { and, asc, eq, isNull } from "drizzle-orm";
import type { Database } from "#db/database";
import { organizationBilling, organizations, taxRates, type InvoiceMode } from "#db/schema";
import { canInOrganization } from "../policy";
import { assertCanViewBilling } from "./billing-access";
import type { Actor } from "../shared/actor";
import { notFound } from "../shared/app-error";

export type BillingDetails = {
  legalName: string;
  address: string;
  postalCode: string;
  city: string;
  country: string;
  vatNumber: string;
  companyNumber: string;
  invoicePrefix: string;
  legalMentions: string;
  vatRegistered: boolean;
  vatExemptionMention: string;
  invoiceMode: InvoiceMode;
};

export type TaxRate = { id: number; name: string; rate: number; isDefault: boolean };

export type BillingSettings = {
  /** Whether the details were ever saved; until then they are the defaults, the legal name being the title. */
  saved: boolean;
  details: BillingDetails;
  taxRates: TaxRate[];
  canManage: boolean;
};

/** The organization's billing settings: members who see its finances (finance:view); another organization 404. */
export async function getBillingSettings(db: Database, actor: Actor, organizationId: number): Promise<BillingSettings> {
  assertCanViewBilling(actor, organizationId);
  const [organizationRows, billingRows, rateRows] = await db.batch([
    db.select({ title: organizations.title }).from(organizations).where(eq(organizations.id, organizationId)).limit(1),
    db.select().from(organizationBilling).where(eq(organizationBilling.organizationId, organizationId)).limit(1),
    activeTaxRatesQuery(db, organizationId),
  ]);
  const organization = organizationRows[0];
  if (!organization) throw notFound();
  const row = billingRows[0];
  const details: BillingDetails = row
    ? {
        legalName: row.legalName,
        address: row.address,
        postalCode: row.postalCode,
        city: row.city,
        country: row.country,
        vatNumber: row.vatNumber,
        companyNumber: row.companyNumber,
        invoicePrefix: row.invoicePrefix,
        legalMentions: row.legalMentions,
        vatRegistered: row.vatRegistered,
        vatExemptionMention: row.vatExemptionMention,
        invoiceMode: row.invoiceMode,
      }
    : {
        legalName: organization.title,
        address: "",
        postalCode: "",
        city: "",
        country: "FR",
        vatNumber: "",
        companyNumber: "",
        invoicePrefix: "",
        legalMentions: "",
        vatRegistered: true,
        vatExemptionMention: "",
        invoiceMode: "on-request",
      };
  return {
    saved: row !== undefined,
    details,
    taxRates: rateRows,
    canManage: canInOrganization(actor, "finance:manage", organizationId),
  };
}

/** The organization's rates in use (not archived), in their order. */
export function activeTaxRatesQuery(db: Database, organizationId: number) {
  return db
    .select({ id: taxRates.id, name: taxRates.name, rate: taxRates.rate, isDefault: taxRates.isDefault })
    .from(taxRates)
    .where(and(eq(taxRates.organizationId, organizationId), isNull(taxRates.archivedAt)))
    .orderBy(asc(taxRates.sort), asc(taxRates.id));
}
