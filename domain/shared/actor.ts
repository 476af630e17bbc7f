import type { ApiKeyScope, OrganizationRole } from "#db/schema";

/**
 * An organization's API key acting over `/api` (decision 0047): the policy grants it only what its scopes map to, in
 * its own organization, whatever `role` says.
 */
export type ApiKeyCredential = { id: number; scopes: readonly ApiKeyScope[] };

/**
 * Who is acting: the signed-in user, in the organization currently selected (if any); or an API key (`apiKey`), then
 * with the key's organization, the guest role "", `isAdmin` false and the key's creator as `userId` (for attribution).
 */
export type Actor = {
  userId: number;
  email: string;
  isAdmin: boolean;
  /** The selected organization; null when the user has none. */
  organizationId: number | null;
  /** The user's role in that organization ("" is the guest role). */
  role: OrganizationRole | null;
  /**
   * True when the user is not a member of the selected organization and acts in it only as a platform admin (askAdmin
   * in the web app, any organization named over the API). The policy then grants the "admin" role's rights whatever
   * `role` says, and nothing at all unless `isAdmin` is still true (docs/decisions/0010-ask-admin.md).
   */
  viaPlatformAdmin?: boolean;
  /** Set when an API key acts instead of a person. */
  apiKey?: ApiKeyCredential;
};
