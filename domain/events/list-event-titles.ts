import { and, asc, desc, ne, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { events } from "#db/schema";
import type { Actor } from "../shared/actor";
import { visibleEventsConditions } from "./list-events";

/** The event switcher's list: ids and titles only, no sales figures (spec §2 header card). Archived events are left out. */
export async function listEventTitles(db: Database, actor: Actor): Promise<{ id: number; title: string }[]> {
  if (actor.organizationId === null) return [];
  return db
    .select({ id: events.id, title: events.title })
    .from(events)
    .where(and(...visibleEventsConditions(db, actor, actor.organizationId), ne(events.status, "archived")))
    .orderBy(asc(sql`${events.startAt} is null`), asc(events.startAt), desc(events.id));
}
