import { createD1Database } from "./d1";
import type { Database } from "./database";
import { createLibsqlWebDatabase } from "./libsql-web";

/** D1 by default; a libSQL/Turso database when DATABASE_URL is configured. */
export function databaseFromEnv(env: {
  DB: D1Database;
  DATABASE_URL?: string;
  DATABASE_AUTH_TOKEN?: string;
}): Database {
  if (env.DATABASE_URL) return createLibsqlWebDatabase(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN);
  return createD1Database(env.DB);
}
