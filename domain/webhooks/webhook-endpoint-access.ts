import { and, eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { webhookEndpoints } from "#db/schema";
import { assertCanInOrganization } from "../policy";
import type { Actor } from "../shared/actor";
import { AppError, notFound } from "../shared/app-error";
import type { WebhookEndpointRow } from "./webhook-endpoint-record";
import { webhookUrlProblem } from "./webhook-url";

/** The actor's organization, if they may manage its integrations (owners and admins). */
export function assertCanManageWebhooks(actor: Actor): number {
  assertCanInOrganization(actor, "integrations:manage");
  return actor.organizationId;
}

/** An endpoint of the actor's organization; another organization's is 404 like a missing one. */
export async function loadWebhookEndpoint(db: Database, actor: Actor, endpointId: number): Promise<WebhookEndpointRow> {
  const organizationId = assertCanManageWebhooks(actor);
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.organizationId, organizationId)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

export function assertWebhookUrlAllowed(url: string, allowLocal: boolean): void {
  const problem = webhookUrlProblem(url, { allowLocal });
  if (problem)
    throw new AppError("validation", `webhooks:url-${problem}`, { fields: { url: `webhooks:url-${problem}` } });
}
