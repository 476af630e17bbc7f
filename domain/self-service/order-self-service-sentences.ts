import { and, eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { events } from "#db/schema";
import type { EmailLocale } from "../emails/email-locale";
import { selfServiceRules } from "./self-service-rules";
import { anySelfServiceOpen, selfServiceSentences } from "./self-service-sentences";

/**
 * The confirmation email's sentences on what the buyer may do themselves (docs/decisions/0060): the event's rules at
 * `now`, written by the order page's own function; none when nothing is open to the buyer (the email then says
 * nothing of it).
 */
export async function orderSelfServiceSentences(
  db: Database,
  input: {
    order: { organizationId: number; eventId: number; amount: number; locale: EmailLocale; status: string };
    now: number;
  },
): Promise<string[]> {
  const [event] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, input.order.eventId), eq(events.organizationId, input.order.organizationId)))
    .limit(1);
  if (!event) return [];
  const rules = selfServiceRules(event, input.now);
  // An order entered by hand is cancelled by its organizer (docs/decisions/0060).
  if (input.order.status === "manual") rules.cancel = { state: "off", until: null };
  if (!anySelfServiceOpen(rules)) return [];
  return selfServiceSentences(input.order.locale, {
    rules,
    refund: event.selfServiceCancelRefund,
    percentage: event.selfServiceCancelPercentage,
    free: input.order.amount === 0,
    timeZone: event.timezone,
  });
}
