import { describe, expect, it } from "vitest";
import {
  accessibleAccent,
  accessibleSurface,
  contrastRatio,
  DARK_TEXT,
  hexToRgb,
  isHexColor,
  LIGHT_TEXT,
  luminance,
  MIN_CONTRAST,
  needsLightText,
  normalizeHexColor,
  relativeLuminance,
  shadeWithContrast,
  textColorOn,
} from "./contrast";

describe("luminance", () => {
  it("weights red, green and blue 0.299, 0.587, 0.114", () => {
    expect(luminance("#000000")).toBe(0);
    expect(luminance("#ffffff")).toBeCloseTo(255, 10);
    expect(luminance("#ff0000")).toBeCloseTo(76.245, 10);
    expect(luminance("#00ff00")).toBeCloseTo(149.685, 10);
    expect(luminance("#0000ff")).toBeCloseTo(29.07, 10);
    expect(luminance("#4f46e5")).toBeCloseTo(0.299 * 79 + 0.587 * 70 + 0.114 * 229, 10);
  });

  it("reads short and unprefixed hex, and nothing else", () => {
    expect(luminance("#fff")).toBeCloseTo(255, 10);
    expect(luminance("00FF00")).toBeCloseTo(149.685, 10);
    expect(luminance("red")).toBeNull();
    expect(luminance("#12345")).toBeNull();
  });
});

describe("text colour on a background", () => {
  it("is white below 140 and dark from 140 up", () => {
    // #8c8c8c = 140 exactly: not below, dark text.
    expect(luminance("#8c8c8c")).toBeCloseTo(140, 10);
    expect(needsLightText("#8c8c8c")).toBe(false);
    expect(textColorOn("#8c8c8c")).toBe(DARK_TEXT);
    // #8b8b8b = 139: white text.
    expect(needsLightText("#8b8b8b")).toBe(true);
    expect(textColorOn("#8b8b8b")).toBe(LIGHT_TEXT);
  });

  it("gives white on the default indigo, red and blue, dark on green, yellow and white", () => {
    expect(textColorOn("#4f46e5")).toBe(LIGHT_TEXT);
    expect(textColorOn("#ff0000")).toBe(LIGHT_TEXT);
    expect(textColorOn("#0000ff")).toBe(LIGHT_TEXT);
    expect(textColorOn("#00ff00")).toBe(DARK_TEXT);
    expect(textColorOn("#ffd60a")).toBe(DARK_TEXT);
    expect(textColorOn("#ffffff")).toBe(DARK_TEXT);
  });

  it("keeps dark text for something that is not a colour", () => {
    expect(needsLightText("not a colour")).toBe(false);
  });
});

describe("hex helpers", () => {
  it("normalizes", () => {
    expect(normalizeHexColor("#ABC")).toBe("#aabbcc");
    expect(normalizeHexColor(" 4F46E5 ")).toBe("#4f46e5");
    expect(normalizeHexColor("#4f46e")).toBeNull();
    expect(isHexColor("#4f46e5")).toBe(true);
    expect(isHexColor("rgb(0,0,0)")).toBe(false);
    expect(hexToRgb("#102030")).toEqual({ r: 16, g: 32, b: 48 });
  });
});

/** Every colour of the RGB grid with step 17 (0, 17, … 255 on each channel): 4,096 colours. */
function colourGrid(): string[] {
  const steps = Array.from({ length: 16 }, (_, i) => (i * 17).toString(16).padStart(2, "0"));
  return steps.flatMap((r) => steps.flatMap((g) => steps.map((b) => `#${r}${g}${b}`)));
}

describe("WCAG contrast", () => {
  it("computes the relative luminance and the ratio of WCAG 2", () => {
    expect(relativeLuminance("#000000")).toBe(0);
    expect(relativeLuminance("#ffffff")).toBeCloseTo(1, 10);
    expect(relativeLuminance("#ff0000")).toBeCloseTo(0.2126, 10);
    expect(relativeLuminance("nope")).toBeNull();
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 10);
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21, 10);
    expect(contrastRatio("#777777", "#777777")).toBe(1);
    // Figures the WebAIM checker gives: white on green-600 and on red-500, near-black on yellow-400.
    expect(contrastRatio("#ffffff", "#16a34a")).toBeCloseTo(3.3, 1);
    expect(contrastRatio("#ffffff", "#ef4444")).toBeCloseTo(3.76, 2);
    expect(contrastRatio("#111827", "#facc15")).toBeCloseTo(11.58, 2);
  });
});

