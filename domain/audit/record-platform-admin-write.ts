import type { Database } from "#db/database";
import { auditLogs } from "#db/schema";
import type { Actor } from "../shared/actor";

/** The audit action of a state-changing request made by a platform admin in an organization they are not a member of. */
export const PLATFORM_ADMIN_WRITE_ACTION = "platform-admin.write";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export type AuditedRequest = { method: string; path: string };

/**
 * Records a state-changing request made with a platform admin's stand-in rights (`actor.viaPlatformAdmin`: askAdmin in
 * the web app, an organization named over the API) in that organization's audit log: who, where, which call, when.
 * Called where such an actor is built, once per request, before the write runs: an attempt the rules then refuse is
 * recorded too. Members acting in their own organization and reads are not recorded. Returns whether a row was written.
 */
export async function recordPlatformAdminWrite(
  db: Database,
  actor: Actor,
  request: AuditedRequest,
  now = new Date(),
): Promise<boolean> {
  if (!actor.viaPlatformAdmin || !actor.isAdmin || actor.organizationId === null) return false;
  const method = request.method.toUpperCase();
  if (SAFE_METHODS.has(method)) return false;
  await db.insert(auditLogs).values({
    organizationId: actor.organizationId,
    userId: actor.userId,
    action: PLATFORM_ADMIN_WRITE_ACTION,
    targetType: "request",
    targetId: `${method} ${request.path}`.slice(0, 512),
    data: JSON.stringify({ method, path: request.path.slice(0, 2048), adminEmail: actor.email }),
    createdAt: now,
  });
  return true;
}
