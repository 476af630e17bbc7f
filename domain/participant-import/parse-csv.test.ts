import { describe, expect, it } from "vitest";
import { parseCsv } from "./parse-csv";

describe("parseCsv", () => {
  it("reads quoted fields, doubled quotes, CRLF and a BOM", () => {
    expect(parseCsv('\uFEFFprenom,nom\r\n"Léa, dite ""Lili""",Martin\r\nJo,"Du\nrand"\r\n')).toEqual([
      ["prenom", "nom"],
      ['Léa, dite "Lili"', "Martin"],
      ["Jo", "Du\nrand"],
    ]);
  });

  it("takes ; when the first line uses it (French spreadsheets)", () => {
    expect(parseCsv("prenom;nom;email\nLéa;Martin;a,b@exemple.fr")).toEqual([
      ["prenom", "nom", "email"],
      ["Léa", "Martin", "a,b@exemple.fr"],
    ]);
  });

  it("keeps empty fields and blank lines, and refuses an unclosed quote", () => {
    expect(parseCsv("a,,c\n\nd")).toEqual([["a", "", "c"], [""], ["d"]]);
    expect(parseCsv('a,"b')).toBeNull();
  });
});
