import { and, asc, count, eq, isNotNull } from "drizzle-orm";
import type { Database } from "#db/database";
import { events, organizations } from "#db/schema";
import { assertCanInOrganization } from "../policy";
import type { Actor } from "../shared/actor";
import { notFound } from "../shared/app-error";
import { dueEventsWhere } from "./anonymise-ended-events";
import { anonymisationCutoff } from "./retention";

export type PrivacySettings = {
  retentionMonths: number;
  autoAnonymise: boolean;
  /** Ended before the cutoff and not anonymised yet (at most 50 listed; `dueCount` counts them all). */
  dueEvents: { id: number; title: string; endAt: Date | null }[];
  dueCount: number;
  anonymisedEvents: number;
};

/** The organization's retention setting and the events it makes due (the privacy section of /organization). */
export async function getPrivacySettings(
  db: Database,
  actor: Actor,
  input: { organizationId: number; now?: Date },
): Promise<PrivacySettings> {
  assertCanInOrganization(actor, "privacy:anonymise", input.organizationId);
  const [organization] = await db
    .select({ months: organizations.anonymiseAfterMonths, auto: organizations.autoAnonymise })
    .from(organizations)
    .where(eq(organizations.id, input.organizationId))
    .limit(1);
  if (!organization) throw notFound();
  const due = dueEventsWhere(input.organizationId, anonymisationCutoff(input.now ?? new Date(), organization.months));
  const [dueEvents, [dueCount], [anonymised]] = await Promise.all([
    db
      .select({ id: events.id, title: events.title, endAt: events.endAt })
      .from(events)
      .where(due)
      .orderBy(asc(events.endAt), asc(events.id))
      .limit(50),
    db.select({ value: count() }).from(events).where(due),
    db
      .select({ value: count() })
      .from(events)
      .where(and(eq(events.organizationId, input.organizationId), isNotNull(events.personalDataAnonymisedAt))),
  ]);
  return {
    retentionMonths: organization.months,
    autoAnonymise: organization.auto,
    dueEvents,
    dueCount: dueCount?.value ?? 0,
    anonymisedEvents: anonymised?.value ?? 0,
  };
}
