import { drizzle } from "drizzle-orm/d1";
import type { Database } from "./database";
import { routedD1Binding } from "./d1-session";
import * as schema from "./schema";

// Building drizzle reads the whole schema's relational config (a few ms of CPU per call): once per binding, not per
// request. The instance holds no request state (D1 has no interactive transactions), only the binding, whose queries
// go through the request's D1 session when it has one (db/d1-session.ts).
const databases = new WeakMap<D1Database, Database>();

export function createD1Database(binding: D1Database): Database {
  let database = databases.get(binding);
  if (!database)
    databases.set(binding, (database = drizzle(routedD1Binding(binding), { schema }) as unknown as Database));
  return database;
}
