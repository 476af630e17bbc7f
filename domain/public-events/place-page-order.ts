import * as v from "valibot";
import type { Database } from "#db/database";
import { bookingRateLimits, promoCodeGuessLimit } from "../booking/booking-rate-limits";
import { placeOrderBodySchema } from "../booking/order-input-schema";
import { placeOrder, type PlacedOrder, type PlaceOrderDeps } from "../booking/place-order";
import { AppError, isAppError } from "../shared/app-error";
import { issuesToFields } from "../shared/validation";

/**
 * The booking page's order: the same body and the same `placeOrder` (H1) as POST /api/public/events/:id/orders. A
 * shortage of one ticket is reported on that ticket's line (`items.<index>.quantity`), so the page shows it there.
 * Wrong fields of any kind (names, email, answers, billing, participants) come back together in one refusal, whose
 * message is the page's summary.
 */
export async function placePageOrder(
  db: Database,
  deps: PlaceOrderDeps,
  input: { eventId: number; body: Record<string, unknown>; ip: string | null },
): Promise<PlacedOrder> {
  const parsed = v.safeParse(placeOrderBodySchema, input.body);
  if (!parsed.success) {
    throw new AppError("validation", "booking:page.errors-summary", { fields: issuesToFields(parsed.issues) });
  }
  try {
    return await placeOrder(
      db,
      {
        ...deps,
        rateLimits: bookingRateLimits(parsed.output.buyer.email, input.ip),
        promoCodeGuesses: promoCodeGuessLimit(input.ip, input.eventId),
      },
      { eventId: input.eventId, body: parsed.output },
    );
  } catch (error) {
    if (isAppError(error) && error.code === "validation" && error.fields)
      throw new AppError("validation", "booking:page.errors-summary", { fields: error.fields });
    const ticketId = isAppError(error) && error.code === "conflict" ? error.details?.ticketId : undefined;
    if (typeof ticketId === "number") {
      const index = parsed.output.items.findIndex((item) => item.ticket_id === ticketId);
      throw new AppError("conflict", error instanceof AppError ? error.messageKey : "booking:errors.sold-out", {
        reason: error instanceof AppError ? error.reason : "sold_out",
        fields: index >= 0 ? { [`items.${index}.quantity`]: "booking:errors.sold-out" } : undefined,
        details: { ticketId },
      });
    }
    throw error;
  }
}
