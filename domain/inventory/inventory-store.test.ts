import { describe, expect, it } from "vitest";
import { nodeSql } from "../../tests/support/local-inventory";
import { InventoryStore } from "./inventory-store";

describe("the inventory object's order ids (decision 0072)", () => {
  it("hands out each id of the block D1 set aside once, in order, then none until the next block", () => {
    const storage = nodeSql(":memory:");
    try {
      const store = new InventoryStore(storage.sql);
      expect(store.takeOrderId()).toBeNull();
      store.addOrderIds(10, 12);
      expect([store.takeOrderId(), store.takeOrderId(), store.takeOrderId()]).toEqual([10, 11, 12]);
      expect(store.takeOrderId()).toBeNull();
      expect(store.takeOrderId()).toBeNull();
      store.addOrderIds(40, 40);
      expect([store.takeOrderId(), store.takeOrderId()]).toEqual([40, null]);
    } finally {
      storage.close();
    }
  });
});
