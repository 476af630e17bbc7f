import type { OrganizationRole } from "#db/schema";

/** What the signed-in layout loader hands to the shell. */
export type ShellData = {
  user: { id: number; email: string; firstName: string; lastName: string; isAdmin: boolean };
  organizations: { id: number; title: string; role: OrganizationRole }[];
  currentOrganization: { id: number; title: string; role: OrganizationRole } | null;
  canSeeOrganizationArea: boolean;
};
