import { spawnSync } from "node:child_process";
import { readFileSync, realpathSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { orderDumpForRestore } from "./lib/d1-dump";
import { derivedTables } from "./lib/derived-tables";

const USAGE = `Usage: npm run db:restore -- <export.sql> [options]

Loads a \`wrangler d1 export\` file into an EMPTY database. The export lists tables in SQLite's own order, not their
foreign keys' order, and does not load as it is; this rewrites it (tables first, parents before children, then rows,
counters, indexes and triggers: scripts/lib/d1-dump.ts) and runs it with \`wrangler d1 execute\`.

  --output FILE       where to write the rewritten file (default: <export>.restore.sql)
  --database NAME     the D1 database to load it into (omit to only write the file)
  --remote            load into the Cloudflare database (default: the local one)
  --persist-to DIR    wrangler state directory of the local database
  -h, --help          show this help`;

function main(): void {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      output: { type: "string" },
      database: { type: "string" },
      remote: { type: "boolean", default: false },
      "persist-to": { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
    strict: true,
  });
  if (values.help || positionals.length !== 1) {
    console.log(USAGE);
    if (!values.help) process.exitCode = 1;
    return;
  }
  const input = resolve(positionals[0]!);
  const output = resolve(values.output ?? input.replace(/(\.sql)?$/, ".restore.sql"));
  writeFileSync(output, orderDumpForRestore(readFileSync(input, "utf8"), derivedTables()));
  console.log(`Wrote ${output}.`);
  if (!values.database) return;

  const wrangler = realpathSync(resolve(import.meta.dirname, "..", "node_modules/.bin/wrangler"));
  const args = ["d1", "execute", values.database, "--file", output, "--yes", values.remote ? "--remote" : "--local"];
  if (values["persist-to"]) args.push("--persist-to", values["persist-to"]);
  const result = spawnSync(process.execPath, [wrangler, ...args], { stdio: "inherit" });
  if (result.status !== 0) process.exitCode = result.status ?? 1;
}

main();
