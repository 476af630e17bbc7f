import { createLibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { defineDatesBookingSuite } from "./dates-booking-suite";

defineDatesBookingSuite("libSQL", createLibsqlTestDatabase, { passes: 500, slot: 200 });
