import { createLibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { defineBookingSuite } from "./booking-suite";

defineBookingSuite("libSQL", createLibsqlTestDatabase, { parallel: 150 });
