import { eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { organizations, type OrganizationRole } from "#db/schema";
import { assertCanInOrganization, canInOrganization } from "../policy";
import type { Actor } from "../shared/actor";
import { notFound } from "../shared/app-error";
import { paymentAccountStatus, type PaymentAccountStatus } from "./payment-account-status";

export type OrganizationDetails = {
  id: number;
  title: string;
  smallDescription: string;
  description: string;
  mainPicture: string;
  coverPicture: string;
  contactEmail: string;
  pageUrl: string;
  isPrivate: boolean;
  addressLabel: string;
  addressLatitude: number;
  addressLongitude: number;
  role: OrganizationRole;
  /** Only for roles that may see finances; null otherwise. */
  paymentAccount: PaymentAccountStatus | null;
  createdAt: Date;
};

/** The organization profile (spec §3 Organization). Another organization answers 404, a role without the right 403. */
export async function getOrganization(
  db: Database,
  actor: Actor,
  organizationId: number,
): Promise<OrganizationDetails> {
  assertCanInOrganization(actor, "organization:view", organizationId);
  const [row] = await db.select().from(organizations).where(eq(organizations.id, actor.organizationId)).limit(1);
  if (!row) throw notFound();
  return {
    id: row.id,
    title: row.title,
    smallDescription: row.smallDescription,
    description: row.description,
    mainPicture: row.mainPicture,
    coverPicture: row.coverPicture,
    contactEmail: row.contactEmail,
    pageUrl: row.pageUrl,
    isPrivate: row.isPrivate,
    addressLabel: row.addressLabel,
    addressLatitude: row.addressLatitude / 1_000_000,
    addressLongitude: row.addressLongitude / 1_000_000,
    role: actor.role,
    paymentAccount: canInOrganization(actor, "finance:view") ? paymentAccountStatus(row) : null,
    createdAt: row.createdAt,
  };
}
