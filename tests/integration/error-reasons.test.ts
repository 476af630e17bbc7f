import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import { insertEvent, insertOrganization, insertTicket } from "../support/fixtures";
import { errorOf } from "../support/error-body";

const db = createD1Database(env.DB);
const FUTURE = new Date(Date.now() + 30 * 86_400_000);

function order(eventId: number, items: { ticket_id: number; quantity: number }[]) {
  return exports.default.fetch(`http://localhost/api/public/events/${eventId}/orders`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ buyer: { first_name: "Léa", last_name: "Roux", email: "lea@exemple.test" }, items }),
  });
}

/** An AppError's finer reason is its answer's code; transports answer by it, not by copy. */
describe("API error reasons", () => {
  it("gives every AppError answer its type and code", async () => {
    const missing = await exports.default.fetch("http://localhost/api/public/events/999999");
    expect(missing.status).toBe(404);
    expect(errorOf(await missing.json())).toMatchObject({ type: "not_found", code: "not_found" });
  });

  it("answers a sold-out ticket 409 sold_out from the reason", async () => {
    const organization = await insertOrganization(db);
    const event = await insertEvent(db, organization.id, { status: "published", startAt: FUTURE, endAt: FUTURE });
    const ticket = await insertTicket(db, event, { price: 0, isFree: true, amount: 1, purchased: 1 });
    const response = await order(event.id, [{ ticket_id: ticket.id, quantity: 1 }]);
    expect(response.status).toBe(409);
    expect(errorOf(await response.json())).toMatchObject({ type: "conflict", code: "sold_out", ticket_id: ticket.id });
  });
});
