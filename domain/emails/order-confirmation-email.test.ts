import { describe, expect, it } from "vitest";
import { selfServiceSentences } from "../self-service/self-service-sentences";
import { orderConfirmationEmail } from "./order-confirmation-email";

const input = {
  locale: "fr" as const,
  firstName: "Léa",
  orderId: 42,
  eventTitle: "Événement à l'Opéra",
  dates: "ven. 12 mars 2027, 20:00 – 23:30",
  address: "Opéra Garnier, Place de l'Opéra, 75009 Paris",
  tickets: [
    { title: "Plein tarif", name: "Léa Martin" },
    { title: "Tarif réduit", name: "Noël Dupré" },
  ],
  message: ["Présentez ce billet à l'entrée."],
  ticketsUrl: "https://billets.example.org/orders/42?token=abc&x=1",
};

describe("order confirmation email", () => {
  it("tells the buyer what was booked, where and when, with the organizer's message and the tickets link", () => {
    const email = orderConfirmationEmail(input);
    expect(email.subject).toBe("Vos billets pour Événement à l'Opéra");
    expect(email.text).toContain("Bonjour Léa,");
    expect(email.text).toContain("Merci pour votre commande n° 42 pour « Événement à l'Opéra ».");
    expect(email.text).toContain("Date : ven. 12 mars 2027, 20:00 – 23:30");
    expect(email.text).toContain("Lieu : Opéra Garnier, Place de l'Opéra, 75009 Paris");
    expect(email.text).toContain("- Plein tarif — Léa Martin");
    expect(email.text).toContain("- Tarif réduit — Noël Dupré");
    expect(email.text).toContain("Message de l'organisateur :\nPrésentez ce billet à l'entrée.");
    expect(email.text).toContain(input.ticketsUrl);
    expect(email.html).toContain('lang="fr"');
    expect(email.html).toContain('href="https://billets.example.org/orders/42?token=abc&amp;x=1"');
    expect(email.html).toContain("Voir mes billets");
  });

  it("states the buyer's self-service rules with the order page's own sentences (docs/decisions/0060)", () => {
    const sentences = selfServiceSentences("fr", {
      rules: {
        edit: { state: "open", until: "2027-03-11T19:00:00.000Z" },
        transfer: { state: "off", until: null },
        cancel: { state: "open", until: "2027-03-10T19:00:00.000Z" },
      },
      refund: "full-minus-fees",
      percentage: 10_000,
      free: false,
      timeZone: "Europe/Paris",
    });
    const email = orderConfirmationEmail({ ...input, selfService: sentences });
    expect(email.text).toContain(
      [
        "Modifier, transférer ou annuler vos billets :",
        "- Vous pouvez modifier les noms, emails et réponses des participants jusqu'au jeu. 11 mars, 20:00 UTC+1.",
        "- L'organisateur ne permet pas de transférer les billets.",
        "- Vous pouvez annuler un billet ou toute la commande jusqu'au mer. 10 mars, 20:00 UTC+1.",
        "- Un billet annulé est remboursé hors frais de service.",
      ].join("\n"),
    );
    expect(email.html).toContain("• Un billet annulé est remboursé hors frais de service.");
    expect(orderConfirmationEmail(input).text).not.toContain("Modifier, transférer ou annuler");
  });

  it("ends with a footer that tells the buyer why they received it, not the account holders' one", () => {
    const fr = orderConfirmationEmail(input);
    const frFooter =
      "Guichet — la billetterie des organisateurs exigeants. Vous recevez cet email car vous avez commandé des billets pour « Événement à l'Opéra ».";
    expect(fr.text.endsWith(`\n—\n${frFooter}`)).toBe(true);
    expect(fr.html).toContain(
      "Vous recevez cet email car vous avez commandé des billets pour « Événement à l&#39;Opéra ».",
    );
    expect(fr.text).not.toContain("suite à une action sur votre compte");
    expect(fr.html).not.toContain("suite à une action sur votre compte");

    const en = orderConfirmationEmail({ ...input, locale: "en" });
    expect(en.text).toContain("You receive this email because you ordered tickets for “Événement à l'Opéra”.");
    expect(en.text).not.toContain("because of an action on your account");
    expect(en.html).not.toContain("because of an action on your account");
  });

  it("is in English for an English buyer and leaves out what is unknown", () => {
    const email = orderConfirmationEmail({ ...input, locale: "en", dates: "", address: "", message: [] });
    expect(email.subject).toBe("Your tickets for Événement à l'Opéra");
    expect(email.text).toContain("Hello Léa,");
    expect(email.text).not.toContain("Date:");
    expect(email.text).not.toContain("Venue:");
    expect(email.text).not.toContain("Message from the organizer");
    expect(email.html).toContain("View my tickets");
  });

  it("escapes what organizers and buyers typed in the HTML", () => {
    const email = orderConfirmationEmail({
      ...input,
      eventTitle: "<script>alert(1)</script>",
      tickets: [{ title: "Plein tarif", name: '<img src=x onerror="alert(1)">' }],
    });
    expect(email.html).not.toContain("<script>");
    expect(email.html).not.toContain("<img");
    expect(email.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
  });
  it("adds the receipt in the buyer's language: lines, discount, fees, total paid and billing details", () => {
    const email = orderConfirmationEmail({
      ...input,
      locale: "en",
      summary: {
        lines: [
          { title: "Full price", quantity: 2, unitPrice: 2000, discount: 400, addedFees: 110 },
          { title: "Cloakroom", quantity: 1, unitPrice: 0, discount: 0, addedFees: 0 },
        ],
        promoCodeKey: null,
        total: 3710,
        billing: {
          name: "Lea Martin",
          address: "3 Harbour Street",
          postal_code: "BS1 4DJ",
          city: "Bristol",
          country: "UK",
        },
      },
      repliesToOrganizer: true,
    });
    expect(email.text).toContain(
      [
        "Order summary:",
        "- 2 × Full price: 40.00\u00a0€",
        "- 1 × Cloakroom: Free",
        "- Discount: −4.00\u00a0€",
        "- Service fees: 1.10\u00a0€",
        "- Total paid: 37.10\u00a0€",
        "",
        "Billing details:",
        "Lea Martin",
        "3 Harbour Street",
        "BS1 4DJ Bristol",
        "UK",
      ].join("\n"),
    );
    expect(email.text).toContain("A question? Reply to this email to write to the organizer.");
    expect(email.html).toContain("• Total paid: 37.10\u00a0€");
    expect(email.html).toContain("BS1 4DJ Bristol");

    const plain = orderConfirmationEmail(input);
    expect(plain.text).not.toContain("Récapitulatif");
    expect(plain.text).not.toContain("Répondez à cet email");
  });
});
