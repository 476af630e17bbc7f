import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "#db/schema";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { insertConfirmedOrder } from "../../tests/support/order-documents-fixtures";
import { recordingSender } from "../../tests/support/recording-sender";
import { sendOrderConfirmation } from "../order-documents/send-order-confirmation";
import { issueOrderInvoice } from "./issue-order-invoice";

const env = { ENVIRONMENT: "test", APP_URL: "https://billets.example.org" };

describe("the confirmation email's invoice link (issue 29 §3)", () => {
  let t: LibsqlTestDatabase;
  beforeEach(async () => {
    t = await createLibsqlTestDatabase();
  });
  afterEach(() => t.close());

  it("links the invoice when one was issued with the payment, and only then", async () => {
    const invoiced = await insertConfirmedOrder(t.db, { price: 2500 });
    await t.db.insert(schema.organizationBilling).values({
      organizationId: invoiced.order.organizationId,
      legalName: "Théâtre du Port SARL",
      address: "1 quai de la Fosse",
      postalCode: "44000",
      city: "Nantes",
      invoiceMode: "always",
    });
    expect((await issueOrderInvoice(t.db, { orderId: invoiced.order.id }))?.issued).toBe(true);
    const sender = recordingSender();
    await sendOrderConfirmation(t.db, { env, sender }, { orderId: invoiced.order.id });
    const link = `https://billets.example.org/orders/${invoiced.order.id}/invoice.pdf?token=${invoiced.order.accessToken}`;
    expect(sender.sent[0]!.text).toContain(`Votre facture : ${link}`);
    expect(sender.sent[0]!.html).toContain(`href="${link}"`);
    expect(sender.sent[0]!.html).toContain("Télécharger la facture");

    const plain = await insertConfirmedOrder(t.db, { price: 2500 });
    const other = recordingSender();
    await sendOrderConfirmation(t.db, { env, sender: other }, { orderId: plain.order.id });
    expect(other.sent[0]!.text).not.toContain("invoice.pdf");
  });
});
