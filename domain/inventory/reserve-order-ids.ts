import { sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { orders } from "#db/schema";

/**
 * Sets aside `count` order ids in D1 for an event's inventory object, which answers buyers with their order id before
 * the queue writes the order (decision 0072). One atomic batch inserts a placeholder order at max(id) + count and
 * deletes it: `orders` is AUTOINCREMENT, so D1 never hands out an id at or below the highest it has used (its
 * sqlite_sequence), which the placeholder raises past the block. The block is (old highest, placeholder]: no row has
 * such an id and no other block overlaps it; the object writes those ids explicitly.
 */
export async function reserveOrderIds(
  db: Database,
  input: { organizationId: number; eventId: number; count: number; now: number },
): Promise<{ first: number; last: number }> {
  const token = `id-block-${input.eventId}-${input.now}-${Math.random().toString(36).slice(2)}`;
  const [inserted] = await db.batch([
    db
      .insert(orders)
      .values({
        // Above every id used or set aside: sqlite_sequence keeps the highest id ever inserted (placeholders included).
        id: sql`(select max(coalesce((select max(id) from orders), 0),
          coalesce((select seq from sqlite_sequence where name = 'orders'), 0)) + ${input.count})` as unknown as number,
        organizationId: input.organizationId,
        eventId: input.eventId,
        status: "cancelled",
        accessToken: token,
        createdAt: new Date(input.now),
        updatedAt: new Date(input.now),
      })
      .returning({ id: orders.id }),
    db.delete(orders).where(sql`${orders.accessToken} = ${token}`),
  ]);
  const last = inserted[0]!.id;
  return { first: last - input.count + 1, last };
}
