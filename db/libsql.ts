import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import type { Database } from "./database";
import * as schema from "./schema";

/** Node-side scripts and libSQL/Turso deployments: `file:…`, `libsql://…` or `http(s)://…`. */
export function createLibsqlDatabase(url: string, authToken?: string): { db: Database; close: () => void } {
  const client = createClient({ url, authToken });
  return { db: drizzle(client, { schema }) as unknown as Database, close: () => client.close() };
}
