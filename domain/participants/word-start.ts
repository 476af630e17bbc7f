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

/** Lower case and without accents, as participants.search_text is stored and searched. */
function folded(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}

/** A participant's participants.search_text: their name and email, folded. */
export function searchTextOf(person: { firstName: string; lastName: string; email: string }): string {
  return folded(`${person.firstName} ${person.lastName} ${person.email}`);
}

/** The typed search's words, folded as participants.search_text is; five at most. */
export function searchWords(search: string): string[] {
  return folded(search).split(/\s+/).filter(Boolean).slice(0, 5);
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
