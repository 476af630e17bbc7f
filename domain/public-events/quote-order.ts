import { and, eq, gt, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { orders, promoCodes, promoCodeTickets, type FeesType } from "#db/schema";
import { rateLimitRules, rateLimitStatements, releaseRateLimitStatement } from "../auth/rate-limit";
import { promoCodeGuessLimit } from "../booking/booking-rate-limits";
import { platformFee, unitDiscount } from "../booking/fees";
import { normalizePromoCode } from "../promo-codes/promo-code-input-schema";
import type { PublicEvent } from "./get-public-event";

export type QuoteLine = {
  ticketId: number;
  title: string;
  ticketType: "ticket" | "addon";
  quantity: number;
  unitPrice: number;
  /** Off the whole line. */
  discount: number;
  /** The platform fee of the whole line; the buyer pays it only when `feesType` is `added`. */
  fees: number;
  feesType: FeesType;
  /** What the buyer pays for the line: price less discount, plus the fee when added. */
  total: number;
};

/** `too_many_attempts`: this IP typed too many codes that do not exist on the event; the code was not looked at. */
export type PromoStatus =
  "applied" | "invalid" | "not_started" | "expired" | "used_up" | "not_applicable" | "too_many_attempts";

export type Quote = {
  lines: QuoteLine[];
  subtotal: number;
  discount: number;
  /** Fees the buyer pays on top of the prices (tickets whose fees type is `added`). */
  addedFees: number;
  total: number;
  promo: { code: string; status: PromoStatus } | null;
};

/**
 * The summary the buyer sees before ordering: each line with its discount and fee by the rules of
 * domain/booking/fees.ts. A preview only: `placeOrder` (H1) checks everything again, stock and promo uses included.
 * Unknown tickets are left out. A code that does not exist counts as a guess from `ip` (promoCodeGuessLimit).
 */
export async function quoteOrder(
  db: Database,
  event: Pick<PublicEvent, "id" | "tickets" | "addons">,
  input: {
    items: { ticketId: number; quantity: number }[];
    promoCode?: string | null;
    now?: Date;
    ip?: string | null;
  },
): Promise<Quote> {
  const now = input.now ?? new Date();
  const byId = new Map([...event.tickets, ...event.addons].map((ticket) => [ticket.id, ticket]));
  const chosen = input.items.filter((item) => item.quantity > 0 && byId.has(item.ticketId));

  const code = input.promoCode ? normalizePromoCode(input.promoCode) : "";
  let promo: Awaited<ReturnType<typeof findPromo>> = null;
  let promoStatus: PromoStatus | null = null;
  if (code) {
    const found = await findPromo(db, event.id, code, now, input.ip ?? null);
    promo = typeof found === "string" ? null : found;
    promoStatus = typeof found === "string" ? found : promo ? "not_applicable" : "invalid";
  }

  const lines = chosen.map((item): QuoteLine => {
    const ticket = byId.get(item.ticketId)!;
    const targeted = promo !== null && (promo.allTickets || promo.ticketIds.includes(ticket.id));
    const unitOff = targeted ? unitDiscount(ticket.price, promo!) : 0;
    if (unitOff > 0) promoStatus = "applied";
    const unitFee = platformFee(ticket.price - unitOff);
    const paid = (ticket.price - unitOff) * item.quantity;
    const fees = unitFee * item.quantity;
    return {
      ticketId: ticket.id,
      title: ticket.title,
      ticketType: ticket.ticketType,
      quantity: item.quantity,
      unitPrice: ticket.price,
      discount: unitOff * item.quantity,
      fees,
      feesType: ticket.feesType,
      total: paid + (ticket.feesType === "added" ? fees : 0),
    };
  });
  const subtotal = lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  const discount = lines.reduce((sum, line) => sum + line.discount, 0);
  const addedFees = lines.reduce((sum, line) => sum + (line.feesType === "added" ? line.fees : 0), 0);
  return {
    lines,
    subtotal,
    discount,
    addedFees,
    total: subtotal - discount + addedFees,
    promo: code && promoStatus ? { code, status: promoStatus } : null,
  };
}

/**
 * The code when it exists for the event, is within its dates and has uses left (holds of pending orders count). With
 * the buyer's IP, the look-up is counted as a guess in the same round trip and given back when the code exists.
 */
async function findPromo(db: Database, eventId: number, code: string, now: Date, ip: string | null) {
  const lookUp = db
    .select({
      id: promoCodes.id,
      discountType: promoCodes.discountType,
      discountValue: promoCodes.discountValue,
      maxUses: promoCodes.maxUses,
      useCount: promoCodes.useCount,
      startAt: promoCodes.startAt,
      endAt: promoCodes.endAt,
      allTickets: promoCodes.appliesToAllTickets,
      held: sql<number>`(select count(*) from ${orders} where ${and(
        eq(orders.promoCodeId, promoCodes.id),
        eq(orders.status, "pending"),
        gt(orders.payableUntil, now),
      )})`,
    })
    .from(promoCodes)
    .where(and(eq(promoCodes.eventId, eventId), eq(promoCodes.code, code)))
    .limit(1);
  const guess = promoCodeGuessLimit(ip, eventId);
  let row: Awaited<typeof lookUp>[number] | undefined;
  if (guess) {
    const [counted, rows] = await db.batch([rateLimitStatements(db, [guess], now)[0]!, lookUp]);
    if ((counted[0]?.count ?? 0) > rateLimitRules[guess.name].limit) return "too_many_attempts" as const;
    row = rows[0];
    if (row) await releaseRateLimitStatement(db, guess);
  } else {
    [row] = await lookUp;
  }
  if (!row) return null;
  // The code exists: the buyer is told why it does not apply now rather than that it is unknown.
  if (row.startAt && now < row.startAt) return "not_started" as const;
  if (row.endAt && now >= row.endAt) return "expired" as const;
  if (row.maxUses !== -1 && row.useCount + Number(row.held) >= row.maxUses) return "used_up" as const;
  const ticketIds = row.allTickets
    ? []
    : (
        await db
          .select({ ticketId: promoCodeTickets.ticketId })
          .from(promoCodeTickets)
          .where(eq(promoCodeTickets.promoCodeId, row.id))
      ).map((target) => target.ticketId);
  return { ...row, ticketIds };
}
