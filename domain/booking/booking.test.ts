import { createLibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { defineBookingRushSuite, defineBookingSuite } from "./booking-suite";

defineBookingSuite("libSQL", createLibsqlTestDatabase);
defineBookingRushSuite("libSQL", createLibsqlTestDatabase, { parallel: 150 });
