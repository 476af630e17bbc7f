import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#db/database";
import { transactions } from "#db/schema";

/*
 * The transactions ledger's rows for payments (finance reads them). One row per money movement at the provider, keyed
 * by the provider's reference (payment intent for a charge, refund id for a refund): writing the same movement again
 * changes nothing, whoever writes it (the webhook, its replay, the organizer's refund).
 */

export type LedgerOrder = { id: number; organizationId: number; eventId: number; amount: number; fees: number };

/** The charge: what the buyer paid, the platform fee, and what is left for the organization. */
export function chargeRow(
  db: Database,
  order: LedgerOrder,
  input: { providerReference: string; occurredAt: number; description?: string },
): BatchItem<"sqlite"> {
  return db
    .insert(transactions)
    .values({
      organizationId: order.organizationId,
      eventId: order.eventId,
      orderId: order.id,
      type: "charge",
      amount: order.amount,
      fee: order.fees,
      net: order.amount - order.fees,
      providerReference: input.providerReference,
      description: input.description ?? "",
      occurredAt: new Date(input.occurredAt),
    })
    .onConflictDoNothing({ target: transactions.providerReference });
}

/**
 * A refund of `amount` cents (positive). `feeRefunded`: the part of the platform fee given back with it (all of it for
 * the organizer's full refund; none for a refund made elsewhere, e.g. Stripe's dashboard). Amounts are stored negative.
 */
export function refundRow(
  db: Database,
  order: LedgerOrder,
  input: { providerReference: string; amount: number; feeRefunded: number; occurredAt: number; description?: string },
): BatchItem<"sqlite"> {
  return db
    .insert(transactions)
    .values({
      organizationId: order.organizationId,
      eventId: order.eventId,
      orderId: order.id,
      type: "refund",
      amount: -input.amount,
      fee: -input.feeRefunded,
      net: -(input.amount - input.feeRefunded),
      providerReference: input.providerReference,
      description: input.description ?? "",
      occurredAt: new Date(input.occurredAt),
    })
    .onConflictDoNothing({ target: transactions.providerReference });
}
