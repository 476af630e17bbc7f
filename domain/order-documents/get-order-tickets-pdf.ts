import type { Database } from "#db/database";
import { constantTimeEqual } from "../shared/crypto";
import { notFound } from "../shared/app-error";
import type { PdfFontEnv } from "../pdf/font-faces";
import type { SigningEnv } from "../shared/signing-secret";
import { hasTickets, loadOrderDocuments } from "./load-order-documents";
import { orderTicketsFilename, renderOrderTicketsPdf } from "./order-tickets-pdf";

/**
 * The PDF tickets of an order for whoever holds its access token (the buyer's link): the same document as the email's
 * attachment. A wrong token, an unknown order or one without tickets (pending, cancelled, expired) is not found.
 */
export async function getOrderTicketsPdf(
  db: Database,
  env: SigningEnv & PdfFontEnv,
  input: { orderId: number; token: string },
): Promise<{ filename: string; bytes: Uint8Array }> {
  const documents = await loadOrderDocuments(db, { orderId: input.orderId });
  if (!documents || !input.token || !constantTimeEqual(input.token, documents.order.accessToken)) throw notFound();
  if (!hasTickets(documents)) throw notFound();
  return { filename: orderTicketsFilename(documents), bytes: await renderOrderTicketsPdf(env, documents) };
}
