import type { OrganizationRole } from "#db/schema";

/** Who is acting: the signed-in user, in the organization currently selected (if any). */
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
};
