import { afterAll } from "vitest";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../support/libsql-test-db";
import { defineSchemaSuite } from "../support/schema-suite";

let testDatabase: LibsqlTestDatabase | undefined;

defineSchemaSuite("libSQL (file:)", async () => {
  testDatabase = await createLibsqlTestDatabase();
  return testDatabase.db;
});

afterAll(() => testDatabase?.close());
