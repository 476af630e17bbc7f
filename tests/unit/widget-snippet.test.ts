import { describe, expect, it } from "vitest";
import { widgetSnippet } from "~/lib/widget-snippet";

const base = { origin: "https://guichet.example", eventId: 42, lang: "fr" as const, maxWidth: null, token: null };

describe("the booking widget's snippet generator", () => {
  it("writes the script tag and the element with the chosen options", () => {
    expect(widgetSnippet({ ...base, kind: "script" })).toBe(
      '<script src="https://guichet.example/widget.js" defer></script>\n<guichet-event event="42" lang="fr"></guichet-event>',
    );
    expect(widgetSnippet({ ...base, kind: "script", lang: "en", maxWidth: 720, token: "abc" })).toBe(
      '<script src="https://guichet.example/widget.js" defer></script>\n' +
        '<guichet-event event="42" lang="en" token="abc" max-width="720"></guichet-event>',
    );
  });

  it("leaves out a width the element would ignore", () => {
    expect(widgetSnippet({ ...base, kind: "script", maxWidth: 12 })).not.toContain("max-width");
    expect(widgetSnippet({ ...base, kind: "iframe", maxWidth: 99_999 })).not.toContain("max-width");
  });

  it("writes an iframe alone, titled, lazy, with a fixed height, for site builders that strip scripts", () => {
    expect(widgetSnippet({ ...base, kind: "iframe", maxWidth: 640, token: "a&b" })).toBe(
      '<iframe src="https://guichet.example/embed/events/42?lang=fr&amp;t=a%26b" title="Réservation de billets (Guichet)" ' +
        'loading="lazy" width="100%" height="900" style="border:0;max-width:640px"></iframe>',
    );
  });
});
