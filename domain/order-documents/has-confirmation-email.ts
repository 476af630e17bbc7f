import { eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { orderEmailDeliveries } from "#db/schema";

/**
 * Whether a confirmation email of the order was recorded (due, sent or being sent): the order page says "an email was
 * sent" only then. A manual order added without email, or a free booking past the organization's daily email quota
 * (docs/decisions/0038-email-quota.md), has none.
 */
export async function hasConfirmationEmail(db: Database, orderId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: orderEmailDeliveries.id })
    .from(orderEmailDeliveries)
    .where(eq(orderEmailDeliveries.orderId, orderId))
    .limit(1);
  return row !== undefined;
}
