import { describe, expect, it } from "vitest";
import { CSV_BOM, csvCell, csvDocument, csvRow, csvStream, csvEuros } from "#domain/shared/csv";

describe("csvCell", () => {
  it("leaves plain values alone", () => {
    expect(csvCell("Dupont")).toBe("Dupont");
    expect(csvCell(12)).toBe("12");
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
  });

  it("quotes per RFC 4180", () => {
    expect(csvCell('Le "Grand" Soir')).toBe('"Le ""Grand"" Soir"');
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell("ligne\nsuivante")).toBe('"ligne\nsuivante"');
  });

  it("neutralises formulas", () => {
    expect(csvCell("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvCell("+33 6")).toBe("'+33 6");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tx")).toBe("'\tx");
    expect(csvCell("\rx")).toBe(`"'\rx"`);
    expect(csvCell("\0x")).toBe("'\0x");
    expect(csvCell('=1,"2"')).toBe(`"'=1,""2"""`);
  });
});

describe("documents", () => {
  it("starts with the BOM and ends rows with CRLF", () => {
    expect(csvRow(["a", 1])).toBe("a,1\r\n");
    expect(csvDocument(["Nom", "Prénom"], [["é", "à"]])).toBe(`${CSV_BOM}Nom,Prénom\r\né,à\r\n`);
  });

  it("streams page after page", async () => {
    const stream = csvStream<number>(["n"], async (cursor) => {
      const from = cursor ?? 0;
      return { rows: [[from], [from + 1]], next: from + 2 >= 6 ? null : from + 2 };
    });
    // Response.text() would drop the BOM: decode the bytes as they are.
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());
    expect(text).toBe(`${CSV_BOM}n\r\n0\r\n1\r\n2\r\n3\r\n4\r\n5\r\n`);
    const bytes = new Uint8Array(
      await new Response(csvStream(["é"], async () => ({ rows: [], next: null }))).arrayBuffer(),
    );
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });
});

describe("csvEuros: the one money format of the exports", () => {
  it("writes cents as euros with two decimals, negatives unquoted and never neutralised", () => {
    expect(csvRow([csvEuros(1250), csvEuros(-1250), csvEuros(0), csvEuros(100_000_07)])).toBe(
      "12.50,-12.50,0.00,100000.07\r\n",
    );
  });
});
