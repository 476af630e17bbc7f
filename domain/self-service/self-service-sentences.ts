import type { SelfServiceRefundKind } from "#db/schema";
import { emailCopy, fill, type EmailLocale } from "../emails/email-locale";
import { formatBasisPoints, formatShortDateTimeWithZone } from "../shared/format";
import type { SelfServiceAction, SelfServiceRule } from "./self-service-rules";

/** What the sentences say: each action's rule, the refund a cancellation gives, whether the order is free. */
export type SelfServiceSentencesInput = {
  rules: Record<SelfServiceAction, { state: SelfServiceRule["state"]; until: Date | string | null }>;
  refund: SelfServiceRefundKind;
  /** Basis points, read when `refund` is `percentage`. */
  percentage: number;
  /** A free order: a cancellation frees the place, nothing to refund. */
  free: boolean;
  /** Some ticket of the order was scanned already (the page says what that changes). */
  anyCheckedIn?: boolean;
  timeZone: string;
};

/**
 * The buyer's rules in plain words (issue 28 §1), for the order page and the confirmation email alike: what may be
 * edited, transferred, cancelled, until when in the event's time zone, and what a cancellation gives back. Pure.
 */
export function selfServiceSentences(locale: EmailLocale, input: SelfServiceSentencesInput): string[] {
  const c = emailCopy(locale)["self-service"];
  const date = (until: Date | string) => formatShortDateTimeWithZone(until, locale, input.timeZone);
  const line = (action: SelfServiceAction) => {
    const rule = input.rules[action];
    if (rule.state === "off") return c[`${action}-off`];
    if (rule.state === "closed") return fill(c[`${action}-closed`], { date: date(rule.until!) });
    return rule.until ? fill(c[`${action}-until`], { date: date(rule.until) }) : c[`${action}-open`];
  };
  const sentences = [line("edit"), line("transfer"), line("cancel")];
  if (input.rules.cancel.state === "open") sentences.push(refundSentence(locale, input));
  const scannedMatters = input.rules.transfer.state === "open" || input.rules.cancel.state === "open";
  if (input.anyCheckedIn && scannedMatters) sentences.push(c["checked-in"]);
  return sentences;
}

function refundSentence(locale: EmailLocale, input: SelfServiceSentencesInput): string {
  const c = emailCopy(locale)["self-service"];
  if (input.free) return c["refund-free"];
  // 100 % gives the fee back too (docs/decisions/0058): it reads as a full refund.
  if (input.refund === "percentage" && input.percentage >= 10_000) return c["refund-full"];
  if (input.refund === "percentage")
    return fill(c["refund-percentage"], { percent: formatBasisPoints(input.percentage, locale) });
  return c[`refund-${input.refund}`];
}

/** Whether the email should carry the rules: at least one action is open to the buyer. */
export function anySelfServiceOpen(rules: SelfServiceSentencesInput["rules"]): boolean {
  return Object.values(rules).some((rule) => rule.state === "open");
}
