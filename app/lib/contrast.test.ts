import { describe, expect, it } from "vitest";
import {
  DARK_TEXT,
  hexToRgb,
  isHexColor,
  LIGHT_TEXT,
  luminance,
  needsLightText,
  normalizeHexColor,
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
