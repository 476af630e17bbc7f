import { and, eq, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#db/database";
import { emailQuotaUsage, emailSendReservations, organizations } from "#db/schema";
import { guardedId } from "../events/event-access";
import { AppError } from "../shared/app-error";
import { generateRandomToken } from "../shared/crypto";

/**
 * Emails per organization and UTC day that the platform sends on an organizer's behalf (confirmations of manual and
 * imported orders, free bookings, resends, later bulk sends), unless a platform admin set another figure on the
 * organization (`organizations.daily_email_quota`). docs/decisions/0038-email-quota.md.
 */
export const DEFAULT_DAILY_EMAIL_QUOTA = 500;
/** The most a platform admin may set: a mistyped extra zero stays bounded. */
export const MAX_DAILY_EMAIL_QUOTA = 100_000;

export type EmailQuota = { limit: number; used: number; remaining: number };

/** The quota's day: the UTC date of `at`, YYYY-MM-DD. */
export function quotaDay(at: Date | number): string {
  return new Date(at).toISOString().slice(0, 10);
}

const quotaOf = (organizationId: number | SQL) =>
  sql`coalesce((select ${organizations.dailyEmailQuota} from ${organizations} where ${organizations.id} = ${organizationId}), ${DEFAULT_DAILY_EMAIL_QUOTA})`;

/** SQL boolean: `count` more emails fit the organization's quota of `day`. */
export function emailQuotaAllows(organizationId: number | SQL, day: string, count: number): SQL {
  return sql`coalesce((select sent from email_quota_usage where organization_id = ${organizationId} and day = ${day}), 0)
    + ${count} <= ${quotaOf(organizationId)}`;
}

/**
 * Counts `count` emails of the organization on the day of `at`, for a batch that also records them (outbox rows).
 * Past the quota the CHECK of email_quota_usage fails and the whole batch rolls back (`isEmailQuotaFailure`): the
 * emails and whatever the batch wrote with them. One statement, so two batches at once cannot both pass the quota.
 */
export function countEmailsStatement(
  db: Database,
  input: { organizationId: number; count: number | SQL; at: Date | number },
) {
  const day = quotaDay(input.at);
  // drizzle's insert…select lists the columns in schema order: organization_id, day, sent, quota.
  return db
    .insert(emailQuotaUsage)
    .select(
      sql`select ${organizations.id}, ${day}, ${input.count}, ${quotaOf(input.organizationId)} from ${organizations} where ${organizations.id} = ${input.organizationId}`,
    )
    .onConflictDoUpdate({
      target: [emailQuotaUsage.organizationId, emailQuotaUsage.day],
      set: { sent: sql`${emailQuotaUsage.sent} + excluded.sent`, quota: sql`excluded.quota` },
    });
}

/**
 * The quota-bounded count of a free booking's one confirmation email: it counts only when it fits (the booking itself
 * never fails on the quota). Put it right AFTER the outbox write that is guarded by the same `emailQuotaAllows`, so the
 * email is recorded exactly when it is counted.
 */
export function countEmailIfAllowedStatement(
  db: Database,
  input: { organizationId: number; at: Date | number; onlyIf?: SQL },
) {
  const day = quotaDay(input.at);
  // `onlyIf`: the outbox write's own condition, when it has one besides the quota (e.g. the order still being paid).
  const allows = input.onlyIf
    ? sql`${emailQuotaAllows(input.organizationId, day, 1)} and ${input.onlyIf}`
    : emailQuotaAllows(input.organizationId, day, 1);
  return db
    .insert(emailQuotaUsage)
    .select(
      sql`select ${organizations.id}, ${day}, 1, ${quotaOf(input.organizationId)} from ${organizations} where ${organizations.id} = ${input.organizationId} and ${allows}`,
    )
    .onConflictDoUpdate({
      target: [emailQuotaUsage.organizationId, emailQuotaUsage.day],
      set: { sent: sql`${emailQuotaUsage.sent} + 1`, quota: sql`excluded.quota` },
    });
}

/** True when a batch failed on the email quota or on an import's reserved sends (it was rolled back). */
export function isEmailQuotaFailure(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const message = current instanceof Error ? current.message : String(current);
    if (/email_quota_usage|email_send_reservations/i.test(message)) return true;
    current = current instanceof Error ? current.cause : undefined;
  }
  return false;
}

