/** Spec §9: a background whose luminance (0.299 R + 0.587 G + 0.114 B, 0–255) is below 140 gets white text. */
export const LUMINANCE_THRESHOLD = 140;
export const LIGHT_TEXT = "#ffffff";
export const DARK_TEXT = "#111827";

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

export function isHexColor(value: string): boolean {
  return HEX.test(value.trim());
}

/** "#ABC", "abc" or "#aabbcc" → "#aabbcc"; null when it is not a hex colour. */
export function normalizeHexColor(value: string): string | null {
  const match = HEX.exec(value.trim());
  if (!match) return null;
  const digits = match[1]!.toLowerCase();
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join("") : digits;
  return `#${full}`;
}

export function hexToRgb(value: string): { r: number; g: number; b: number } | null {
  const hex = normalizeHexColor(value);
  if (!hex) return null;
  return {
    r: Number.parseInt(hex.slice(1, 3), 16),
    g: Number.parseInt(hex.slice(3, 5), 16),
    b: Number.parseInt(hex.slice(5, 7), 16),
  };
}

export function luminance(value: string): number | null {
  const rgb = hexToRgb(value);
  if (!rgb) return null;
  return 0.299 * rgb.r + 0.587 * rgb.g + 0.114 * rgb.b;
}

export function needsLightText(background: string): boolean {
  const l = luminance(background);
  return l !== null && l < LUMINANCE_THRESHOLD;
}

/** The text colour to put on that background. */
export function textColorOn(background: string): string {
  return needsLightText(background) ? LIGHT_TEXT : DARK_TEXT;
}
