import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { entriesAfterQuery } from "#domain/entries/list-entries-after";
import { transactionsAfterQuery } from "#domain/finance/list-transactions-after";
import { ordersAfterQuery } from "#domain/orders/list-orders-after";
import { participantsAfterQuery } from "#domain/participants/list-participants-after";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { cursorOf, cursorPage, CURSOR_LIMIT_DEFAULT } from "./cursor-paging";

describe("cursor paging", () => {
  it("is asked by limit or starting_after, defaults to 25 a page", () => {
    expect(cursorOf({})).toBeNull();
    expect(cursorOf({ starting_after: 40 })).toEqual({ startingAfter: 40, limit: CURSOR_LIMIT_DEFAULT });
    expect(cursorOf({ limit: 3 })).toEqual({ startingAfter: null, limit: 3 });
  });

  it("reads limit + 1 rows to know whether a page follows", () => {
    const cursor = { startingAfter: null, limit: 2 };
    expect(cursorPage([1, 2, 3], cursor)).toEqual({ items: [1, 2], hasMore: true });
    expect(cursorPage([1, 2], cursor)).toEqual({ items: [1, 2], hasMore: false });
  });

  describe("query plans", () => {
    let t: LibsqlTestDatabase;
    beforeAll(async () => {
      t = await createLibsqlTestDatabase();
    });
    afterAll(() => t.close());

    const plan = async (query: { getSQL(): ReturnType<typeof sql> }) =>
      (await t.db.all<{ detail: string }>(sql`explain query plan ${query.getSQL()}`)).map((row) => String(row.detail));

    it("seeks participants, orders, entries and transactions after the cursor on an index, never sorting", async () => {
      const event = { id: 1, organizationId: 1 };
      const cursor = { startingAfter: 50_000, limit: 100 };
      for (const detail of [
        await plan(participantsAfterQuery(t.db, event, cursor)),
        await plan(ordersAfterQuery(t.db, event, cursor)),
        await plan(entriesAfterQuery(t.db, event, {}, cursor)),
        await plan(transactionsAfterQuery(t.db, 1, {}, cursor)),
      ]) {
        expect(detail.join("\n")).not.toMatch(/TEMP B-TREE/);
        expect(detail[0]).toMatch(/USING (COVERING )?INDEX|USING INTEGER PRIMARY KEY/);
        expect(detail[0]).toMatch(/rowid>\?|id>\?/);
      }
    });
  });
});
