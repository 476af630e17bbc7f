import { asc, eq, gt, and } from "drizzle-orm";
import type { Database } from "#db/database";
import { organizations } from "#db/schema";
import {
  ANONYMISE_BATCH_SIZE,
  ANONYMISE_MAX_STATEMENTS,
  anonymiseOrganization,
  type AnonymiseResult,
} from "./anonymise-ended-events";

/**
 * The daily cron's part (workers/scheduled.ts): the organizations that turned automatic anonymisation on get their due
 * events anonymised, within one shared statement budget; what the budget leaves undone is picked up the next day.
 * Recorded in each organization's audit log with no user (automatic).
 */
export async function anonymiseDueOrganizations(
  db: Database,
  input: { now?: Date; maxStatements?: number; batchSize?: number } = {},
): Promise<AnonymiseResult> {
  const options = {
    now: input.now ?? new Date(),
    batchSize: input.batchSize ?? ANONYMISE_BATCH_SIZE,
    budget: { left: input.maxStatements ?? ANONYMISE_MAX_STATEMENTS },
    userId: null,
  };
  const total: AnonymiseResult = { events: 0, participants: 0, orders: 0, answers: 0, done: true };
  let afterId = 0;
  while (options.budget.left > 0) {
    options.budget.left -= 1;
    const page = await db
      .select({ id: organizations.id })
      .from(organizations)
      .where(and(eq(organizations.autoAnonymise, true), gt(organizations.id, afterId)))
      .orderBy(asc(organizations.id))
      .limit(100);
    for (const organization of page) {
      const result = await anonymiseOrganization(db, organization.id, options);
      total.events += result.events;
      total.participants += result.participants;
      total.orders += result.orders;
      total.answers += result.answers;
      if (!result.done) return { ...total, done: false };
    }
    if (page.length < 100) return total;
    afterId = page[page.length - 1]!.id;
  }
  return { ...total, done: false };
}
