import { and, desc, eq, gt, isNotNull } from "drizzle-orm";
import type { Database } from "../../db/database";
import { invoices, orders, organizations } from "../../db/schema";
import { issueOrderInvoice } from "../../domain/invoices/issue-order-invoice";
import { ORGANIZATIONS } from "./seed-catalog";

/** Buyers' companies, as the checkout's billing section stores them (an ISO country, a VAT number in standard form). */
const COMPANIES = [
  {
    company: "Atelier Mécanique Lumière SARL",
    address: "4 rue Mercière",
    postal_code: "69002",
    city: "Lyon",
    country: "FR",
    vat_number: "FR72512345678",
  },
  {
    company: "Studio Croix-Rousse",
    address: "18 boulevard de la Croix-Rousse",
    postal_code: "69004",
    city: "Lyon",
    country: "FR",
    vat_number: "",
  },
  {
    company: "Brauhaus Events GmbH",
    address: "Kaiserstraße 7",
    postal_code: "60311",
    city: "Frankfurt am Main",
    country: "DE",
    vat_number: "DE123456789",
  },
];

/**
 * Invoices for the demo organization's most recent paid orders, as buyers who ticked « Je souhaite une facture » get
 * them (issue 29): the order carries a company's billing details and its invoice is issued at its payment time by
 * the domain's own issuing batch, so « Factures » under Finances and the order pages have documents to show. Does
 * nothing when the organization already has an invoice.
 */
export async function addDemoInvoices(db: Database, count = 12): Promise<number> {
  const title = ORGANIZATIONS[0]?.title ?? "";
  const [organization] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.titleKey, title.toLowerCase()))
    .limit(1);
  if (!organization) return 0;
  const [existing] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.organizationId, organization.id))
    .limit(1);
  if (existing) return 0;
  const recent = await db
    .select({ id: orders.id, paidAt: orders.paidAt })
    .from(orders)
    .where(
      and(
        eq(orders.organizationId, organization.id),
        eq(orders.status, "paid"),
        gt(orders.amount, 0),
        eq(orders.refundedAmount, 0),
        isNotNull(orders.paidAt),
      ),
    )
    .orderBy(desc(orders.paidAt))
    .limit(count);
  // Numbers follow the payments.
  const chosen = [...recent].sort((a, b) => a.paidAt!.getTime() - b.paidAt!.getTime());
  let issued = 0;
  for (const [index, order] of chosen.entries()) {
    const billing = COMPANIES[index % COMPANIES.length]!;
    await db
      .update(orders)
      .set({ billing: JSON.stringify({ name: "", ...billing }), invoiceRequested: true })
      .where(eq(orders.id, order.id));
    const result = await issueOrderInvoice(db, { orderId: order.id, now: order.paidAt!.getTime() });
    if (result?.issued) issued += 1;
  }
  return issued;
}
