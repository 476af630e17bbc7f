import { describe, expect, it } from "vitest";
import { eventSlug } from "./event-slug";

describe("eventSlug (spec §5)", () => {
  it.each([
    ["Fête de la Musique", "fete-de-la-musique"],
    ["Théâtre à l'Opéra", "theatre-a-lopera"],
    ["Ça, c'est Noël !", "ca-cest-noel-"],
    ["ÉTÉ   2026", "ete-2026"],
    ["Rock & Roll -- Live", "rock-roll-live"],
    ["a - b", "a-b"],
    ["Concert\tdu\nsoir", "concert-du-soir"],
    ["  Bal masqué  ", "-bal-masque-"],
    ["Nuit #3 (complet)", "nuit-3-complet"],
    ["100% jazz @ home", "100-jazz-home"],
    ["Œuvre — straße", "œuvre-straße"],
    ["Concert !", "concert-"],
    ["¡Fiesta!", "fiesta"],
    ["- Avant-première -", "-avant-premiere-"],
    ["(Re)découverte", "redecouverte"],
  ])("%j → %j", (title, slug) => {
    expect(eventSlug(title)).toBe(slug);
  });

  it("removes accents and lower-cases", () => {
    expect(eventSlug("ÀÉÎÕÜ ñç")).toBe("aeiou-nc");
  });

  it("keeps only letters, digits, spaces and hyphens", () => {
    expect(eventSlug("a!b?c.d,e;f:g/h\\i\"j'k")).toBe("abcdefghijk");
  });

  it("collapses repeated hyphens", () => {
    expect(eventSlug("a---b - - c")).toBe("a-b-c");
  });

  it("turns an empty result into '-'", () => {
    expect(eventSlug("")).toBe("-");
    expect(eventSlug("!!!")).toBe("-");
  });

  it("keeps hyphens at the ends: spaces and hyphens left there collapse into one hyphen, not nothing", () => {
    expect(eventSlug("   ")).toBe("-");
    expect(eventSlug("!!! ???")).toBe("-");
    expect(eventSlug("---")).toBe("-");
    expect(eventSlug("Concert ! ")).toBe("concert-");
    expect(eventSlug(" Gala")).toBe("-gala");
  });

  it("keeps letters of other scripts", () => {
    expect(eventSlug("Концерт 2026")).toBe("концерт-2026");
  });
});
