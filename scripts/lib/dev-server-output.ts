/**
 * What `npm start` shows of `wrangler dev`'s output: one short line per request instead of two (the Worker's JSON
 * `request` line and wrangler's own), the Worker's other log lines made readable, and none of wrangler's start-up
 * chatter (bindings tables printed twice, the offline `Request.cf` stack trace, the note that crons do not run
 * locally — `npm start` fires them). Everything is kept until the server is ready, so a failed start shows it all.
 */
// eslint-disable-next-line no-control-regex -- wrangler colours its output with ANSI escapes
const ANSI = /\u001b\[[0-9;]*m/g;

const DROPPED = [
  /^\[wrangler:(info|debug)\]/, // wrangler's copy of each request line, "Ready on", header rules
  /^\[wrangler:warn\] Unable to fetch the `Request\.cf` object/,
  /^Error: getaddrinfo \S+ workers\.cloudflare\.com/,
  /^\s+at \S.*\(node:/, // the stack of that lookup
  /^⎔ /,
];

export interface WorkerLogLine {
  time?: string;
  level?: string;
  msg?: string;
  [field: string]: unknown;
}

function formatLogLine(entry: WorkerLogLine): string {
  const time = typeof entry.time === "string" ? entry.time.slice(11, 19) : "";
  if (entry.msg === "request") {
    const mark = Number(entry.status) >= 500 ? "✖" : " ";
    return `${time} ${mark} ${String(entry.method)} ${String(entry.path)} ${String(entry.status)} ${String(entry.duration_ms)} ms`;
  }
  const { time: _time, level, msg, request_id: _request, method: _method, path: _path, ...fields } = entry;
  const details = Object.entries(fields)
    .map(([key, value]) => `${key}=${typeof value === "string" ? value : JSON.stringify(value)}`)
    .join(" ");
  const mark = level === "error" ? "✖" : level === "warn" ? "!" : " ";
  return `${time} ${mark} ${String(msg)}${details ? `  ${details}` : ""}`;
}

/** A cron task that found nothing to do (every count 0): every five minutes, three such lines would bury the requests. */
function isIdleCronRun(entry: WorkerLogLine): boolean {
  if (entry.msg !== "cron" || entry.level !== "info") return false;
  const counts = Object.entries(entry).filter(([key, value]) => key !== "duration_ms" && typeof value === "number");
  return counts.every(([, value]) => value === 0);
}

/** The line to print for one line of wrangler's output once the server is ready, or null to drop it. */
export function presentServerLine(raw: string): string | null {
  const line = raw.replace(ANSI, "").trimEnd();
  if (line === "") return null;
  if (DROPPED.some((pattern) => pattern.test(line))) return null;
  if (line.startsWith("{")) {
    try {
      const entry = JSON.parse(line) as WorkerLogLine;
      if (typeof entry.msg === "string") return isIdleCronRun(entry) ? null : formatLogLine(entry);
    } catch {
      // not one of our log lines: shown as it is
    }
  }
  return line;
}

/** Before the server is ready, only errors are shown at once; the rest is kept for a failed start. */
export function isStartupError(raw: string): boolean {
  const line = raw.replace(ANSI, "");
  return /\[ERROR\]|✘/.test(line);
}
