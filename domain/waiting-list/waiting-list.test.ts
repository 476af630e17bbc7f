import { createLibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { defineWaitingListSuite } from "./waiting-list-suite";

defineWaitingListSuite("libSQL", createLibsqlTestDatabase, { line: 200, bookings: 300, refunds: 100 });
