import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import enEvents from "../../app/locales/en/events.json";
import frEvents from "../../app/locales/fr/events.json";

function lookup(messages: unknown, path: string): unknown {
  return path.split(".").reduce<unknown>((node, key) => (node && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined), messages);
}

describe("events messages", () => {
  it("has every events: key used by the domain, in French and English", () => {
    const dir = import.meta.dirname;
    const workers = join(dir, "../../workers");
    const files = [
      ...readdirSync(dir)
        .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))
        .map((name) => join(dir, name)),
      join(workers, "routes/api-events.ts"),
      join(workers, "routes/api-dashboard.ts"),
      join(workers, "actor-for-organization.ts"),
    ];
    const keys = new Set<string>();
    for (const file of files) {
      for (const match of readFileSync(file, "utf8").matchAll(/"events:((?:errors|toasts)\.[a-z0-9-]+)"/g)) keys.add(match[1]!);
    }
    expect(keys.size).toBeGreaterThan(20);
    for (const key of keys) {
      expect(typeof lookup(frEvents, key), `fr ${key}`).toBe("string");
      expect(typeof lookup(enEvents, key), `en ${key}`).toBe("string");
    }
  });

  it("has the spec's event toasts verbatim (§8, §5)", () => {
    expect(frEvents.toasts).toEqual({
      updated: "Événement mis à jour",
      "update-failed": "Échec à la mise à jour des données de l'événement",
      duplicated: "Événement dupliqué avec succès",
      "duplicate-failed": "Échec de la duplication de l'événement",
      "not-found": "Événement introuvable",
      unpublished: "Remis en brouillon",
      "published-public": "Événement publié en public",
      "published-private": "Événement publié en privé",
      "link-copied": "Lien copié",
      "publish-before-sharing": "Vous devez publier l'événement avant de pouvoir le partager.",
    });
    expect(Object.keys(enEvents.toasts).sort()).toEqual(Object.keys(frEvents.toasts).sort());
  });
});
