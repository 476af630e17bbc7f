import { and, eq, not } from "drizzle-orm";
import type { Database } from "#db/database";
import { contactEntries } from "#db/schema";
import { assertCanInOrganization } from "../policy";
import type { Actor } from "../shared/actor";
import { notFound } from "../shared/app-error";
import { toContactEntry, type ContactEntry } from "./list-contact-entries";

/**
 * Spec §7 PUT /organizer/{organizer}/contact-form/{id}/read: sets the read flag to `isRead`, or flips it when no value
 * is given (one UPDATE either way). An entry of another organization is 404 and stays as it was.
 */
export async function setContactEntryRead(
  db: Database,
  actor: Actor,
  organizationId: number,
  entryId: number,
  isRead?: boolean,
): Promise<ContactEntry> {
  assertCanInOrganization(actor, "contact-entries:update", organizationId);
  const [row] = await db
    .update(contactEntries)
    .set({ isRead: isRead === undefined ? not(contactEntries.isRead) : isRead })
    .where(and(eq(contactEntries.id, entryId), eq(contactEntries.organizationId, actor.organizationId)))
    .returning();
  if (!row) throw notFound("contact:errors.not-found");
  return toContactEntry(row);
}
