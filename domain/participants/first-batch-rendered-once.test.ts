import type { BatchItem } from "drizzle-orm/batch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberSessionGuardOf } from "#domain/auth/sessions";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { firstBatchOf, firstBatchStatementsOf, type ListParticipantsInput } from "./list-participants";

/** The SQL text and values a batch sends for a statement. */
function sent(statement: BatchItem<"sqlite">) {
  const { sql, params } = (statement as unknown as { _prepare(): { getQuery(): { sql: string; params: unknown[] } } })
    ._prepare()
    .getQuery();
  return { sql, params };
}

function batchOf({ page, shared }: ReturnType<typeof firstBatchOf>) {
  return [...shared, ...(page ? [page] : [])].map(sent);
}

type View = Omit<ListParticipantsInput, "eventId">;

// Pairs of views of one shape with different values: the second is read from what the first rendered.
const views: [string, View, View][] = [
  ["the first page", { offset: 0, limit: 10, sort: null }, { offset: 20, limit: 50, sort: null }],
  [
    "a name (a pair key)",
    { offset: 0, limit: 10, sort: null, search: "Loïc Bertrand" },
    { offset: 10, limit: 25, sort: null, search: "jean dupont" },
  ],
  [
    "one word",
    { offset: 0, limit: 10, sort: null, search: "dup" },
    { offset: 0, limit: 10, sort: null, search: "Girard" },
  ],
  [
    "an email",
    { offset: 0, limit: 10, sort: null, search: "loic.bertrand5@exemple.test" },
    { offset: 0, limit: 10, sort: null, search: "marie@dupond.test" },
  ],
  [
    "a word typed with a separator first",
    { offset: 0, limit: 10, sort: null, search: "@exemple" },
    { offset: 0, limit: 10, sort: null, search: ".test" },
  ],
  [
    "an order number",
    { offset: 0, limit: 10, sort: null, search: "24152" },
    { offset: 0, limit: 10, sort: null, search: "#7" },
  ],
  [
    "short words only (no token)",
    { offset: 0, limit: 10, sort: null, search: "jo" },
    { offset: 0, limit: 10, sort: null, search: "li" },
  ],
  [
    "five words and more",
    { offset: 0, limit: 10, sort: null, search: "anne marie de la tour du pin" },
    { offset: 0, limit: 10, sort: null, search: "jean pierre paul jacques andré" },
  ],
  [
    "a sort and a page",
    { offset: 3, limit: 3, sort: { id: "name", desc: false }, search: "lina" },
    { offset: 6, limit: 5, sort: { id: "name", desc: false }, search: "marc" },
  ],
  [
    "a deep page",
    { offset: 600, limit: 10, sort: { id: "price", desc: true } },
    { offset: 1_200, limit: 20, sort: { id: "price", desc: true } },
  ],
  [
    "other candidate limits",
    { offset: 0, limit: 10, sort: null, search: "dupont", candidates: 2, wideCandidates: 3 },
    { offset: 0, limit: 10, sort: null, search: "martin", candidates: 4, wideCandidates: 9 },
  ],
];

describe("the participants page's first reads rendered once (decision 0080)", () => {
  let t: LibsqlTestDatabase;
  beforeAll(async () => {
    t = await createLibsqlTestDatabase();
  });
  afterAll(() => t.close());

  it("send the SQL and the values the query builder renders, for every shape and every value of a shape", () => {
    const now = Date.UTC(2026, 10, 30, 12);
    for (const [label, first, second] of views) {
      for (const [i, view] of [first, second].entries()) {
        const event = { id: 9 + i, organizationId: 3 + i };
        const input = { eventId: event.id, ...view };
        const at = now + i * 86_400_000;
        expect(batchOf(firstBatchStatementsOf(t.db, event, input, at)), `${label} #${i}`).toEqual(
          batchOf(firstBatchOf(t.db, event, input, at)),
        );
        const guard = memberSessionGuardOf(`session-${i}`, event.organizationId, new Date(at));
        expect(batchOf(firstBatchStatementsOf(t.db, event, input, at, guard)), `${label} #${i}, guarded`).toEqual(
          batchOf(firstBatchOf(t.db, { ...event, readGuard: guard.sql }, input, at)),
        );
      }
    }
  });

  it("render a view with filters as built", () => {
    const input: ListParticipantsInput = { eventId: 9, offset: 0, limit: 10, sort: null, ticketIds: [4, 5] };
    const rendered = firstBatchStatementsOf(t.db, { id: 9, organizationId: 3 }, input, 0);
    // A statement rendered once answers only inside a batch; a built query is a query.
    expect(typeof (rendered.shared[1] as unknown as { toSQL?: unknown }).toSQL).toBe("function");
  });
});
