import { AsyncLocalStorage } from "node:async_hooks";

/*
 * D1's Sessions API (read replication, issue 31 §6, docs/decisions/0062-d1-sessions.md). A request that runs inside
 * `withD1Session` sends every query of its D1 binding through one session: reads may be answered by a nearby replica,
 * yet always see the session's own writes and anything newer than the bookmark it started from. Outside a session
 * (queue consumers, crons, public pages) queries go to the binding as before.
 *
 * The drizzle instance is built once per binding (db/d1.ts) over `routedD1Binding`, which looks up the request's
 * session on each call: building drizzle per request would cost its schema setup every time, and the domain keeps
 * taking the same `Database`.
 */
type Scope = { binding: D1Database; session: D1DatabaseSession };
const scope = new AsyncLocalStorage<Scope>();

export function withD1Session<T>(binding: D1Database, session: D1DatabaseSession, run: () => T): T {
  return scope.run({ binding, session }, run);
}

/** The session the current request runs in for `binding`, if any. */
export function currentD1Session(binding: D1Database): D1DatabaseSession | undefined {
  const current = scope.getStore();
  return current?.binding === binding ? current.session : undefined;
}

/**
 * The binding, seen through the current request's session when there is one: `prepare` and `batch` go to the
 * session; what a session does not have (`exec`, `withSession`) stays the binding's.
 */
export function routedD1Binding(binding: D1Database): D1Database {
  return new Proxy(binding, {
    get(target, property) {
      const session = currentD1Session(target);
      const owner: object = session && (property === "prepare" || property === "batch") ? session : target;
      const value: unknown = Reflect.get(owner, property);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(owner) : value;
    },
  });
}
