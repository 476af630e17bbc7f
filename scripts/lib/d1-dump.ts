/*
 * `wrangler d1 export` writes each table's CREATE TABLE followed by its rows, tables in the order SQLite lists them
 * (sqlite_master), which is not the order of their foreign keys: a table rebuilt by a migration moves to the end, and
 * the first migration created its tables alphabetically, so `audit_logs` and its rows come before `users`. Loading
 * such a file into an empty database fails at the first row whose parent table does not exist yet ("no such table:
 * main.users"), even with the export's `PRAGMA defer_foreign_keys`, which defers the check of values, not of tables.
 * `orderDumpForRestore` rewrites an export so that it loads: every table created first, parents before children, then
 * the rows in the same order, then the AUTOINCREMENT counters, indexes, triggers and views. Triggers come after the
 * rows, as in the export, so they do not fire again on rows that already carry their effects (the token table).
 */

export type DumpStatement = { kind: StatementKind; table: string | null; text: string };

export type StatementKind =
  "pragma" | "create-table" | "insert" | "sequence" | "create-index" | "create-trigger" | "create-view" | "other";

/**
 * Splits SQL text into statements at the semicolons that end them: not inside a quoted string or identifier, a
 * comment, or a trigger's BEGIN … END body. Each statement keeps its text as written, ending with its semicolon.
 */
export function splitSqlStatements(text: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let depth = 0; // BEGIN … END of CREATE TRIGGER bodies, and CASE … END
  let index = 0;
  while (index < text.length) {
    const char = text[index]!;
    if (char === "'" || char === '"' || char === "`" || char === "[") {
      const close = char === "[" ? "]" : char;
      index++;
      while (index < text.length) {
        if (text[index] === close) {
          // A doubled quote is an escaped quote, inside the string.
          if (close !== "]" && text[index + 1] === close) index += 2;
          else break;
        } else index++;
      }
      index++;
      continue;
    }
    if (char === "-" && text[index + 1] === "-") {
      const end = text.indexOf("\n", index);
      index = end === -1 ? text.length : end + 1;
      continue;
    }
    if (char === "/" && text[index + 1] === "*") {
      const end = text.indexOf("*/", index + 2);
      index = end === -1 ? text.length : end + 2;
      continue;
    }
    if (/[A-Za-z_]/.test(char) && (index === 0 || !/[\w$]/.test(text[index - 1]!))) {
      let end = index;
      while (end < text.length && /[\w$]/.test(text[end]!)) end++;
      const word = text.slice(index, end).toUpperCase();
      // A CASE … END inside a trigger's body must not end the body; outside a trigger it nets to nothing.
      if (word === "CASE") depth++;
      else if (word === "BEGIN" && /^\s*CREATE\s+(TEMP\s+|TEMPORARY\s+)?TRIGGER\b/i.test(text.slice(start, index))) {
        depth++;
      } else if (word === "END" && depth > 0) depth--;
      index = end;
      continue;
    }
    if (char === ";" && depth === 0) {
      const statement = text.slice(start, index + 1).trim();
      if (statement !== ";") statements.push(statement);
      start = index + 1;
    }
    index++;
  }
  const rest = text.slice(start).trim();
  if (rest) statements.push(rest);
  return statements;
}

const NAME = String.raw`(?:"((?:[^"]|"")+)"|\x60([^\x60]+)\x60|\[([^\]]+)\]|([\w$]+))`;

function unquote(match: RegExpExecArray, from: number): string {
  return (match[from] ?? match[from + 1] ?? match[from + 2] ?? match[from + 3] ?? "").replaceAll('""', '"');
}

