import type { UserOrganization } from "./list-user-organizations";

/**
 * Spec §4: the stored choice is honoured only while it is still in the list; otherwise the first (by title).
 */
export function selectCurrentOrganization<T extends Pick<UserOrganization, "id">>(
  organizations: readonly T[],
  storedId: number | null,
): T | null {
  return organizations.find((o) => o.id === storedId) ?? organizations[0] ?? null;
}
