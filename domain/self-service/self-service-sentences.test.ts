import { describe, expect, it } from "vitest";
import { emailCopy } from "../emails/email-locale";
import { DEFAULT_SELF_SERVICE, selfServiceRules } from "./self-service-rules";
import { selfServiceSentences } from "./self-service-sentences";

// Saturday 18 July 2026, 20:00 in Paris (CEST) = 18:00 UTC.
const event = {
  ...DEFAULT_SELF_SERVICE,
  startAt: new Date("2026-07-18T18:00:00Z"),
  timezone: "Europe/Paris",
  selfServiceCancel: true,
  selfServiceCancelBefore: 2,
  selfServiceCancelUnit: "days" as const,
};
const NOW = Date.parse("2026-06-15T12:00:00Z");
const input = (overrides: Partial<Parameters<typeof selfServiceSentences>[1]> = {}) => ({
  rules: selfServiceRules(event, NOW),
  refund: "full-minus-fees" as const,
  percentage: 10_000,
  free: false,
  timeZone: "Europe/Paris",
  ...overrides,
});

describe("selfServiceSentences (the buyer's rules in plain words, page and email)", () => {
  it("says what may be done and until when, in the event's zone, in French", () => {
    expect(selfServiceSentences("fr", input())).toEqual([
      "Vous pouvez modifier les noms, emails et réponses des participants jusqu'au ven. 17 juil., 20:00 UTC+2.",
      "Vous pouvez transférer un billet à une autre personne jusqu'au ven. 17 juil., 20:00 UTC+2.",
      "Vous pouvez annuler un billet ou toute la commande jusqu'au jeu. 16 juil., 20:00 UTC+2.",
      "Un billet annulé est remboursé hors frais de service.",
    ]);
  });

  it("and in English, with each refund rule", () => {
    expect(selfServiceSentences("en", input({ refund: "percentage", percentage: 5000 })).slice(2)).toEqual([
      "You may cancel a ticket or the whole order until Thu 16 Jul, 20:00 CEST.",
      "A cancelled ticket is refunded 50% of the price paid, without the service fees.",
    ]);
    expect(selfServiceSentences("en", input({ refund: "none" })).at(-1)).toBe(
      "A cancelled ticket is not refunded: its place is freed for someone else.",
    );
    expect(selfServiceSentences("fr", input({ refund: "percentage", percentage: 1250 })).at(-1)).toBe(
      "Un billet annulé est remboursé à 12,5\u00a0% du prix payé, hors frais de service.",
    );
    // 100 % is a full refund, fees included (docs/decisions/0058).
    expect(selfServiceSentences("fr", input({ refund: "percentage", percentage: 10_000 })).at(-1)).toBe(
      emailCopy("fr")["self-service"]["refund-full"],
    );
    expect(selfServiceSentences("fr", input({ free: true })).at(-1)).toBe(
      "Votre commande étant gratuite, une annulation libère simplement la place.",
    );
  });

  it("says when an action is off or closed, and nothing of the refund then", () => {
    const closed = selfServiceRules({ ...event, selfServiceTransfer: false }, Date.parse("2026-07-16T18:00:00Z"));
    expect(selfServiceSentences("fr", input({ rules: closed, anyCheckedIn: true }))).toEqual([
      "Vous pouvez modifier les noms, emails et réponses des participants jusqu'au ven. 17 juil., 20:00 UTC+2.",
      "L'organisateur ne permet pas de transférer les billets.",
      "L'annulation n'est plus possible depuis le jeu. 16 juil., 20:00 UTC+2.",
    ]);
    const open = selfServiceRules(event, NOW);
    expect(selfServiceSentences("fr", input({ rules: open, anyCheckedIn: true })).at(-1)).toBe(
      "Un billet déjà scanné à l'entrée ne peut plus être transféré ni annulé.",
    );
  });
});
