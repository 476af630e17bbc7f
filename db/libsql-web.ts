import { createClient } from "@libsql/client/web";
import { drizzle } from "drizzle-orm/libsql";
import type { Database } from "./database";
import * as schema from "./schema";

/** libSQL over HTTP, usable inside a Worker (Turso deployments). */
export function createLibsqlWebDatabase(url: string, authToken?: string): Database {
  return drizzle(createClient({ url, authToken }), { schema }) as unknown as Database;
}
