import { sql } from "drizzle-orm";
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import { createLibsqlDatabase } from "../db/libsql";
import { rebuildSalesFigures } from "../domain/sales-figures/rebuild-sales-figures";
import { formatDemoLogins } from "./lib/demo-logins";
import { findLocalD1File } from "./lib/local-d1";
import { seedDatabase } from "./lib/seed-data";
import { addDemoRefunds } from "./lib/seed-refunds";

const USAGE = `Usage: npm run seed -- [options]

Fills the database with the demo data (accounts, organizations, events, orders, check-ins, payouts).

  --persist-to DIR    wrangler state directory of the local D1 database (default .wrangler/state)
  --url URL           a libSQL URL instead of the local D1 file (file:/tmp/guichet.db, libsql://…)
  --reset             delete every row first
  --if-empty          do nothing when the database already has users
  --participants N    also build "Grand Festival" with N participants, for scale work
                      (on an already seeded demo database, adds just that event)
  -h, --help          show this help`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      "persist-to": { type: "string", default: ".wrangler/state" },
      url: { type: "string" },
      reset: { type: "boolean", default: false },
      "if-empty": { type: "boolean", default: false },
      participants: { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const participants = values.participants === undefined ? 0 : Number(values.participants);
  if (!Number.isInteger(participants) || participants < 0)
    throw new Error(`--participants expects a whole number, got "${values.participants}".`);

  const url = values.url ?? pathToFileURL(findLocalD1File(values["persist-to"])).href;
  const target = values.url ?? "local D1 (binding DB)";
  const { db, close } = createLibsqlDatabase(url);
  try {
    // At scale the participants' search tokens (migration 0034) are a B-tree far larger than SQLite's 2 MB default
    // cache: each trigger's inserts land on pages read again from disk. 1 GB for this connection (100,000 participants
    // in the token triggers alone: 47 → 30 s on this machine, load 10).
    if (participants > 0) await db.run(sql`PRAGMA cache_size = -1048576`);
    const result = await seedDatabase(db, {
      reset: values.reset,
      ifEmpty: values["if-empty"],
      participants,
      log: (line) => console.log(line),
    });
    // The finance pages show refunds too (a no-op when the demo already has some).
    if (!result.skipped) await addDemoRefunds(db);
    // Sales write their figures in their own batches; the seed writes rows directly, so it recounts them (a skipped
    // seed too: its database may predate the figures).
    await rebuildSalesFigures(db);
    if (result.skipped) {
      console.log(`Seed skipped: ${target} already has users.`);
      return;
    }
    const width = Math.max(...Object.keys(result.counts).map((name) => name.length));
    console.log(
      `Seeded ${target} in ${(result.durationMs / 1000).toFixed(1)} s (reference day ${result.reference.toISOString().slice(0, 10)}).`,
    );
    for (const [name, rows] of Object.entries(result.counts))
      console.log(`  ${name.padEnd(width)}  ${rows.toLocaleString("en-US").padStart(9)}`);
    console.log(`\nDemo logins:\n${formatDemoLogins()}`);
  } finally {
    close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
