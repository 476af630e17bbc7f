import { describe, expect, it } from "vitest";
import { orderStatuses } from "#db/schema";
import {
  countsAsParticipant,
  countsAsSale,
  MONEY_ORDER_STATUSES,
  PARTICIPANT_ORDER_STATUSES,
  SALE_ORDER_STATUSES,
} from "./order-status";

describe("order statuses", () => {
  it("counts paid and manual orders as sales, pending ones as participants but not sales", () => {
    expect(orderStatuses.filter(countsAsSale)).toEqual(["paid", "manual"]);
    expect(orderStatuses.filter(countsAsParticipant)).toEqual(["pending", "paid", "manual"]);
  });

  it("makes every sale a participant order, and uses only the schema's statuses", () => {
    for (const status of SALE_ORDER_STATUSES) expect(PARTICIPANT_ORDER_STATUSES).toContain(status);
    for (const status of [...PARTICIPANT_ORDER_STATUSES, ...MONEY_ORDER_STATUSES])
      expect(orderStatuses).toContain(status);
  });
});
