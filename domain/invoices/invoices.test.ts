import { createLibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { defineInvoicesSuite } from "./invoices-suite";

defineInvoicesSuite("libSQL", createLibsqlTestDatabase, { parallel: 500 });