/** What the organization may still send today (read from the primary, like every quota read). */
export async function getEmailQuota(db: Database, organizationId: number, now: Date | number = Date.now()) {
  return toEmailQuota(await emailQuotaQuery(db, organizationId, now));
}

/** getEmailQuota as a query not yet run (for a batch); toEmailQuota reads its rows. */
export function emailQuotaQuery(
  db: Database,
  organizationId: number,
  now: Date | number,
  readGuard?: SQL,
  day: string | Placeholder = quotaDay(now),
) {
  return db
    .select({ limit: organizations.dailyEmailQuota, used: emailQuotaUsage.sent })
    .from(organizations)
    .leftJoin(emailQuotaUsage, and(eq(emailQuotaUsage.organizationId, organizations.id), eq(emailQuotaUsage.day, day)))
    .where(eq(organizations.id, guardedId(organizationId, readGuard)))
    .limit(1);
}

export function toEmailQuota(rows: { limit: number | null; used: number | null }[]): EmailQuota {
  const limit = rows[0]?.limit ?? DEFAULT_DAILY_EMAIL_QUOTA;
  const used = rows[0]?.used ?? 0;
  return { limit, used, remaining: Math.max(0, limit - used) };
}

/** The refusal of a send past the quota: nothing was written or sent; `details` says what is left today. */
export async function emailQuotaReached(db: Database, organizationId: number, now: Date | number = Date.now()) {
  const quota = await getEmailQuota(db, organizationId, now);
  return new AppError("conflict", "participant-import:errors.email-quota", {
    reason: "email_quota_reached",
    details: { remaining: quota.remaining, limit: quota.limit },
  });
}

/** A send asked for on an event that is still a draft: refused (decision 0038). */
export function draftEventSendRefused() {
  return new AppError("conflict", "participant-import:errors.email-draft", { reason: "event_not_published" });
}

/**
 * Reserves `count` sends for a participant import before any chunk is written: counted into today's quota at once
 * (refused whole past it), spent by the chunks with `spendReservedSendsStatement`. A reservation an import leaves
 * unspent (cancelled midway) stays counted for the day: the quota errs on the side of fewer emails.
 */
export async function reserveEmailSends(
  db: Database,
  input: { organizationId: number; eventId: number; count: number; now?: number },
): Promise<string> {
  const now = input.now ?? Date.now();
  const token = generateRandomToken();
  try {
    await db.batch([
      countEmailsStatement(db, { organizationId: input.organizationId, count: input.count, at: now }),
      db.insert(emailSendReservations).values({
        token,
        organizationId: input.organizationId,
        eventId: input.eventId,
        remaining: input.count,
        createdAt: new Date(now),
      }),
    ]);
  } catch (error) {
    if (isEmailQuotaFailure(error)) throw await emailQuotaReached(db, input.organizationId, now);
    throw error;
  }
  return token;
}

/**
 * Spends `count` reserved sends of an import's chunk, in the chunk's batch. A token of another event, organization
 * or day-old import spends nothing and the CHECK on `remaining` stops a chunk that would overspend; the caller checks
 * the reservation exists first (`assertReservedSends`), so a batch failing here is a race on one token.
 */
export function spendReservedSendsStatement(
  db: Database,
  input: { token: string; organizationId: number; eventId: number; count: number },
): BatchItem<"sqlite"> {
  return db
    .update(emailSendReservations)
    .set({ remaining: sql`${emailSendReservations.remaining} - ${input.count}` })
    .where(
      and(
        eq(emailSendReservations.token, input.token),
        eq(emailSendReservations.organizationId, input.organizationId),
        eq(emailSendReservations.eventId, input.eventId),
      ),
    );
}

/** Refuses a chunk whose reservation is unknown here or too small for its emails. */
export async function assertReservedSends(
  db: Database,
  input: { token: string | undefined; organizationId: number; eventId: number; count: number },
): Promise<void> {
  const [row] = input.token
    ? await db
        .select({ remaining: emailSendReservations.remaining })
        .from(emailSendReservations)
        .where(
          and(
            eq(emailSendReservations.token, input.token),
            eq(emailSendReservations.organizationId, input.organizationId),
            eq(emailSendReservations.eventId, input.eventId),
          ),
        )
        .limit(1)
    : [];
  if (!row || row.remaining < input.count) throw await emailQuotaReached(db, input.organizationId);
}
