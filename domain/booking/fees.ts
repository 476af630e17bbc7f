/**
 * The platform fee (docs/decisions/0017-booking-holds-and-fees.md): 1.5 % of what a paid unit costs after its
 * discount, plus 0.25 €, per unit; free units carry none. A ticket's fees_type says who pays it: `included` takes it
 * from the organizer's share, `added` adds it to the buyer's price.
 */
const PLATFORM_FEE_BASIS_POINTS = 150;
const PLATFORM_FEE_FIXED_CENTS = 25;

export function platformFee(amount: number): number {
  return amount > 0 ? Math.round((amount * PLATFORM_FEE_BASIS_POINTS) / 10_000) + PLATFORM_FEE_FIXED_CENTS : 0;
}

/** The discount a promo code takes off one unit at `price`: percent in basis points, or an amount in cents. */
export function unitDiscount(
  price: number,
  promo: { discountType: "percent" | "amount"; discountValue: number },
): number {
  if (price <= 0) return 0;
  const discount =
    promo.discountType === "percent" ? Math.floor((price * promo.discountValue) / 10_000) : promo.discountValue;
  return Math.max(0, Math.min(price, discount));
}
