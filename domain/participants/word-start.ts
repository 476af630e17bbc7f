/*
 * The participants search's rule without SQL (decision 0074): a typed word matches where a word of the text starts
 * with it, words being separated by spaces and by the separators of an address or a compound name. search-tokens.ts
 * writes the same rule in SQL and reads it from the token table; the scanner applies it offline to the list it keeps.
 */

/** Separators between words besides spaces: an address's dots and @, hyphens, underscores, plus, apostrophes. */
export const SEARCH_SEPARATORS = [".", "@", "-", "_", "+", "'", "’"] as const;

const separatorChars = SEARCH_SEPARATORS.join("");

export function isSeparator(char: string | undefined): boolean {
  return char !== undefined && separatorChars.includes(char);
}

/** Lower-case and accent-free words, as participants.search_text is stored; five at most. */
export function searchWords(search: string): string[] {
  return search
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 5);
}

/** Whether a stored search text matches a typed word (lower case, accent-free): the rule the SQL of wordStartSql checks. */
export function matchesWordStart(searchText: string, word: string): boolean {
  if (isSeparator([...word][0])) return searchText.includes(word);
  const text = [...(" " + searchText)];
  const typed = [...word];
  return text.some(
    (_, i) => i > 0 && (text[i - 1] === " " || isSeparator(text[i - 1])) && typed.every((c, k) => text[i + k] === c),
  );
}
