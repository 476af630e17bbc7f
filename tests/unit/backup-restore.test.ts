import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { createClient, type Client } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLibsqlDatabase } from "#db/libsql";
import { derivedTables } from "../../scripts/lib/derived-tables";
import { findLocalD1File } from "../../scripts/lib/local-d1";
import { seedDatabase } from "../../scripts/lib/seed-data";
import { startOfUtcDay } from "../../scripts/lib/seed-time";

/*
 * The backup path the README gives: `wrangler d1 export` of the seeded demo database, loaded into an empty database
 * with `npm run db:restore` (scripts/lib/d1-dump.ts), gives back every table row for row. Real wrangler, real local
 * D1 files; only the database's contents are ours.
 */
const root = resolve(import.meta.dirname, "../..");
const wrangler = realpathSync(resolve(root, "node_modules/.bin/wrangler"));
// The seeded demo exports about 100,000 search-token rows beside its 4,300 participants (decision 0074): about 3 min
// on a quiet 2-core machine, so the bound leaves room for a busy one.
const SLOW = 480_000;

function runWrangler(cwd: string, args: string[]) {
  return spawnSync(process.execPath, [wrangler, ...args], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" },
    maxBuffer: 64 * 1024 * 1024,
  });
}

function mustRun(cwd: string, args: string[]) {
  const result = runWrangler(cwd, args);
  if (result.status !== 0) throw new Error(`wrangler ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
  return result;
}

// A rebuilt table (the search tokens) is refilled in its statement's order, not the bookings': its rowid is no
// identity, its rows are compared in the order of their columns.
const rebuilt = new Set(derivedTables().map((derived) => derived.table));

async function tableRows(client: Client, table: string) {
  const name = `"${table.replaceAll('"', '""')}"`;
  const order = rebuilt.has(table)
    ? (await client.execute(`SELECT * FROM ${name} LIMIT 0`)).columns.map((_, i) => i + 1).join(", ")
    : "rowid";
  const result = await client.execute(`SELECT * FROM ${name} ORDER BY ${order}`);
  return result.rows.map((row) => result.columns.map((column) => row[column]));
}

describe("a database export restores into an empty database", () => {
  let dir: string;
  let exported: string;
  let original: Client;
  let restored: Client;
  let rawLoad: ReturnType<typeof runWrangler>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "guichet-backup-"));
    writeFileSync(join(dir, "wrangler.toml"), readFileSync(resolve(root, "wrangler.toml")));
    symlinkSync(resolve(root, "migrations"), join(dir, "migrations"));
    mustRun(dir, ["d1", "migrations", "apply", "DB", "--local"]);

    const { db, close } = createLibsqlDatabase(pathToFileURL(findLocalD1File(join(dir, ".wrangler/state"))).href);
    try {
      await seedDatabase(db, { now: startOfUtcDay(new Date()) });
    } finally {
      close();
    }

    exported = join(dir, "export.sql");
    mustRun(dir, ["d1", "export", "DB", "--local", "--output", exported]);
    rawLoad = runWrangler(dir, ["d1", "execute", "DB", "--local", "--persist-to", "raw", "--file", exported, "-y"]);

    const restoreFile = join(dir, "restore.sql");
    execFileSync(process.execPath, [
      realpathSync(resolve(root, "node_modules/.bin/tsx")),
      resolve(root, "scripts/restore-database.ts"),
      exported,
      "--output",
      restoreFile,
    ]);
    mustRun(dir, ["d1", "execute", "DB", "--local", "--persist-to", "restored", "--file", restoreFile, "-y"]);

    original = createClient({ url: pathToFileURL(findLocalD1File(join(dir, ".wrangler/state"))).href });
    restored = createClient({ url: pathToFileURL(findLocalD1File(join(dir, "restored"))).href });
  }, SLOW);

  afterAll(() => {
    original?.close();
    restored?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("the export as wrangler writes it does not load (a table's rows come before the tables they point to)", () => {
    expect(rawLoad.status).not.toBe(0);
    expect(`${rawLoad.stdout}${rawLoad.stderr}`).toMatch(/no such table/i);
  });

  it("rewritten by db:restore, it gives back the same schema and every row of every table", async () => {
    const schemaOf = async (client: Client) =>
      (
        await client.execute(
          "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE '_cf_%' AND name NOT LIKE 'sqlite_autoindex%' ORDER BY type, name",
        )
      ).rows.map((row) => [row.type, row.name, row.tbl_name, row.sql]);
    const schema = await schemaOf(original);
    expect(await schemaOf(restored)).toEqual(schema);

    const tables = schema.filter(([type]) => type === "table").map(([, name]) => String(name));
    expect(tables).toEqual(
      expect.arrayContaining(["users", "audit_logs", "orders", "participants", "sqlite_sequence"]),
    );
    let rows = 0;
    for (const table of tables) {
      const before = await tableRows(original, table);
      rows += before.length;
      expect({ table, rows: await tableRows(restored, table) }).toEqual({ table, rows: before });
    }
    expect(rows).toBeGreaterThan(10_000);
  });

  it("the restored database keeps its foreign keys whole", async () => {
    expect((await restored.execute("PRAGMA foreign_key_check")).rows).toEqual([]);
  });
});
