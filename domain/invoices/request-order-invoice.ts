import type { Database } from "#db/database";
import { constantTimeEqual } from "../shared/crypto";
import { AppError, notFound } from "../shared/app-error";
import { findOrderInvoice, issueOrderInvoice, type InvoiceRow } from "./issue-order-invoice";
import { readInvoiceSources, type InvoiceSources } from "./read-invoice-sources";

/** How long after the payment a buyer can still ask for an invoice (decision 0065). */
export const INVOICE_REQUEST_DAYS = 90;
const DAY_MS = 86_400_000;

export type InvoiceRequestRefusal =
  "not-available" | "not-paid" | "nothing-to-invoice" | "partly-refunded" | "too-late";

/**
 * Why the buyer cannot ask for an invoice now, or null when they can (the order page shows the button on null). An
 * order with an invoice already is not refused: asking again answers it.
 */
export function invoiceRequestRefusal(
  sources: Pick<InvoiceSources, "order" | "billing">,
  now: number,
): InvoiceRequestRefusal | null {
  if (!sources.billing) return "not-available";
  const { order } = sources;
  if (order.status !== "paid" || order.paidAt === null) return "not-paid";
  if (order.amount <= 0) return "nothing-to-invoice";
  if (order.refundedAmount > 0) return "partly-refunded";
  if (now > order.paidAt.getTime() + INVOICE_REQUEST_DAYS * DAY_MS) return "too-late";
  return null;
}

/**
 * The buyer asks for an invoice from the order page (issue 29 §3, decision 0065), with the order's access token: it
 * is issued at once. An invoice issued already is answered as it is; the refusals have their own codes.
 */
export async function requestOrderInvoice(
  db: Database,
  input: { orderId: number; token: string; now?: number },
): Promise<{ invoice: InvoiceRow; issued: boolean }> {
  if (!Number.isSafeInteger(input.orderId) || input.orderId <= 0) throw notFound();
  const sources = await readInvoiceSources(db, input.orderId);
  if (!sources || !input.token || !constantTimeEqual(input.token, sources.order.accessToken)) throw notFound();
  const now = input.now ?? Date.now();
  const existing = await findOrderInvoice(db, input.orderId);
  if (existing) return { invoice: existing, issued: false };
  const refusal = invoiceRequestRefusal(sources, now);
  if (refusal) throw new AppError("conflict", `invoices:errors.${refusal}`);
  const result = await issueOrderInvoice(db, { orderId: input.orderId, now, sources });
  if (!result) throw new AppError("conflict", "invoices:errors.not-available");
  return result;
}
