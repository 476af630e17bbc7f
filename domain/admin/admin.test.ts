import { createLibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { defineAdminSuite } from "./admin-suite";

defineAdminSuite("libSQL", createLibsqlTestDatabase);