describe("the organizer's colour as a surface carrying text", () => {
  it("keeps spec §9's text and darkens a mid-tone green under white text just enough", () => {
    const surface = accessibleSurface("#16a34a");
    expect(surface.text).toBe(LIGHT_TEXT);
    expect(surface.adjusted).toBe(true);
    expect(contrastRatio(surface.background, LIGHT_TEXT)).toBeGreaterThanOrEqual(MIN_CONTRAST);
    expect(contrastRatio(surface.background, LIGHT_TEXT)).toBeLessThan(4.6);
    // Still a green: green dominates, only darker.
    const rgb = hexToRgb(surface.background)!;
    expect(rgb.g).toBeGreaterThan(rgb.r);
    expect(rgb.g).toBeGreaterThan(rgb.b);
    expect(rgb.g).toBeLessThan(0xa3);
  });

  it("returns colours that already reach 4.5:1 unchanged", () => {
    expect(accessibleSurface("#facc15")).toEqual({ background: "#facc15", text: DARK_TEXT, adjusted: false });
    expect(accessibleSurface("#1e3a8a")).toEqual({ background: "#1e3a8a", text: LIGHT_TEXT, adjusted: false });
    expect(accessibleSurface("#e11d48")).toEqual({ background: "#e11d48", text: LIGHT_TEXT, adjusted: false });
    expect(accessibleSurface("#4F46E5")).toEqual({ background: "#4f46e5", text: LIGHT_TEXT, adjusted: false });
  });

  it("reaches 4.5:1 on every colour of the grid, with spec §9's text, on the nearest shade", () => {
    let darkened = 0;
    let lightened = 0;
    for (const colour of colourGrid()) {
      const surface = accessibleSurface(colour);
      expect(surface.text, colour).toBe(textColorOn(colour));
      // The shade is on the same side of spec §9's threshold: the rule gives the same text on what is painted.
      expect(textColorOn(surface.background), colour).toBe(surface.text);
      expect(contrastRatio(surface.background, surface.text), colour).toBeGreaterThanOrEqual(MIN_CONTRAST);
      const passes = contrastRatio(colour, surface.text) >= MIN_CONTRAST;
      expect(surface.adjusted, colour).toBe(!passes);
      if (passes) expect(surface.background).toBe(colour);
      else if (surface.text === LIGHT_TEXT) {
        darkened++;
        expect(relativeLuminance(surface.background)!, colour).toBeLessThan(relativeLuminance(colour)!);
      } else {
        lightened++;
        expect(relativeLuminance(surface.background)!, colour).toBeGreaterThan(relativeLuminance(colour)!);
      }
    }
    // Mid-tones under white text are darkened; dark text from luminance 140 up already has 4.5:1 everywhere (at least
    // 4.98:1 over all 24-bit colours), so nothing under dark text is lightened.
    expect(darkened).toBeGreaterThan(100);
    expect(lightened).toBe(0);
  });

  it("finds the nearest lighter shade as well as the nearest darker one", () => {
    const lighter = shadeWithContrast("#4b5563", "#111827", "lighter");
    expect(contrastRatio(lighter, "#111827")).toBeGreaterThanOrEqual(MIN_CONTRAST);
    expect(contrastRatio(lighter, "#111827")).toBeLessThan(4.6);
    expect(relativeLuminance(lighter)!).toBeGreaterThan(relativeLuminance("#4b5563")!);
    const darker = shadeWithContrast("#4b5563", "#9ca3af", "darker");
    expect(contrastRatio(darker, "#9ca3af")).toBeGreaterThanOrEqual(MIN_CONTRAST);
    expect(contrastRatio(darker, "#9ca3af")).toBeLessThan(4.6);
    expect(shadeWithContrast("#000000", "#ffffff", "lighter")).toBe("#000000");
  });

  it("leaves something that is not a colour as it is", () => {
    expect(accessibleSurface("red")).toEqual({ background: "red", text: DARK_TEXT, adjusted: false });
  });
});

describe("the organizer's colour as text on a light background", () => {
  it("darkens a light or mid-tone colour just enough and keeps a dark one", () => {
    const green = accessibleAccent("#16a34a");
    expect(contrastRatio(green, "#ffffff")).toBeGreaterThanOrEqual(MIN_CONTRAST);
    expect(contrastRatio(green, "#ffffff")).toBeLessThan(4.6);
    expect(accessibleAccent("#1e3a8a")).toBe("#1e3a8a");
    const yellow = accessibleAccent("#facc15");
    expect(contrastRatio(yellow, "#ffffff")).toBeGreaterThanOrEqual(MIN_CONTRAST);
    expect(contrastRatio(accessibleAccent("#facc15", "#f8fafc"), "#f8fafc")).toBeGreaterThanOrEqual(MIN_CONTRAST);
    expect(accessibleAccent("nope")).toBe("nope");
  });

  it("reaches 4.5:1 against white on every colour of the grid, and keeps those that already do", () => {
    for (const colour of colourGrid()) {
      const accent = accessibleAccent(colour);
      expect(contrastRatio(accent, "#ffffff"), colour).toBeGreaterThanOrEqual(MIN_CONTRAST);
      if (contrastRatio(colour, "#ffffff") >= MIN_CONTRAST) expect(accent).toBe(colour);
      else expect(relativeLuminance(accent)!, colour).toBeLessThan(relativeLuminance(colour)!);
    }
  });
});
