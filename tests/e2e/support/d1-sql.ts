import { spawnSync } from "node:child_process";
import { realpathSync } from "node:fs";
import { resolve } from "node:path";

const root = resolve(import.meta.dirname, "../../..");

/**
 * Runs SQL on the e2e server's local database (`wrangler d1 execute --local`, the state directory
 * scripts/e2e-server.ts serves), for what a spec cannot make from the browser yet. Returns the rows of the last
 * statement. Values are the spec's own numbers, written into the SQL.
 */
export function runE2eSql<T = Record<string, unknown>>(sql: string): T[] {
  const persistTo = process.env.E2E_STATE ?? ".wrangler/e2e-state";
  // The server writes the same SQLite file: a statement that meets its write lock (SQLITE_BUSY) is run again.
  for (let attempt = 1; ; attempt++) {
    const result = execute(sql, persistTo);
    const busy = result.status !== 0 && /SQLITE_BUSY|database is locked/.test(`${result.stderr}${result.stdout}`);
    if (busy && attempt < 10) {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300 * attempt);
      continue;
    }
    if (result.status !== 0) throw new Error(`wrangler d1 execute failed: ${result.stderr || result.stdout}`);
    const parsed = JSON.parse(result.stdout) as { results: T[] }[];
    return parsed.at(-1)?.results ?? [];
  }
}

function execute(sql: string, persistTo: string) {
  return spawnSync(
    process.execPath,
    [
      realpathSync(resolve(root, "node_modules/.bin/wrangler")),
      "d1",
      "execute",
      "DB",
      "--local",
      "--persist-to",
      persistTo,
      "--json",
      "--command",
      sql,
    ],
    { cwd: root, env: { ...process.env, WRANGLER_SEND_METRICS: "false" }, encoding: "utf8" },
  );
}
