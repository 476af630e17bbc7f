import { and, asc, eq, gte, lt } from "drizzle-orm";
import { zipSync } from "fflate";
import type { Database } from "#db/database";
import { invoices } from "#db/schema";
import { nextDayKey, PLATFORM_TIME_ZONE, zonedStartOfDay } from "../events/event-time-zone";
import { canInOrganization } from "../policy";
import type { Actor } from "../shared/actor";
import { AppError, notFound } from "../shared/app-error";
import type { PdfFontEnv } from "../pdf/font-faces";
import { renderInvoicePdf } from "./invoice-pdf";
import { loadInvoiceDocument } from "./load-invoice-document";

/**
 * At most this many documents in one archive: every PDF is rendered in the request (a few milliseconds of CPU
 * each), so a longer period is refused with its own code and the accountant picks a shorter one.
 */
export const INVOICE_ZIP_MAX_DOCUMENTS = 250;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The PDFs of the invoices and credit notes issued in a period (issue 29 §5), one file per document named by its
 * number, for the accountant: owners and admins (finance:view), another organization 404. `from` and `to` are days
 * (YYYY-MM-DD, both included) in the platform's zone, or both empty for every document.
 */
export async function exportInvoicesZip(
  db: Database,
  env: PdfFontEnv,
  actor: Actor,
  input: { organizationId: number; from: string; to: string },
): Promise<{ filename: string; bytes: Uint8Array; count: number }> {
  if (!canInOrganization(actor, "finance:view", input.organizationId)) throw notFound();
  // No period (the accounting page's « all »): every document, under the same cap.
  const everything = input.from === "" && input.to === "";
  if (!everything && (!DAY.test(input.from) || !DAY.test(input.to) || input.from > input.to))
    throw new AppError("validation", "finance:errors.custom-range");
  const period = everything
    ? []
    : [
        gte(invoices.issuedAt, zonedStartOfDay(input.from, PLATFORM_TIME_ZONE)),
        lt(invoices.issuedAt, zonedStartOfDay(nextDayKey(input.to), PLATFORM_TIME_ZONE)),
      ];
  const rows = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.organizationId, input.organizationId), ...period))
    .orderBy(asc(invoices.issuedAt), asc(invoices.id))
    .limit(INVOICE_ZIP_MAX_DOCUMENTS + 1);
  if (rows.length > INVOICE_ZIP_MAX_DOCUMENTS) throw new AppError("conflict", "invoices:errors.too-many-documents");
  const files: Record<string, Uint8Array> = {};
  for (const row of rows) {
    const name = `${row.number.replace(/[^\w.-]+/g, "-")}.pdf`;
    // PDFs are compressed already: stored as they are.
    files[name] = await renderInvoicePdf(await loadInvoiceDocument(db, row), env);
  }
  const bytes = zipSync(
    Object.fromEntries(Object.entries(files).map(([name, data]) => [name, [data, { level: 0 }] as const])),
  );
  const filename = everything ? "factures.zip" : `factures-${input.from}-${input.to}.zip`;
  return { filename, bytes, count: rows.length };
}
