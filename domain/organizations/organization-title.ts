/** Spec §5/§9: an organization name has at most 64 characters. */
export const ORGANIZATION_TITLE_MAX_LENGTH = 64;

/** The name as stored: Unicode-normalized, trimmed, inner whitespace collapsed. */
export function normalizeOrganizationTitle(title: string): string {
  return title.normalize("NFC").trim().replace(/\s+/g, " ");
}

/** organizations.title_key: names are unique regardless of case (and of spacing), enforced by a unique index. */
export function organizationTitleKey(title: string): string {
  return normalizeOrganizationTitle(title).toLowerCase();
}

/** Length in characters as people count them (code points), not UTF-16 units: "é" or an emoji is one. */
export function characterCount(value: string): number {
  return [...value].length;
}

/**
 * The name without case, accents or spacing (issue 24 §2): "Les Nuits Sonores" and "les nuits  sonorés" share it.
 * Migration 0017 filled it for the names that existed then with the same rule written in SQL (Latin accents).
 */
export function organizationLookalikeKey(title: string): string {
  return normalizeOrganizationTitle(title).normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s/gu, "");
}
