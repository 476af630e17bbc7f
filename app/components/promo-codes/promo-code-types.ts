import type { DiscountType } from "#db/schema";
import type { PromoCodeState } from "#domain/promo-codes/promo-code-state";

/** A promo code as the page shows it (dates as ISO strings for the loader's JSON). */
export type PromoCodeView = {
  key: string;
  discountType: DiscountType;
  /** 1–100 for a percentage, cents for an amount. */
  discount: number;
  tickets: number[];
  startAt: string | null;
  endAt: string | null;
  maxUses: number;
  useCount: number;
  /** At the server's render: the page shows what the booking would answer now. */
  state: PromoCodeState;
};

export type PromoCodesPageData = {
  eventId: number;
  timezone: string;
  canUpdate: boolean;
  codes: PromoCodeView[];
  tickets: { id: number; title: string; ticketType: "ticket" | "addon" }[];
};

export type PromoCodesActionResult =
  | { ok: true; intent: "save" | "bulk" | "delete"; count: number }
  | { ok: false; errors: { formError?: string; fields?: Record<string, string> }; values: Record<string, string> };
