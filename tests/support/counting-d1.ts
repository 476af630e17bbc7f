/**
 * Counts the round trips our code makes to a real D1 binding: each `batch`, `exec`, and each run/all/first/raw of a
 * prepared statement is one call. Every statement still runs on the real database; nothing is mocked.
 */

const REAL = Symbol("real statement");

type Wrapped = D1PreparedStatement & { [REAL]: D1PreparedStatement };

export type CountingD1 = {
  /** The binding to hand to a Worker env or createD1Database. */
  binding: D1Database;
  /** Round trips since the binding was made or last reset. */
  readonly calls: number;
  /** The SQL of each round trip (a batch's statements joined by " ; "), in order. */
  readonly log: readonly string[];
  reset(): void;
};

export function countingD1(real: D1Database): CountingD1 {
  const log: string[] = [];
  const sqlOf = new WeakMap<D1PreparedStatement, string>();

  const wrap = (statement: D1PreparedStatement, sql: string): Wrapped => {
    const wrapped = new Proxy(statement, {
      get(target, property) {
        if (property === REAL) return target;
        if (property === "bind") return (...values: unknown[]) => wrap(target.bind(...values), sql);
        if (property === "run" || property === "all" || property === "first" || property === "raw") {
          return async (...args: unknown[]) => {
            log.push(sql);
            const method = Reflect.get(target, property, target) as (...a: unknown[]) => Promise<unknown>;
            return method.apply(target, args);
          };
        }
        const value = Reflect.get(target, property, target) as unknown;
        return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    }) as Wrapped;
    sqlOf.set(wrapped, sql);
    return wrapped;
  };

  const binding = new Proxy(real, {
    get(target, property) {
      if (property === "prepare") return (sql: string) => wrap(target.prepare(sql), sql);
      if (property === "batch") {
        return async (statements: D1PreparedStatement[]) => {
          log.push(statements.map((statement) => sqlOf.get(statement) ?? "?").join(" ; "));
          return target.batch(statements.map((statement) => (statement as Partial<Wrapped>)[REAL] ?? statement));
        };
      }
      if (property === "exec") {
        return async (sql: string) => {
          log.push(sql);
          return target.exec(sql);
        };
      }
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });

  return {
    binding,
    get calls() {
      return log.length;
    },
    get log() {
      return log;
    },
    reset() {
      log.length = 0;
    },
  };
}
