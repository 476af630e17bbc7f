import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import { createLibsqlDatabase } from "../db/libsql";
import { rebuildSalesFigures } from "../domain/sales-figures/rebuild-sales-figures";
import { findLocalD1File } from "./lib/local-d1";

const USAGE = `Usage: npm run figures:rebuild -- [options]

Recomputes the sales figures (per event and per day: participants, orders, gross, fees, net) from the orders and
participants, for one event or every event. Each event is rewritten in one batch.

  --event ID          only this event
  --persist-to DIR    wrangler state directory of the local D1 database (default .wrangler/state)
  --url URL           a libSQL URL instead of the local D1 file (file:/tmp/guichet.db, libsql://…)
  -h, --help          show this help`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      event: { type: "string" },
      "persist-to": { type: "string", default: ".wrangler/state" },
      url: { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const eventId = values.event === undefined ? undefined : Number(values.event);
  if (eventId !== undefined && !(Number.isInteger(eventId) && eventId > 0))
    throw new Error(`--event expects an event id, got "${values.event}".`);

  const url = values.url ?? pathToFileURL(findLocalD1File(values["persist-to"])).href;
  const target = values.url ?? "local D1 (binding DB)";
  const { db, close } = createLibsqlDatabase(url);
  try {
    const started = performance.now();
    const result = await rebuildSalesFigures(db, { eventId });
    console.log(
      `Rebuilt the sales figures of ${result.events} event(s) on ${target} in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
    );
  } finally {
    close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
