import { describe, expect, it } from "vitest";
import { orderRefundEmail } from "./order-refund-email";

const input = {
  locale: "fr" as const,
  firstName: "Margaux",
  orderId: 1970,
  eventTitle: "Récital",
  dates: "",
  lines: [{ title: "Plein tarif", quantity: 1, addon: false }],
  demo: false,
  orderUrl: "https://billets.example.org/orders/1970?token=abc",
};

describe("order refund email", () => {
  it("states the credit of a buyer's cancellation « hors frais »", () => {
    const email = orderRefundEmail({ ...input, amount: 1945, partial: "units" });
    expect(email.subject).toBe("Remboursement partiel de votre commande pour Récital");
    expect(email.text).toContain("Montant remboursé : 19,45\u00a0€");
    expect(email.text).toContain("Le remboursement apparaîtra sur votre relevé bancaire sous 5 à 10 jours ouvrés.");
  });

  it("says a cancellation without refund is one, with no bank line (docs/decisions/0060)", () => {
    const email = orderRefundEmail({ ...input, amount: 0 });
    expect(email.subject).toBe("Annulation de votre commande pour Récital");
    expect(email.text).toContain("Votre commande n° 1970 pour « Récital » a été annulée.");
    expect(email.text).toContain("Cette annulation ne donne lieu à aucun remboursement : les places ont été libérées.");
    expect(email.text).not.toContain("Montant remboursé");
    expect(email.text).not.toContain("relevé bancaire");
    const part = orderRefundEmail({ ...input, amount: 0, partial: "units", locale: "en" });
    expect(part.subject).toBe("Cancellation of your order for Récital");
    expect(part.text).toContain("Tickets of your order no. 1970 for “Récital” have been cancelled.");
  });
});
