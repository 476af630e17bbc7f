import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import { readFigures, recountTotals, runFiguresScenario } from "../../tests/support/sales-figures-scenario";
import { rebuildSalesFigures } from "./rebuild-sales-figures";

const db = createD1Database(env.DB);

describe("sales figures kept in the write batches (D1)", () => {
  it("end equal to a rebuild from the rows after confirmations, refunds, cancellations and deletions", async () => {
    const { event } = await runFiguresScenario(db);
    const incremental = await readFigures(db, event.id);
    expect(incremental.totals).toEqual([{ participants: 5, orders: 3, gross: 8100, fees: 172, net: 7928 }]);
    expect(incremental.totals[0]).toEqual(await recountTotals(db, event.id));
    expect(incremental.days.map((day) => [day.day, day.participants])).toEqual([
      ["2026-03-28", 2],
      ["2026-04-02", 3],
    ]);

    await rebuildSalesFigures(db, { eventId: event.id });
    expect(await readFigures(db, event.id)).toEqual(incremental);
    await rebuildSalesFigures(db);
    expect(await readFigures(db, event.id)).toEqual(incremental);
  });
});
