import { isValidEmail } from "../shared/email";

/*
 * The participant import's file rules (spec §3 columns, §5 rules, §8 messages). Pure and browser-safe: the page
 * checks the file before sending it, and the server checks the same rows again before writing anything.
 */

/** Spec §9 leaves {maxFileSize} open: 2 MB holds well over 10,000 rows of five columns. */
export const IMPORT_MAX_FILE_SIZE_MB = 2;
export const IMPORT_MAX_FILE_SIZE_BYTES = IMPORT_MAX_FILE_SIZE_MB * 1024 * 1024;
/** Rows per import (each row is one manual order). */
export const IMPORT_MAX_ROWS = 10_000;
/**
 * The page sends the file in chunks (the progress bar), each at most IMPORT_CHUNK_ROWS rows and IMPORT_CHUNK_BYTES of
 * JSON, under the Worker's 256 kB body limit (workers/middleware/body-limit.ts); the server takes at most twice the
 * rows per request.
 */
export const IMPORT_CHUNK_ROWS = 2_000;
export const IMPORT_CHUNK_BYTES = 200_000;

/** Splits checked rows into the import's requests: each under both chunk limits (by the JSON length of its cells). */
export function importChunks<T extends ImportRow>(rows: readonly T[]): T[][] {
  const chunks: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const row of rows) {
    const size = new TextEncoder().encode(JSON.stringify(importCells(row))).length + 1;
    if (current.length > 0 && (current.length >= IMPORT_CHUNK_ROWS || bytes + size > IMPORT_CHUNK_BYTES)) {
      chunks.push(current);
      current = [];
      bytes = 0;
    }
    current.push(row);
    bytes += size;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/** A checked row as the cells the import call takes (cleaned, in the columns' order). */
export function importCells(row: ImportRow): string[] {
  return [row.firstName, row.lastName, row.email, String(row.ticketId), String(row.quantity)];
}

/** Places one row may ask for. */
const IMPORT_MAX_QUANTITY = 1_000;

/** Spec §3: first name, last name, email, ticket id, quantity. */
const IMPORT_COLUMNS = ["first_name", "last_name", "email", "ticket_id", "quantity"] as const;
/** The downloadable template: header and one example row. */
export function importTemplateCsv(exampleTicketId: number | null): string {
  return `prenom,nom,email,ticket_id,quantite\r\nCamille,Martin,camille.martin@exemple.fr,${exampleTicketId ?? 1},1\r\n`;
}

export const importRowErrorKeys = [
  "row.columns",
  "row.name",
  "row.email",
  "row.ticket-id",
  "row.ticket-unknown",
  "row.quantity",
] as const;
export type ImportRowErrorKey = (typeof importRowErrorKeys)[number];

/** The French messages of spec §8, verbatim (the page shows them through the participant-import namespace). */
export const importRowMessagesFr: Record<ImportRowErrorKey, string> = {
  "row.columns": "Ligne invalide : nombre de colonnes incorrect.",
  "row.name": "Nom manquant : prénom et nom sont requis.",
  "row.email": "Email invalide.",
  "row.ticket-id": "Identifiant de ticket invalide.",
  "row.ticket-unknown": "Ticket inconnu.",
  "row.quantity": "Quantité invalide (doit être un entier positif).",
};

/** One error of one row; `line` is the row's line in the file (the header is line 1). */
export type ImportRowError = { line: number; key: ImportRowErrorKey };

export type ImportRow = {
  line: number;
  firstName: string;
  lastName: string;
  email: string;
  ticketId: number;
  quantity: number;
};

export type CheckedImport = { rows: ImportRow[]; errors: ImportRowError[] };

const blank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === "");

/** True when the first row is the template's header rather than data (its ticket id is not a number). */
export function hasHeader(cells: readonly string[] | undefined): boolean {
  return !!cells && cells.length >= 4 && !/^\s*\d+\s*$/.test(cells[3] ?? "");
}

/**
 * Checks the rows of a file (header already removed; `firstLine` is the file line of `records[0]`). Blank lines are
 * skipped. Every error of every row is reported; the rows are returned parsed only when there is none.
 */
export function checkImportRows(
  records: readonly (readonly string[])[],
  ticketIds: ReadonlySet<number>,
  firstLine = 2,
): CheckedImport {
  const rows: ImportRow[] = [];
  const errors: ImportRowError[] = [];
  records.forEach((cells, index) => {
    const line = firstLine + index;
    if (blank(cells)) return;
    if (cells.length !== IMPORT_COLUMNS.length) {
      errors.push({ line, key: "row.columns" });
      return;
    }
    const [firstName, lastName, email, ticketText, quantityText] = cells.map((cell) => cell.trim()) as [
      string,
      string,
      string,
      string,
      string,
    ];
    const before = errors.length;
    if (!firstName || !lastName) errors.push({ line, key: "row.name" });
    if (!isValidEmail(email)) errors.push({ line, key: "row.email" });
    const ticketId = /^[1-9]\d{0,15}$/.test(ticketText) ? Number(ticketText) : null;
    if (ticketId === null) errors.push({ line, key: "row.ticket-id" });
    else if (!ticketIds.has(ticketId)) errors.push({ line, key: "row.ticket-unknown" });
    const quantity = /^[1-9]\d{0,5}$/.test(quantityText) ? Number(quantityText) : null;
    if (quantity === null || quantity > IMPORT_MAX_QUANTITY) errors.push({ line, key: "row.quantity" });
    if (errors.length === before)
      rows.push({ line, firstName, lastName, email: email.toLowerCase(), ticketId: ticketId!, quantity: quantity! });
  });
  return errors.length > 0 ? { rows: [], errors } : { rows, errors };
}
