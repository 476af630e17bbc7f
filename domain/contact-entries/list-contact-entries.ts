import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { contactEntries } from "#db/schema";
import { assertCanInOrganization } from "../policy";
import type { Actor } from "../shared/actor";
import { escapeLike } from "../shared/sql";

export type ContactEntry = {
  id: number;
  firstName: string;
  lastName: string;
  /** Derived (spec §3): "first last". */
  fullName: string;
  email: string;
  subject: string;
  message: string;
  isRead: boolean;
  createdAt: Date;
};

export function toContactEntry(row: typeof contactEntries.$inferSelect): ContactEntry {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    fullName: `${row.firstName} ${row.lastName}`.trim(),
    email: row.email,
    subject: row.subject,
    message: row.message,
    isRead: row.isRead,
    createdAt: row.createdAt,
  };
}

/** The contact-form inbox (spec §2): the organization's entries, newest first by id. Owners and admins. */
export async function listContactEntries(db: Database, actor: Actor, organizationId: number): Promise<ContactEntry[]> {
  assertCanInOrganization(actor, "contact-entries:view", organizationId);
  const rows = await db
    .select()
    .from(contactEntries)
    .where(eq(contactEntries.organizationId, actor.organizationId))
    .orderBy(desc(contactEntries.id))
    .limit(5000);
  return rows.map(toContactEntry);
}

export type ContactEntryQuery = {
  offset: number;
  limit: number;
  /** Free text over name, email, subject and message. */
  search?: string;
  read?: "read" | "unread" | null;
};

/** One page of the inbox for the shared data table, newest first by id, with the total for the pager. */
export async function queryContactEntries(
  db: Database,
  actor: Actor,
  organizationId: number,
  query: ContactEntryQuery,
): Promise<{ rows: ContactEntry[]; total: number }> {
  assertCanInOrganization(actor, "contact-entries:view", organizationId);
  const conditions = [eq(contactEntries.organizationId, actor.organizationId)];
  const search = query.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search.toLowerCase())}%`;
    conditions.push(
      sql`lower(${contactEntries.firstName} || ' ' || ${contactEntries.lastName} || ' ' || ${contactEntries.email} || ' ' || ${contactEntries.subject} || ' ' || ${contactEntries.message}) like ${pattern} escape '\\'`,
    );
  }
  if (query.read) conditions.push(eq(contactEntries.isRead, query.read === "read"));
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(contactEntries)
      .where(where)
      .orderBy(desc(contactEntries.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(contactEntries).where(where),
  ]);
  return { rows: rows.map(toContactEntry), total: counted?.total ?? 0 };
}
