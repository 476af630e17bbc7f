import { describe, expect, it } from "vitest";
import { OVERFLOW_TOKEN, searchTokenKeys, searchTokensOf } from "./search-tokens";
import { matchesWordStart } from "./word-start";

describe("the participants search's words (decision 0074)", () => {
  it("matches a typed word at the start of a word, separators included, and a separator-led word as typed", () => {
    const text = "jean-pierre dupont jp.dupont@exemple.test";
    for (const word of [
      "dup",
      "dupont",
      "jean",
      "pierre",
      "jean-pierre",
      "jp.dupont@",
      "exemple.test",
      "test",
      "@exem",
    ]) {
      expect(matchesWordStart(text, word), word).toBe(true);
    }
    for (const word of ["upon", "ierre", "xemple", "pont@", "dupont@exemple.test.fr", "@dup"]) {
      expect(matchesWordStart(text, word), word).toBe(false);
    }
  });

  it("writes a token per word start and per pair of different words", () => {
    expect(searchTokensOf("lina legrand lina.legrand@exemple.test").sort()).toEqual(
      [
        "lina",
        "legrand",
        "lina.legrand@exe",
        "legrand@exemple.",
        "exemple.test",
        "test",
        " lin legrand",
        " lin exemple",
        " lin test",
        " leg lina",
        " leg exemple",
        " leg test",
        " exe lina",
        " exe legrand",
        " exe test",
        " tes lina",
        " tes legrand",
        " tes exemple",
      ].sort(),
    );
    // A start needs three characters after it (to the end of its space-separated word); a pair, two words of three.
    // A long text has the overflow mark instead of its later pairs.
    expect(searchTokensOf("ma li ma.li@ex.test")).toEqual(["ma.li@ex.test", "li@ex.test", "ex.test", "test"]);
    const long = searchTokensOf(Array.from({ length: 21 }, (_, i) => `mot${i}`).join("."));
    expect(long).toContain(OVERFLOW_TOKEN);
    expect(long).toContain(" mot mot19");
    expect(long).not.toContain(" mot mot20");
  });

  it("reads a search by the pair of its two longest plain words, then each word longest first", () => {
    expect(searchTokenKeys(["lina", "legrand"])).toEqual([" lin legrand", "legrand", "lina"]);
    expect(searchTokenKeys(["legrand", "lina", "du"])).toEqual([" lin legrand", "legrand", "lina"]);
    // One word's start inside the other: both may be one word of a row, no pair.
    expect(searchTokenKeys(["lina", "linares"])).toEqual(["linares", "lina"]);
    // An address is read by its own start, without a pair; a separator-led word from its first plain character.
    expect(searchTokenKeys(["lina.legrand@exemple.test"])).toEqual(["lina.legrand@exe"]);
    expect(searchTokenKeys(["@exemple", "lina"])).toEqual([" lin exemple", "exemple", "lina"]);
    expect(searchTokenKeys(["ma", "li"])).toEqual([]);
  });
});
