import { eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { orders } from "#db/schema";

/**
 * Waits until an order an inventory object took is in D1 (decision 0072: the queue writes it moments later), so that
 * the page the buyer goes to next — the order, the checkout — finds it. One indexed read every `everyMs`, at most
 * `tries` times; false when it is still on its way (the caller goes on anyway).
 */
export async function waitForOrder(
  db: Database,
  orderId: number,
  options: { tries?: number; everyMs?: number; sleep?: (ms: number) => Promise<void> } = {},
): Promise<boolean> {
  const tries = options.tries ?? 60;
  const everyMs = options.everyMs ?? 100;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  for (let attempt = 0; attempt < tries; attempt++) {
    const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).limit(1);
    if (row) return true;
    if (attempt < tries - 1) await sleep(everyMs);
  }
  return false;
}
