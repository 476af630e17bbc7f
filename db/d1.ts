import { drizzle } from "drizzle-orm/d1";
import type { Database } from "./database";
import * as schema from "./schema";

export function createD1Database(binding: D1Database): Database {
  return drizzle(binding, { schema }) as unknown as Database;
}
