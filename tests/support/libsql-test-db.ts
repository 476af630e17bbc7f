import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createClient } from "@libsql/client";
import { sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { createLibsqlDatabase } from "#db/libsql";

const defaultMigrationsDir = resolve(import.meta.dirname, "../../migrations");

type Migration = { name: string; statements: string[] };

/** The drizzle migrations in `dir`, in file-name order, each split into its SQL statements. */
function readMigrations(dir: string = defaultMigrationsDir): Migration[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith(".sql"))
    .sort()
    .map((file) => ({
      name: file,
      statements: readFileSync(join(dir, file), "utf8")
        .split("--> statement-breakpoint")
        .map((statement) => statement.trim())
        .filter((statement) => statement.length > 0),
    }));
}

/**
 * Applies every migration to the libSQL database at `url` (e.g. `file:/tmp/x/guichet.db`), each migration in one
 * transaction, recording the applied names in `d1_migrations` as wrangler does so a later run skips them.
 */
async function applyLibsqlMigrations(url: string, dir: string = defaultMigrationsDir): Promise<string[]> {
  const client = createClient({ url });
  try {
    await client.execute(
      "CREATE TABLE IF NOT EXISTS d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)",
    );
    const done = new Set((await client.execute("SELECT name FROM d1_migrations")).rows.map((row) => String(row.name)));
    const applied: string[] = [];
    for (const migration of readMigrations(dir)) {
      if (done.has(migration.name)) continue;
      await client.batch(
        [...migration.statements, { sql: "INSERT INTO d1_migrations (name) VALUES (?)", args: [migration.name] }],
        "write",
      );
      applied.push(migration.name);
    }
    return applied;
  } finally {
    client.close();
  }
}

export type LibsqlTestDatabase = { db: Database; url: string; dir: string; close: () => void };

/** A fresh `file:` libSQL database in its own temporary folder, migrated, with foreign keys enforced. */
export async function createLibsqlTestDatabase(): Promise<LibsqlTestDatabase> {
  const dir = mkdtempSync(join(tmpdir(), "guichet-libsql-"));
  const url = `file:${join(dir, "guichet.db")}`;
  await applyLibsqlMigrations(url);
  const { db, close } = createLibsqlDatabase(url);
  // libSQL turns foreign keys on by default; say so explicitly so the tests never depend on a build option.
  await db.run(sql`PRAGMA foreign_keys = ON`);
  return {
    db,
    url,
    dir,
    close: () => {
      close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
