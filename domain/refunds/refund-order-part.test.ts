import { createLibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { definePartialRefundSuite } from "./refund-order-part-suite";

definePartialRefundSuite("libSQL", createLibsqlTestDatabase, { parallel: 20 });
