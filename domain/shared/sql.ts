/** Escapes LIKE wildcards; use with `escape '\'`. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A failed unique constraint on `column` anywhere along an error's `cause` chain (drivers wrap it). */
export function isUniqueViolation(error: unknown, column: string): boolean {
  let current: unknown = error;
  while (current instanceof Error) {
    if (current.message.includes("UNIQUE constraint failed") && current.message.includes(column)) return true;
    current = current.cause;
  }
  return false;
}
