import type { events } from "#db/schema";
import type { EmailLocale } from "../emails/email-locale";
import { selfServiceRules } from "./self-service-rules";
import { anySelfServiceOpen, selfServiceSentences } from "./self-service-sentences";

/**
 * The confirmation email's sentences on what the buyer may do themselves (docs/decisions/0060): the event's rules at
 * `now`, written by the order page's own function; none when nothing is open to the buyer (the email then says
 * nothing of it). The event's row is read with the batch of confirmations it serves (decision 0067).
 */
export function selfServiceSentencesFor(
  event: typeof events.$inferSelect,
  order: { amount: number; locale: EmailLocale; status: string },
  now: number,
): string[] {
  const rules = selfServiceRules(event, now);
  // An order entered by hand is cancelled by its organizer (docs/decisions/0060).
  if (order.status === "manual") rules.cancel = { state: "off", until: null };
  if (!anySelfServiceOpen(rules)) return [];
  return selfServiceSentences(order.locale, {
    rules,
    refund: event.selfServiceCancelRefund,
    percentage: event.selfServiceCancelPercentage,
    free: order.amount === 0,
    timeZone: event.timezone,
  });
}