export function classifyStatement(text: string): DumpStatement {
  const pragma = /^PRAGMA\b/i.exec(text);
  if (pragma) return { kind: "pragma", table: null, text };
  const table = new RegExp(String.raw`^CREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?${NAME}`, "i").exec(text);
  if (table) return { kind: "create-table", table: unquote(table, 1), text };
  const insert = new RegExp(String.raw`^INSERT\s+(?:OR\s+\w+\s+)?INTO\s+${NAME}`, "i").exec(text);
  if (insert) {
    const name = unquote(insert, 1);
    return { kind: name === "sqlite_sequence" ? "sequence" : "insert", table: name, text };
  }
  const deletion = new RegExp(String.raw`^DELETE\s+FROM\s+${NAME}`, "i").exec(text);
  if (deletion && unquote(deletion, 1) === "sqlite_sequence") return { kind: "sequence", table: null, text };
  if (/^CREATE\s+(UNIQUE\s+)?INDEX\b/i.test(text)) return { kind: "create-index", table: null, text };
  if (/^CREATE\s+(TEMP\s+|TEMPORARY\s+)?TRIGGER\b/i.test(text)) return { kind: "create-trigger", table: null, text };
  if (/^CREATE\s+(TEMP\s+|TEMPORARY\s+)?VIEW\b/i.test(text)) return { kind: "create-view", table: null, text };
  return { kind: "other", table: null, text };
}

/** The tables a CREATE TABLE statement's foreign keys point to (itself left out). */
export function referencedTables(createTable: string, self: string): string[] {
  const found = new Set<string>();
  const pattern = new RegExp(String.raw`\bREFERENCES\s+${NAME}`, "gi");
  for (let match = pattern.exec(createTable); match; match = pattern.exec(createTable)) {
    const name = unquote(match, 1);
    if (name !== self) found.add(name);
  }
  return [...found];
}

/**
 * Tables ordered so that each comes after the tables its foreign keys point to; ties and cycles keep the export's
 * order (a cycle's rows still load: the export's `defer_foreign_keys` checks values at the end).
 */
export function tablesInForeignKeyOrder(creates: DumpStatement[]): string[] {
  const names = creates.map((statement) => statement.table!);
  const known = new Set(names);
  const parents = new Map(
    creates.map((statement) => [
      statement.table!,
      referencedTables(statement.text, statement.table!).filter((name) => known.has(name)),
    ]),
  );
  const ordered: string[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (name: string) => {
    if (state.get(name)) return;
    state.set(name, "visiting");
    for (const parent of parents.get(name) ?? []) visit(parent);
    state.set(name, "done");
    ordered.push(name);
  };
  for (const name of names) visit(name);
  return ordered;
}

/**
 * A table whose rows follow from other tables' rows and are rebuilt from them by one statement: its exported rows are
 * left out and the statement runs after every row is in, before the triggers (which would otherwise write them again).
 */
export type DerivedTable = { table: string; rebuild: string };

/** An export rewritten to load into an empty database (see the top of this file). */
export function orderDumpForRestore(text: string, derived: readonly DerivedTable[] = []): string {
  const statements = splitSqlStatements(text).map(classifyStatement);
  const of = (kind: StatementKind) => statements.filter((statement) => statement.kind === kind);
  const creates = of("create-table");
  const order = tablesInForeignKeyOrder(creates);
  const rank = new Map(order.map((name, position) => [name, position]));
  const byTable = (list: DumpStatement[]) =>
    list
      .map((statement, position) => ({ statement, position }))
      .sort(
        (a, b) =>
          (rank.get(a.statement.table!) ?? order.length) - (rank.get(b.statement.table!) ?? order.length) ||
          a.position - b.position,
      )
      .map(({ statement }) => statement);
  const pragmas = of("pragma");
  const hasDefer = pragmas.some((statement) => /defer_foreign_keys/i.test(statement.text));
  const ordered = [
    ...(hasDefer ? [] : [classifyStatement("PRAGMA defer_foreign_keys=TRUE;")]),
    ...pragmas,
    ...byTable(creates),
    ...byTable(of("insert").filter((statement) => !derived.some(({ table }) => table === statement.table))),
    ...derived.map(({ rebuild }) =>
      classifyStatement(rebuild.trim().endsWith(";") ? rebuild.trim() : `${rebuild.trim()};`),
    ),
    ...of("sequence"),
    ...of("other"),
    ...of("create-index"),
    ...of("create-view"),
    ...of("create-trigger"),
  ];
  return ordered.map((statement) => statement.text).join("\n") + "\n";
}
