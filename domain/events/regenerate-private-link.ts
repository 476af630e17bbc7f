import { and, eq, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { events } from "#db/schema";
import type { Actor } from "../shared/actor";
import { notFound } from "../shared/app-error";
import { loadEventForActor } from "./event-access";
import { publicEventPath, type PrivateLinkEnv } from "./private-event-link";

/**
 * 'Régénérer le lien privé' (issue 7): raises the event's private link version, so every `?t=` link handed out before
 * stops opening the page, and returns the new public path. Who may publish may revoke (event:publish). The updated_at
 * bump also moves the public page's cache key, so a cached copy under an old link is never served again.
 */
export async function regeneratePrivateLink(
  db: Database,
  actor: Actor,
  input: { eventId: number; env: PrivateLinkEnv; now?: Date },
): Promise<{ privateLinkVersion: number; publicPath: string }> {
  const { event } = await loadEventForActor(db, actor, input.eventId, "event:publish");
  const [row] = await db
    .update(events)
    .set({ privateLinkVersion: sql`${events.privateLinkVersion} + 1`, updatedAt: input.now ?? new Date() })
    .where(and(eq(events.id, event.id), eq(events.organizationId, event.organizationId)))
    .returning({ id: events.id, title: events.title, privateLinkVersion: events.privateLinkVersion });
  if (!row) throw notFound("events:errors.not-found");
  // The link as it is once private: a public event's page has no `t`, but the team may switch it to private later.
  return {
    privateLinkVersion: row.privateLinkVersion,
    publicPath: publicEventPath(input.env, { ...row, visibility: "private" }),
  };
}
