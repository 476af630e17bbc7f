import { describe, expect, it } from "vitest";
import { resources } from "~/locales";

function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

function entries(value: unknown, prefix = ""): [string, unknown][] {
  if (typeof value !== "object" || value === null) return [[prefix, value]];
  return Object.entries(value).flatMap(([k, v]) => entries(v, prefix ? `${prefix}.${k}` : k));
}

/**
 * Texts that are the same in French and English: names, words both languages share, and what carries no language.
 * Anything else equal in both is an English text left in the French interface (or a French one in the English).
 */
const SAME_IN_BOTH = new Set([
  "",
  "ID",
  "Ticket",
  "Secret",
  // Spec §8 gives these in English for the French interface too: kept verbatim.
  "ID copied to clipboard",
  "Failed to copy ID to clipboard",
  "—",
  "Guichet",
  "Administration",
  "Français",
  "English",
  "Email",
  "Date",
  "Dates",
  "Description",
  "Documentation",
  "Finances",
  "Latitude",
  "Longitude",
  "Net",
  "Notifications",
  "Pagination",
  "Participants",
  "Public",
  "Contact",
  "Stock",
  "Total",
  "Transactions",
  "Type",
  "Visible",
  "Zoom",
  "Webhooks",
  "Meta Pixel ID",
  "Code",
  "Actions",
  "Options",
  "Option",
  "option",
  // The spec names this product term in English; the French interface keeps it.
  "Add-ons",
  // Messages to attendees (issue 27): the same words in both languages.
  "Communication",
  "Message",
  "Messages",
  "Variables",
  // The shape of a ticket code (the scanner's typed-code field).
  "G1.…",
  // A product's name (issue 27 §6: "add to Outlook").
  "Outlook",
  // Issue 30: places shared by tickets; the same word in both languages.
  "Quotas",
]);

/** Only placeholders, separators and the words above. */
function sameInBoth(text: string): boolean {
  const words = text
    .replace(/\{\{[^}]+\}\}/g, " ")
    .split(/\s+[—/·–×-]\s+|\s*[—/·–×]\s*/)
    .map((part) => part.trim())
    .filter((part) => part !== "");
  return words.every((word) => SAME_IN_BOTH.has(word) || /^[\d\s.,:%+-]*$/.test(word) || isPluralOf(word));
}

// "{{total}} participant" / "{{total}} participants": the same word in both languages.
function isPluralOf(word: string): boolean {
  return (
    SAME_IN_BOTH.has(word.charAt(0).toUpperCase() + word.slice(1)) ||
    SAME_IN_BOTH.has(`${word.charAt(0).toUpperCase()}${word.slice(1)}s`)
  );
}

describe("locale files", () => {
  it("give English every key French has, and no other", () => {
    for (const namespace of Object.keys(resources.fr) as Array<keyof typeof resources.fr>) {
      expect(keys(resources.en[namespace]).sort(), namespace).toEqual(keys(resources.fr[namespace]).sort());
    }
  });

  it("translate every text: a French value equal to its English one is a known shared word", () => {
    const untranslated: string[] = [];
    for (const namespace of Object.keys(resources.fr) as Array<keyof typeof resources.fr>) {
      const english = new Map(entries(resources.en[namespace]));
      for (const [key, french] of entries(resources.fr[namespace])) {
        if (typeof french === "string" && french === english.get(key) && !sameInBoth(french)) {
          untranslated.push(`${namespace}:${key} = ${JSON.stringify(french)}`);
        }
      }
    }
    expect(untranslated).toEqual([]);
  });

  it("use the spec's English strings as the English text, with a French translation", () => {
    const fixed: [keyof typeof resources.fr, string, string, string][] = [
      ["common", "errors.connection-title", "Connection Error", "Erreur de connexion"],
      ["common", "errors.retry-connection", "Retry Connection", "Réessayer la connexion"],
      [
        "common",
        "messages.permission-denied",
        "You do not have permission to access this page",
        "Vous n'avez pas l'autorisation d'accéder à cette page",
      ],
      [
        "event-area",
        "header.copy-failed",
        "Failed to copy link to clipboard",
        "Impossible de copier le lien dans le presse-papiers",
      ],
    ];
    const lookup = (language: "fr" | "en", namespace: keyof typeof resources.fr, key: string) =>
      new Map(entries(resources[language][namespace])).get(key);
    for (const [namespace, key, english, french] of fixed) {
      expect(lookup("en", namespace, key), `en ${namespace}:${key}`).toBe(english);
      expect(lookup("fr", namespace, key), `fr ${namespace}:${key}`).toBe(french);
    }
  });

  it("keep the spec's French strings verbatim", () => {
    expect(resources.fr.errors["email-invalid"]).toBe("Email invalide");
    expect(new Map(entries(resources.fr["event-area"])).get("header.link-copied")).toBe("Lien copié");
  });
});
