import { drizzle } from "drizzle-orm/d1";
import type { Database } from "./database";
import * as schema from "./schema";

// Building drizzle reads the whole schema's relational config (a few ms of CPU per call): once per binding, not per
// request. The instance holds no request state (D1 has no interactive transactions), only the binding.
const databases = new WeakMap<D1Database, Database>();

export function createD1Database(binding: D1Database): Database {
  let database = databases.get(binding);
  if (!database) databases.set(binding, (database = drizzle(binding, { schema }) as unknown as Database));
  return database;
}
