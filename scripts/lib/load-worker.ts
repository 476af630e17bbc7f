/*
 * `wrangler dev` for `npm run load`, through wrangler's Node API instead of its command line, for one difference: no
 * DevTools inspector. From the command line, wrangler dev always attaches its inspector proxy to the runtime and
 * enables its Runtime domain, so that every console.log of the Worker is also turned into a DevTools event (about half
 * a millisecond of the Worker's CPU per log line, measured: docs/decisions/0027-scale-plan.md). That is development
 * tooling, like the local trace collector the load already turns off; the log lines still reach the log file.
 *
 * Usage (scripts/lib/load-server.ts): tsx scripts/lib/load-worker.ts <wrangler.json> <port> <persist dir> <vars JSON>
 */
import { unstable_startWorker } from "wrangler";

const [config, port, persist, vars] = process.argv.slice(2);
if (!config || !port || !persist || !vars) throw new Error("usage: load-worker.ts <config> <port> <persist> <vars>");

const worker = await unstable_startWorker({
  config,
  bindings: Object.fromEntries(
    Object.entries(JSON.parse(vars) as Record<string, string>).map(([name, value]) => [
      name,
      { type: "plain_text" as const, value },
    ]),
  ),
  dev: {
    server: { hostname: "127.0.0.1", port: Number(port) },
    inspector: false,
    persist,
    watch: false,
  },
});
await worker.ready;
console.log(`load worker ready on 127.0.0.1:${port}, no inspector`);
const stop = () => {
  void worker.dispose().finally(() => process.exit(0));
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
