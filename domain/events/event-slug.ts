/**
 * Spec §5 slug of the public page `/events/{id}/{slug}`: accents removed, lower-case, only letters, digits, spaces
 * and hyphens kept, spaces become hyphens, repeated hyphens collapsed, empty becomes "-".
 * Letters of any script are kept (a title in Greek keeps a readable slug); hyphens at either end are dropped so that
 * "Concert !" gives "concert" rather than "concert-".
 */
export function eventSlug(title: string): string {
  const slug = title
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, "")
    .trim()
    .replace(/\s+/g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^-+|-+$/g, "");
  return slug === "" ? "-" : slug;
}
