import { parseAst } from "vite";
import { describe, expect, it } from "vitest";
import { markTablesPure } from "../../scripts/lib/pure-schema-tables";

const schema = `import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
export const eventRoles = ["event_manager", "team_manager", "validator"];
export const users = sqliteTable("users", { id: integer("id").primaryKey(), email: text("email").notNull() });
const helper = sqliteTable("helpers", { id: integer("id") });
export const events = sqliteTable("events", { ownerId: integer("owner_id").references(() => users.id) }, (t) => [t.ownerId]);
`;

function mark(code: string) {
  return markTablesPure(code, parseAst(code).body as never);
}

describe("markTablesPure", () => {
  it("wraps each exported table in a pure-annotated call and leaves the value lists and other statements alone", () => {
    expect(mark(schema)).toBe(`import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
export const eventRoles = ["event_manager", "team_manager", "validator"];
export const users = /* @__PURE__ */ (() => sqliteTable("users", { id: integer("id").primaryKey(), email: text("email").notNull() }))();
const helper = sqliteTable("helpers", { id: integer("id") });
export const events = /* @__PURE__ */ (() => sqliteTable("events", { ownerId: integer("owner_id").references(() => users.id) }, (t) => [t.ownerId]))();
`);
  });

  it("keeps the tables' values: the wrapped code still defines each table", () => {
    const wrapped = mark(`const sqliteTable = (name, columns) => ({ name, columns });
export const users = sqliteTable("users", { id: 1 });`);
    const users = new Function(`${wrapped.replace("export ", "")}; return users;`)() as unknown;
    expect(users).toEqual({ name: "users", columns: { id: 1 } });
  });
});
