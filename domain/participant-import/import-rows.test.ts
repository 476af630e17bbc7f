import { describe, expect, it } from "vitest";
import frMessages from "~/locales/fr/participant-import.json";
import enMessages from "~/locales/en/participant-import.json";
import {
  checkImportRows,
  hasHeader,
  IMPORT_CHUNK_BYTES,
  IMPORT_CHUNK_ROWS,
  importCells,
  importChunks,
  importRowErrorKeys,
  importRowMessagesFr,
  importTemplateCsv,
} from "./import-rows";

const tickets = new Set([12, 13]);
const messages = (records: string[][]) =>
  checkImportRows(records, tickets).errors.map((error) => `${error.line}: ${importRowMessagesFr[error.key]}`);

describe("participant import rows (spec §3, §5, §8)", () => {
  it("accepts valid rows and parses them", () => {
    const checked = checkImportRows(
      [
        [" Léa ", "Martin", "Lea@Exemple.fr", "12", "2"],
        ["", "", "", "", ""],
        ["Jo", "Durand", "jo@exemple.fr", "13", "1"],
      ],
      tickets,
    );
    expect(checked.errors).toEqual([]);
    expect(checked.rows).toEqual([
      { line: 2, firstName: "Léa", lastName: "Martin", email: "lea@exemple.fr", ticketId: 12, quantity: 2 },
      { line: 4, firstName: "Jo", lastName: "Durand", email: "jo@exemple.fr", ticketId: 13, quantity: 1 },
    ]);
  });

  it("reports every row error with its line and the exact French message", () => {
    expect(
      messages([
        ["Léa", "Martin", "lea@exemple.fr", "12"],
        ["", "Martin", "lea@exemple.fr", "12", "1"],
        ["Léa", "Martin", "pas-un-email", "12", "1"],
        ["Léa", "Martin", "lea@exemple.fr", "douze", "1"],
        ["Léa", "Martin", "lea@exemple.fr", "99", "1"],
        ["Léa", "Martin", "lea@exemple.fr", "12", "0"],
        ["Léa", "Martin", "lea@exemple.fr", "12", "1.5"],
        ["", "", "x", "-3", "-1"],
      ]),
    ).toEqual([
      "2: Ligne invalide : nombre de colonnes incorrect.",
      "3: Nom manquant : prénom et nom sont requis.",
      "4: Email invalide.",
      "5: Identifiant de ticket invalide.",
      "6: Ticket inconnu.",
      "7: Quantité invalide (doit être un entier positif).",
      "8: Quantité invalide (doit être un entier positif).",
      "9: Nom manquant : prénom et nom sont requis.",
      "9: Email invalide.",
      "9: Identifiant de ticket invalide.",
      "9: Quantité invalide (doit être un entier positif).",
    ]);
    expect(checkImportRows([["Léa", "Martin", "x", "12", "1"]], tickets).rows).toEqual([]);
  });

  it("keeps the locale files' messages verbatim", () => {
    for (const key of importRowErrorKeys) {
      const [group, name] = key.split(".") as [keyof typeof frMessages, string];
      expect((frMessages[group] as Record<string, string>)[name]).toBe(importRowMessagesFr[key]);
      expect((enMessages[group] as Record<string, string>)[name]).toBeTruthy();
    }
  });

  it("tells the template's header from data", () => {
    const [header, example] = importTemplateCsv(12)
      .trim()
      .split("\r\n")
      .map((line) => line.split(","));
    expect(hasHeader(header)).toBe(true);
    expect(hasHeader(example)).toBe(false);
    expect(checkImportRows([example!], tickets).errors).toEqual([]);
  });

  it("splits an import into requests under the row and byte limits, in order", () => {
    const row = (line: number, name = "Léa") => ({
      line,
      firstName: name,
      lastName: "Martin",
      email: "lea@exemple.fr",
      ticketId: 12,
      quantity: 1,
    });
    const many = Array.from({ length: 4_500 }, (_, i) => row(i + 2));
    expect(importChunks(many).map((chunk) => chunk.length)).toEqual([IMPORT_CHUNK_ROWS, IMPORT_CHUNK_ROWS, 500]);
    const long = Array.from({ length: 300 }, (_, i) => row(i + 2, "x".repeat(900)));
    const chunks = importChunks(long);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks)
      expect(JSON.stringify(chunk.map(importCells)).length).toBeLessThanOrEqual(IMPORT_CHUNK_BYTES + 2);
    expect(chunks.flat().map((r) => r.line)).toEqual(long.map((r) => r.line));
  });
});
