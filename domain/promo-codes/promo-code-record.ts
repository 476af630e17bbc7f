import type { promoCodes } from "#db/schema";
import type { DiscountType } from "#db/schema";

type PromoCodeRow = typeof promoCodes.$inferSelect;

/** A promo code as the domain hands it out: the discount in the API's unit (1–100 for percent, cents for amount). */
export type PromoCodeRecord = {
  id: number;
  eventId: number;
  key: string;
  discountType: DiscountType;
  discount: number;
  /** Ticket ids it applies to; empty means every ticket. */
  tickets: number[];
  startAt: Date | null;
  endAt: Date | null;
  maxUses: number;
  useCount: number;
  createdAt: Date;
};

/** Percentages are stored in basis points (10000 = 100 %) so that a future 12.5 % needs no migration. */
export const PERCENT_BASIS_POINTS = 100;

export function toPromoCodeRecord(row: PromoCodeRow, ticketIds: number[]): PromoCodeRecord {
  return {
    id: row.id,
    eventId: row.eventId,
    key: row.code,
    discountType: row.discountType,
    discount: row.discountType === "percent" ? Math.round(row.discountValue / PERCENT_BASIS_POINTS) : row.discountValue,
    tickets: row.appliesToAllTickets ? [] : ticketIds,
    startAt: row.startAt,
    endAt: row.endAt,
    maxUses: row.maxUses,
    useCount: row.useCount,
    createdAt: row.createdAt,
  };
}

export function promoCodeToJson(code: PromoCodeRecord) {
  return {
    key: code.key,
    event: code.eventId,
    discount_type: code.discountType,
    discount: code.discount,
    tickets: code.tickets,
    start_at: code.startAt ? code.startAt.toISOString() : null,
    end_at: code.endAt ? code.endAt.toISOString() : null,
    max_uses: code.maxUses,
    use_count: code.useCount,
  };
}
