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
};
