import type { OrganizationRole } from "#db/schema";

/** What the signed-in layout loader hands to the shell. */
export type ShellData = {
  user: { id: number; email: string; firstName: string; lastName: string };
  /** viaAdmin: listed only because askAdmin is on (the admin is not a member). */
  organizations: { id: number; title: string; role: OrganizationRole; viaAdmin?: boolean }[];
  currentOrganization: { id: number; title: string; role: OrganizationRole } | null;
  canSeeOrganizationArea: boolean;
  /** The policy's admin:access: the account menu links to /admin. */
  canAccessAdmin: boolean;
  /** askAdmin is on: the switcher lists every organization (docs/decisions/0010-ask-admin.md). */
  askAdmin?: boolean;
};
