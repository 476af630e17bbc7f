/** D1 binds at most 100 parameters per statement: lists of ids go in chunks of this size at most. */
export const IDS_PER_STATEMENT = 90;

/** `values` in consecutive chunks of at most `size` (the last one shorter), in order. */
export function chunks<T>(values: readonly T[], size: number = IDS_PER_STATEMENT): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < values.length; at += size) out.push(values.slice(at, at + size));
  return out;
}
