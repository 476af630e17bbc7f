import { describe, expect, it } from "vitest";
import { classifyStatement, orderDumpForRestore, splitSqlStatements, tablesInForeignKeyOrder } from "./d1-dump";

// The shape of a `wrangler d1 export`: each table followed by its rows, children before their parents.
const EXPORT = `PRAGMA defer_foreign_keys=TRUE;
CREATE TABLE \`audit_logs\` (
	\`id\` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	\`user_id\` integer,
	\`summary\` text NOT NULL,
	FOREIGN KEY (\`user_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE set null
);
INSERT INTO "audit_logs" ("id","user_id","summary") VALUES(1,1,'renamed; then saved ''draft''');
CREATE TABLE \`users\` (
	\`id\` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	\`manager_id\` integer REFERENCES \`users\`(\`id\`),
	\`name\` text NOT NULL
);
INSERT INTO "users" ("id","manager_id","name") VALUES(1,NULL,'Zoé -- not a comment');
INSERT INTO "users" ("id","manager_id","name") VALUES(2,1,'A;B');
DELETE FROM sqlite_sequence;
INSERT INTO "sqlite_sequence" VALUES('users',2);
CREATE INDEX \`audit_logs_user_idx\` ON \`audit_logs\` (\`user_id\`);
CREATE TRIGGER \`users_touch\` AFTER UPDATE ON \`users\` BEGIN
  UPDATE audit_logs SET summary = CASE WHEN new.name = '' THEN 'empty;' ELSE new.name END WHERE user_id = new.id;
END;
`;

/** Each statement as `kind:table`, in the file's order. */
function kindsOf(statements: string[]): string[] {
  return statements.map((text) => {
    const { kind, table } = classifyStatement(text);
    return `${kind}:${table ?? ""}`;
  });
}

describe("splitting an export into statements", () => {
  it("ends statements only at semicolons outside strings, comments and trigger bodies", () => {
    const statements = splitSqlStatements(EXPORT);
    expect(statements).toHaveLength(10);
    expect(statements[2]).toBe(
      `INSERT INTO "audit_logs" ("id","user_id","summary") VALUES(1,1,'renamed; then saved ''draft''');`,
    );
    expect(statements[5]).toContain("'A;B'");
    expect(statements[9]).toMatch(/^CREATE TRIGGER[\s\S]*ELSE new\.name END WHERE user_id = new\.id;\nEND;$/);
  });

  it("knows each statement's kind and table", () => {
    const kinds = splitSqlStatements(EXPORT).map((text) => {
      const { kind, table } = classifyStatement(text);
      return `${kind}:${table ?? ""}`;
    });
    expect(kinds).toEqual([
      "pragma:",
      "create-table:audit_logs",
      "insert:audit_logs",
      "create-table:users",
      "insert:users",
      "insert:users",
      "sequence:",
      "sequence:sqlite_sequence",
      "create-index:",
      "create-trigger:",
    ]);
  });
});

describe("ordering an export for restore", () => {
  it("puts a table after the tables its foreign keys point to, ignoring self-references", () => {
    const creates = splitSqlStatements(EXPORT)
      .map(classifyStatement)
      .filter((statement) => statement.kind === "create-table");
    expect(tablesInForeignKeyOrder(creates)).toEqual(["users", "audit_logs"]);
  });

  it("creates every table first, parents first, then rows in the same order, counters, indexes, triggers last", () => {
    const restored = kindsOf(splitSqlStatements(orderDumpForRestore(EXPORT)));
    expect(restored).toEqual([
      "pragma:",
      "create-table:users",
      "create-table:audit_logs",
      "insert:users",
      "insert:users",
      "insert:audit_logs",
      "sequence:",
      "sequence:sqlite_sequence",
      "create-index:",
      "create-trigger:",
    ]);
  });

  it("keeps each row's text and adds the deferral of foreign key checks when the file lacks it", () => {
    const withoutPragma = EXPORT.replace("PRAGMA defer_foreign_keys=TRUE;\n", "");
    const restored = orderDumpForRestore(withoutPragma);
    expect(restored.startsWith("PRAGMA defer_foreign_keys=TRUE;\n")).toBe(true);
    expect(restored).toContain(`VALUES(1,NULL,'Zoé -- not a comment');`);
    expect(splitSqlStatements(restored)).toHaveLength(10);
  });

  it("leaves out a derived table's rows and rebuilds them after every row, before the triggers", () => {
    const rebuild = "INSERT INTO audit_logs (id, user_id, summary) SELECT id, id, 'rebuilt' FROM users";
    const restored = splitSqlStatements(orderDumpForRestore(EXPORT, [{ table: "audit_logs", rebuild }]));
    expect(kindsOf(restored)).toEqual([
      "pragma:",
      "create-table:users",
      "create-table:audit_logs",
      "insert:users",
      "insert:users",
      "insert:audit_logs",
      "sequence:",
      "sequence:sqlite_sequence",
      "create-index:",
      "create-trigger:",
    ]);
    expect(restored[5]).toBe(`${rebuild};`);
    expect(restored.join("\n")).not.toContain("then saved");
  });
});
