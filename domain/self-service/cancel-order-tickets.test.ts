import { createLibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { defineBuyerCancelSuite } from "./cancel-order-tickets-suite";

defineBuyerCancelSuite("libSQL", createLibsqlTestDatabase);
