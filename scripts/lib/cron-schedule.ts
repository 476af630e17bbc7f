/**
 * Which of the Worker's cron expressions (wrangler.toml `[triggers] crons`) are due in a given UTC minute, so that
 * `npm start` can fire them locally: `wrangler dev` never triggers scheduled events by itself.
 * Supports the five standard fields with `*`, `*\/n`, `a`, `a-b`, `a-b/n` and lists — what Cloudflare's crons accept
 * apart from names (JAN, MON) and `L`/`W`/`#`, which wrangler.toml does not use.
 */
const fieldRanges = [
  [0, 59],
  [0, 23],
  [1, 31],
  [1, 12],
  [0, 6],
] as const;

function fieldMatches(field: string, value: number, [min, max]: readonly [number, number]): boolean {
  return field.split(",").some((part) => {
    const [range = "", stepText] = part.split("/");
    const step = stepText === undefined ? 1 : Number(stepText);
    if (!Number.isInteger(step) || step < 1) throw new Error(`Unsupported cron step "${part}"`);
    let from: number;
    let to: number;
    if (range === "*") [from, to] = [min, max];
    else if (range.includes("-")) [from, to] = range.split("-").map(Number) as [number, number];
    else [from, to] = [Number(range), stepText === undefined ? Number(range) : max];
    if (!Number.isInteger(from) || !Number.isInteger(to)) throw new Error(`Unsupported cron field "${part}"`);
    return value >= from && value <= to && (value - from) % step === 0;
  });
}

export function cronIsDue(expression: string, at: Date): boolean {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 5) throw new Error(`A cron expression has five fields: "${expression}"`);
  const values = [at.getUTCMinutes(), at.getUTCHours(), at.getUTCDate(), at.getUTCMonth() + 1, at.getUTCDay()];
  const matches = fields.map((field, index) => fieldMatches(field, values[index]!, fieldRanges[index]!));
  const [minute, hour, dayOfMonth, month, dayOfWeek] = matches;
  // As in cron: when both day fields are restricted, either one matching is enough.
  const dayRestricted = fields[2] !== "*" && fields[4] !== "*";
  const day = dayRestricted ? dayOfMonth || dayOfWeek : dayOfMonth && dayOfWeek;
  return Boolean(minute && hour && month && day);
}

/** The `crons = [...]` of wrangler.toml's `[triggers]` table. */
export function readCrons(wranglerToml: string): string[] {
  const line = /^\s*crons\s*=\s*\[([^\]]*)\]/m.exec(wranglerToml);
  if (!line) return [];
  return [...line[1]!.matchAll(/"([^"]+)"/g)].map((match) => match[1]!);
}
