import type { UserOrganization } from "./list-user-organizations";

/**
 * Spec §4: the stored choice (this browser's) is honoured only while it is still in the list; then the organization
 * the user last switched to, remembered on the server (`users.last_organization_id`, issue 24 §2: a sign-in opens it
 * rather than the first by title, which a look-alike name could take); otherwise the first (by title).
 */
export function selectCurrentOrganization<T extends Pick<UserOrganization, "id">>(
  organizations: readonly T[],
  storedId: number | null,
  lastUsedId: number | null = null,
): T | null {
  return (
    organizations.find((o) => o.id === storedId) ??
    organizations.find((o) => o.id === lastUsedId) ??
    organizations[0] ??
    null
  );
}
