import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import enEditor from "../../app/locales/en/editor.json";
import enEventArea from "../../app/locales/en/event-area.json";
import enEvents from "../../app/locales/en/events.json";
import frEditor from "../../app/locales/fr/editor.json";
import frEventArea from "../../app/locales/fr/event-area.json";
import frEvents from "../../app/locales/fr/events.json";

function lookup(messages: unknown, path: string): unknown {
  return path
    .split(".")
    .reduce<unknown>(
      (node, key) => (node && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined),
      messages,
    );
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
      for (const match of readFileSync(file, "utf8").matchAll(/"events:((?:errors|toasts)\.[a-z0-9-]+)"/g))
        keys.add(match[1]!);
    }
    expect(keys.size).toBeGreaterThan(20);
    for (const key of keys) {
      expect(typeof lookup(frEvents, key), `fr ${key}`).toBe("string");
      expect(typeof lookup(enEvents, key), `en ${key}`).toBe("string");
    }
  });

  it("renders the spec's event toasts and messages verbatim (§8, §5)", () => {
    // The keys the event area (layout, header card, settings, no-access screen) and the editor show.
    const rendered: [messages: unknown, key: string, french: string][] = [
      [frEventArea, "toasts.updated", "Événement mis à jour"],
      [frEventArea, "toasts.update-failed", "Échec à la mise à jour des données de l'événement"],
      [frEventArea, "toasts.duplicated", "Événement dupliqué avec succès"],
      [frEventArea, "toasts.duplicate-failed", "Échec de la duplication de l'événement"],
      [frEventArea, "toasts.to-draft", "Remis en brouillon"],
      [frEventArea, "toasts.published-public", "Événement publié en public"],
      [frEventArea, "toasts.published-private", "Événement publié en privé"],
      [frEventArea, "no-access.not-found-title", "Événement introuvable"],
      [frEventArea, "header.link-copied", "Lien copié"],
      [frEventArea, "header.copy-failed", "Impossible de copier le lien dans le presse-papiers"],
      [frEventArea, "header.publish-first", "Vous devez publier l'événement avant de pouvoir le partager."],
      [frEditor, "toasts.updated", "Événement mis à jour"],
      [frEditor, "toasts.update-failed", "Échec à la mise à jour des données de l'événement"],
    ];
    for (const [messages, key, french] of rendered) {
      expect(lookup(messages, key), key).toBe(french);
      const english = lookup(messages === frEditor ? enEditor : enEventArea, key);
      expect(typeof english === "string" && english !== "", `en ${key}`).toBe(true);
    }
  });
});
