import { and, desc, eq, gte, isNotNull, lte } from "drizzle-orm";
import type { Database } from "../../db/database";
import { organizations, transactions } from "../../db/schema";
import { ORGANIZATIONS } from "./seed-catalog";

const HOUR = 3_600_000;

/**
 * Two partial refunds on the demo organization's recent payments, as a refund made in Stripe's dashboard is recorded
 * (decision 0015: a ledger row, the order stays paid, the platform fee is kept), so the finance pages show every kind
 * of movement: payments, refunds and payouts. Does nothing when the organization already has a refund.
 */
export async function addDemoRefunds(db: Database, now = Date.now()): Promise<number> {
  const title = ORGANIZATIONS[0]?.title ?? "";
  const [organization] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.titleKey, title.toLowerCase()))
    .limit(1);
  if (!organization) return 0;
  const [existing] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.organizationId, organization.id), eq(transactions.type, "refund")))
    .limit(1);
  if (existing) return 0;
  const charges = await db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.organizationId, organization.id),
        eq(transactions.type, "charge"),
        isNotNull(transactions.orderId),
        isNotNull(transactions.eventId),
        gte(transactions.amount, 2000),
        lte(transactions.occurredAt, new Date(now - 12 * HOUR)),
      ),
    )
    .orderBy(desc(transactions.occurredAt))
    .limit(2);
  // The rows domain/payments/ledger.ts `refundRow` writes (it is not importable from Node scripts: "#db" aliases).
  const rows = charges.map((charge) => {
    const amount = Math.floor(charge.amount / 2);
    return {
      organizationId: organization.id,
      eventId: charge.eventId,
      orderId: charge.orderId,
      type: "refund" as const,
      amount: -amount,
      fee: 0,
      net: -amount,
      providerReference: `re_demo_seed_${charge.orderId}`,
      description: `Remboursement partiel — commande n° ${charge.orderId}`,
      occurredAt: new Date(charge.occurredAt.getTime() + 6 * HOUR),
    };
  });
  if (rows.length > 0) await db.insert(transactions).values(rows).onConflictDoNothing();
  return rows.length;
}
