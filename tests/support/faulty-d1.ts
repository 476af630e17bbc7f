/**
 * Fault injection on the real D1 binding (issue 14 §4): a Proxy whose prepare/batch/exec delegate to the real
 * database, so every statement runs on real D1, except the one a fault names, which fails like D1 fails.
 *
 * - `timing: "before"` (default): the statement does not happen. Alone, it throws a D1-like error. Inside a batch, it
 *   is swapped for a real statement that fails on real D1 (`select json('…')`, malformed JSON): the batch's earlier
 *   statements run and D1 rolls them back, which is what proves a batch atomic.
 * - `timing: "after"`: the statement (or the whole batch holding it) runs and commits, then the caller gets an error,
 *   as when D1's answer is lost on the way back.
 */

export type Fault = {
  /** The statement that fails: a pattern on its SQL text, e.g. /^insert into "participants"/i; /./ counts every statement. */
  match: RegExp;
  /** The nth statement matching `match` fails (1-based, counted from the moment the fault is set; default 1). */
  nth?: number;
  timing?: "before" | "after";
};

export class InjectedD1Error extends Error {
  override name = "Error";
  /** The statement it failed (kept out of the message: callers read D1 messages, e.g. for a guard's table name). */
  readonly statement: string;
  constructor(sql: string) {
    super("D1_ERROR: Network connection lost. (injected fault)");
    this.statement = sql;
  }
}

const REAL = Symbol("real statement");
const SQL_OF = Symbol("statement sql");

type Wrapped = D1PreparedStatement & { [REAL]: D1PreparedStatement; [SQL_OF]: string };

export type FaultyD1 = {
  /** The binding to hand to createD1Database or a Worker env: real D1 with the fault armed. */
  binding: D1Database;
  /** Arms one fault (replacing any armed one); it fires once. */
  inject(fault: Fault): void;
  /** Disarms. */
  clear(): void;
  /** How many faults fired since the binding was made. */
  readonly fired: number;
  /** The SQL of every statement run since the binding was made (batched ones included), in order. */
  readonly log: readonly string[];
};

export function faultyD1(real: D1Database): FaultyD1 {
  let armed: (Fault & { seen: number }) | null = null;
  let fired = 0;
  const log: string[] = [];

  /** Whether this statement is the one the armed fault names (counting it when it matches). */
  const hits = (sql: string, timing: "before" | "after"): boolean => {
    if (!armed || (armed.timing ?? "before") !== timing || !armed.match.test(sql)) return false;
    armed.seen += 1;
    if (armed.seen < (armed.nth ?? 1)) return false;
    armed = null;
    fired += 1;
    return true;
  };

  const wrap = (statement: D1PreparedStatement, sql: string): Wrapped =>
    new Proxy(statement, {
      get(target, property) {
        if (property === REAL) return target;
        if (property === SQL_OF) return sql;
        if (property === "bind") return (...values: unknown[]) => wrap(target.bind(...values), sql);
        if (property === "run" || property === "all" || property === "first" || property === "raw") {
          return async (...args: unknown[]) => {
            log.push(sql);
            if (hits(sql, "before")) throw new InjectedD1Error(sql);
            const method = Reflect.get(target, property, target) as (...a: unknown[]) => Promise<unknown>;
            const result = await method.apply(target, args);
            if (hits(sql, "after")) throw new InjectedD1Error(sql);
            return result;
          };
        }
        const value = Reflect.get(target, property, target) as unknown;
        return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    }) as Wrapped;

  const binding = new Proxy(real, {
    get(target, property) {
      if (property === "prepare") return (sql: string) => wrap(target.prepare(sql), sql);
      if (property === "batch") {
        return async (statements: D1PreparedStatement[]) => {
          let failAfter: string | null = null;
          const reals = statements.map((statement) => {
            const wrapped = statement as Partial<Wrapped>;
            const sql = wrapped[SQL_OF] ?? "";
            const realStatement = wrapped[REAL] ?? statement;
            log.push(sql);
            if (hits(sql, "before")) return target.prepare("select json('injected D1 fault: malformed on purpose')");
            if (failAfter === null && hits(sql, "after")) failAfter = sql;
            return realStatement;
          });
          const results = await target.batch(reals);
          if (failAfter !== null) throw new InjectedD1Error(failAfter);
          return results;
        };
      }
      if (property === "exec") {
        return async (sql: string) => {
          log.push(sql);
          if (hits(sql, "before")) throw new InjectedD1Error(sql);
          const result = await target.exec(sql);
          if (hits(sql, "after")) throw new InjectedD1Error(sql);
          return result;
        };
      }
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });

  return {
    binding,
    inject(fault) {
      armed = { ...fault, seen: 0 };
    },
    clear() {
      armed = null;
    },
    get fired() {
      return fired;
    },
    get log() {
      return log;
    },
  };
}
