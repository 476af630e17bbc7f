/**
 * A Vite plugin for the browser build: marks each table of db/schema.ts (`export const x = sqliteTable(…)`) as free of
 * side effects, so that a page importing one of the file's value lists (`eventRoles`, `formTypes`…), or a domain module
 * that also holds SQL for the server, does not ship every table definition and drizzle with them (12 KB gzipped on 17
 * signed-in pages; docs/decisions/0071-lighter-signed-in-pages.md). Defining a table has no effect outside its value,
 * but Rolldown cannot know it: each initializer becomes `/* @__PURE__ *\/ (() => sqliteTable(…))()`, dropped when
 * nothing uses the table. The Worker's build is left alone.
 */
import type { Plugin } from "vite";

type Node = { type: string; start: number; end: number };
type Declarator = Node & { init: (Node & { callee?: Node & { name?: string } }) | null };
type Statement = Node & { declaration?: (Node & { declarations?: Declarator[] }) | null };

/** The initializers of `export const x = sqliteTable(…)`, wrapped in a pure-annotated arrow call. */
export function markTablesPure(code: string, body: Statement[]): string {
  const initializers = body
    .filter((statement) => statement.type === "ExportNamedDeclaration")
    .flatMap((statement) => statement.declaration?.declarations ?? [])
    .map((declarator) => declarator.init)
    .filter((init) => init?.type === "CallExpression" && init.callee?.name === "sqliteTable")
    .sort((a, b) => b!.start - a!.start);
  let result = code;
  for (const init of initializers) {
    result = `${result.slice(0, init!.start)}/* @__PURE__ */ (() => ${result.slice(init!.start, init!.end)})()${result.slice(init!.end)}`;
  }
  return result;
}

export function pureSchemaTables(): Plugin {
  return {
    name: "guichet:pure-schema-tables",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    transform(code, id) {
      if (!/[\\/]db[\\/]schema\.ts$/.test(id.split("?")[0]!)) return null;
      const program = this.parse(code) as unknown as { body: Statement[] };
      return { code: markTablesPure(code, program.body), map: null };
    },
  };
}
