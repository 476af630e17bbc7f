import { count, eq, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { events, orders, organizations, participants, users } from "#db/schema";
import { assertCanOnPlatform } from "../policy";
import type { Actor } from "../shared/actor";
import { eventDisplayStatusSql, type EventDisplayStatus } from "../events/event-past";
import { countedParticipant, countOrdersByStatus, isSale } from "./admin-figures";

export type AdminOverview = {
  users: number;
  admins: number;
  organizations: number;
  events: Record<EventDisplayStatus, number> & { total: number };
  orders: { total: number; paid: number; manual: number; pending: number; other: number };
  participants: number;
  grossSales: number;
  fees: number;
  netSales: number;
};

/** Platform-wide counts for /admin, every figure computed by SQL aggregates in one round trip. */
export async function getAdminOverview(
  db: Database,
  actor: Pick<Actor, "isAdmin">,
  now = new Date(),
): Promise<AdminOverview> {
  assertCanOnPlatform(actor, "admin:access");
  const [userRows, organizationRows, eventRows, orderRows, participantRows, salesRows] = await db.batch([
    db.select({ total: count(), admins: sql<number>`coalesce(sum(${users.isAdmin}), 0)` }).from(users),
    db.select({ total: count() }).from(organizations),
    db
      .select({
        status: eventDisplayStatusSql(now),
        total: count(),
      })
      .from(events)
      .groupBy(sql`1`),
    db.select({ status: orders.status, total: count() }).from(orders).groupBy(orders.status),
    db
      .select({ total: count() })
      .from(participants)
      .innerJoin(orders, eq(orders.id, participants.orderId))
      .where(countedParticipant),
    db
      .select({
        gross: sql<number>`coalesce(sum(${orders.amount}), 0)`,
        fees: sql<number>`coalesce(sum(${orders.fees}), 0)`,
        net: sql<number>`coalesce(sum(${orders.netAmount}), 0)`,
      })
      .from(orders)
      .where(isSale),
  ]);

  const eventCounts = { draft: 0, published: 0, past: 0, archived: 0, total: 0 };
  for (const row of eventRows) {
    eventCounts[row.status] = Number(row.total);
    eventCounts.total += Number(row.total);
  }
  const orderCounts = countOrdersByStatus(orderRows);
  return {
    users: Number(userRows[0]?.total ?? 0),
    admins: Number(userRows[0]?.admins ?? 0),
    organizations: Number(organizationRows[0]?.total ?? 0),
    events: eventCounts,
    orders: orderCounts,
    participants: Number(participantRows[0]?.total ?? 0),
    grossSales: Number(salesRows[0]?.gross ?? 0),
    fees: Number(salesRows[0]?.fees ?? 0),
    netSales: Number(salesRows[0]?.net ?? 0),
  };
}
