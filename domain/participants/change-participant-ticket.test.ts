import { createLibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { defineTicketChangeSuite } from "./change-participant-ticket-suite";

defineTicketChangeSuite("libSQL", createLibsqlTestDatabase, { parallel: 30 });
