/**
 * Spec §5 slug of the public page `/events/{id}/{slug}`, followed literally: accents removed, lower-case, only letters,
 * digits, spaces and hyphens kept, spaces become hyphens, repeated hyphens collapsed, empty becomes "-".
 * Nothing else is done: hyphens at either end stay ("Concert !" gives "concert-"), and letters of any script are kept
 * (a title in Greek keeps a readable slug). Any whitespace counts as a space.
 */
export function eventSlug(title: string): string {
  const slug = title
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, "")
    .replace(/\s/g, "-")
    .replace(/-{2,}/g, "-");
  return slug === "" ? "-" : slug;
}
