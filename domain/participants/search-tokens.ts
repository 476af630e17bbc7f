import { sql, type Placeholder, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { isSeparator, SEARCH_SEPARATORS } from "./word-start";

/*
 * The participants search's words and tokens (decision 0074, migration 0038). A typed word matches where a word of the
 * text starts with it (words are separated by spaces and by the separators of an address or a compound name): « dup »
 * finds Dupont and « legrand » lina.legrand@exemple.test, « upon » finds nothing. A word typed with a separator first
 * (« @exemple ») matches wherever it is found, as typed.
 *
 * The token table holds, for each word start, the text from there to the end of its space-separated word (cut to 16),
 * and for each pair of different separated words among the text's first 20, the first's three first characters and
 * the second: a name of two words reads only the rows that hold both, at any size.
 */

/** Tokens are cut to this many characters (code points, as SQLite's substr): a longer word is read by its first 16. */
const SEARCH_TOKEN_LENGTH = 16;
/** Words shorter than this have no tokens: a search made only of them reads the event's rows. */
const SEARCH_TOKEN_MIN = 3;
/** A pair token starts with this many characters of its first word (a typed word has at least SEARCH_TOKEN_MIN). */
const PAIR_HEAD_LENGTH = 3;
/** Pairs are made of the text's first this many words; a text with more carries OVERFLOW_TOKEN instead. */
const PAIR_WORDS = 20;
/** The token of a text with more than PAIR_WORDS words: every pair read reads these rows too (they are rare). */
export const OVERFLOW_TOKEN = " *";

const separatorPattern = new RegExp(`[${SEARCH_SEPARATORS.map((c) => `\\${c}`).join("")}]`, "g");

/** The text with its separators as spaces, as migration 0038 writes it with replace(). */
function spaced(text: string): string {
  return text.replace(separatorPattern, " ");
}

function head(word: string, length: number): string {
  return [...word].slice(0, length).join("");
}

function isTokenWord(word: string): boolean {
  return [...word].length >= SEARCH_TOKEN_MIN;
}

/** A typed word without the separators it starts with: what a word start of the text must begin with. */
function stripLeadingSeparators(word: string): string {
  const chars = [...word];
  let i = 0;
  while (isSeparator(chars[i])) i++;
  return chars.slice(i).join("");
}

/** What the triggers of migration 0038 write for a stored search text: start tokens, pair tokens, the overflow mark. */
export function searchTokensOf(searchText: string): string[] {
  const text = searchText.toLowerCase();
  const tokens = new Set<string>();
  for (const word of text.split(" ")) {
    const chars = [...word];
    for (let i = 0; i + SEARCH_TOKEN_MIN <= chars.length; i++) {
      if ((i === 0 || isSeparator(chars[i - 1])) && !isSeparator(chars[i])) {
        tokens.add(chars.slice(i, i + SEARCH_TOKEN_LENGTH).join(""));
      }
    }
  }
  const parts = spaced(text).split(" ");
  const paired = parts.slice(0, PAIR_WORDS);
  for (const [i, first] of paired.entries()) {
    for (const [j, second] of paired.entries()) {
      if (i === j || first === second || !isTokenWord(first) || !isTokenWord(second)) continue;
      tokens.add(pairToken(first, second));
    }
  }
  if (parts.length > PAIR_WORDS) tokens.add(OVERFLOW_TOKEN);
  return [...tokens];
}

/** A GLOB pattern's special characters as literal classes. */
function escapeGlob(value: string): string {
  return value.replace(/[*?[]/g, (c) => `[${c}]`);
}

/** A GLOB class of what comes before a word start: a space or a separator (its "-" last, to be literal). */
const wordStartClass = `[ ${SEARCH_SEPARATORS.filter((c) => c !== "-").join("")}-]`;

/**
 * How wordStartSql matches a typed word: a GLOB pattern over the stored text, found anywhere (a word typed with a
 * separator first) or after a space or a separator. The pattern is the statement's value; `anywhere` changes its text.
 */
export type WordStartMatch = { pattern: string | Placeholder; anywhere: boolean };

export function wordStartMatchOf(word: string): WordStartMatch & { pattern: string } {
  if (isSeparator([...word][0])) return { pattern: `*${escapeGlob(word)}*`, anywhere: true };
  return { pattern: `*${wordStartClass}${escapeGlob(word)}*`, anywhere: false };
}

/** A word's match in SQL (wordStartMatchOf). */
export function wordStartMatchSql(searchText: AnySQLiteColumn, { pattern, anywhere }: WordStartMatch): SQL {
  return anywhere ? sql`${searchText} glob ${pattern}` : sql`(' ' || ${searchText}) glob ${pattern}`;
}

/** matchesWordStart in SQL, over the stored search text (its (event, organization, search_text) index). */
export function wordStartSql(searchText: AnySQLiteColumn, word: string): SQL {
  return wordStartMatchSql(searchText, wordStartMatchOf(word));
}

function pairToken(first: string, second: string): string {
  return ` ${head(first, PAIR_HEAD_LENGTH)} ${head(second, SEARCH_TOKEN_LENGTH)}`;
}

export function isPairKey(key: string): boolean {
  return key.startsWith(" ");
}

/**
 * The keys a search is read by, as prefixes of the tokens: first the pair of its two longest words without separators
 * when they can meet in one token (the rarest, most often), then each word from its first character that is not a
 * separator, of 3+ characters, cut to 16, longest first (the longest is most often the rarest single key: the page is
 * read from the first key without asking the database first).
 */
export function searchTokenKeys(words: string[]): string[] {
  const starts = words.map(stripLeadingSeparators).filter(isTokenWord);
  const singles = [...new Set(starts.map((word) => head(word, SEARCH_TOKEN_LENGTH)))].sort(
    (a, b) => [...b].length - [...a].length,
  );
  const simple = singles.filter((key) => ![...key].some(isSeparator));
  const [longest, other] = simple;
  // A pair needs two words that are not the same word's start: « lina linares » may both be one word of a row.
  const pair = longest && other && !longest.startsWith(other) ? [pairToken(other, longest)] : [];
  return [...pair, ...singles];
}
