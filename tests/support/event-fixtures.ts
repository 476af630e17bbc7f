import type { Database } from "#db/database";
import type * as schema from "#db/schema";
import { insertEvent, insertUser, unique } from "./fixtures";

/**
 * Former names of the fixtures in ./fixtures.ts (the one vocabulary: insertUser, insertOrganization, insertMember,
 * insertEvent, insertEventAccess, insertTicket, insertOrder, actorOf, insertEventsWorld), kept only while tests written
 * before it still import them. New tests import ./fixtures.ts.
 */
export {
  actorOf,
  insertEventsWorld as createEventsWorld,
  insertEventAccess as grantEventAccess,
  insertMember as addMembership,
  insertOrder as createOrder,
  insertOrganization as createOrganization,
  insertTicket as createTicket,
} from "./fixtures";

export type TestUser = { id: number; email: string };

/** insertUser with an @events.test address made from `label`. */
export function createUser(db: Database, label: string) {
  return insertUser(db, { email: `${unique(label)}@events.test`, firstName: "Camille", lastName: label });
}

/** insertEvent titled "Concert de printemps" unless `values` says otherwise. */
export function createTestEvent(
  db: Database,
  organizationId: number,
  values: Partial<typeof schema.events.$inferInsert> = {},
) {
  return insertEvent(db, organizationId, { title: "Concert de printemps", ...values });
}
