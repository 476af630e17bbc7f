/**
 * The accounting views' filter values and sorts (issue 29 §5), without any database import: the invoices page's
 * table config (client code) reads them too. `kind` is the document's type: an invoice or a credit note.
 */
export const invoiceDocumentKinds = ["invoice", "credit-note"] as const;
export type InvoiceDocumentKind = (typeof invoiceDocumentKinds)[number];

export const invoiceSortIds = ["issued_at", "number", "gross"] as const;
export type InvoiceSortId = (typeof invoiceSortIds)[number];
