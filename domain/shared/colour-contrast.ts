/**
 * Colour contrast for the organizer's colour (spec §9, docs/decisions/0032-organizer-colour-contrast.md): plain maths
 * shared by the app's public pages and the domain's PDF ticket.
 */

/** Spec §9: a background whose luminance (0.299 R + 0.587 G + 0.114 B, 0–255) is below 140 gets white text. */
const LUMINANCE_THRESHOLD = 140;
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

/**
 * WCAG 2 AA for normal text. Spec §9's rule only chooses white or dark text; on a mid-tone colour neither reaches this
 * (white on #16a34a is 3.3:1), so where the organizer's colour carries text, or is the text, we use a shade of it that
 * does (docs/decisions/0032-organizer-colour-contrast.md).
 */
export const MIN_CONTRAST = 4.5;

const linear = (channel: number) => {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** WCAG 2 relative luminance (0 black – 1 white); null when it is not a hex colour. */
export function relativeLuminance(value: string): number | null {
  const rgb = hexToRgb(value);
  if (!rgb) return null;
  return 0.2126 * linear(rgb.r) + 0.7152 * linear(rgb.g) + 0.0722 * linear(rgb.b);
}

/** WCAG 2 contrast ratio between two hex colours (1–21); 1 when either is not a colour. */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  if (la === null || lb === null) return 1;
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

type Hsl = { h: number; s: number; l: number };

function rgbToHsl({ r, g, b }: { r: number; g: number; b: number }): Hsl {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return { h: 0, s: 0, l };
  const s = d / (1 - Math.abs(2 * l - 1));
  const h = max === rn ? ((gn - bn) / d) % 6 : max === gn ? (bn - rn) / d + 2 : (rn - gn) / d + 4;
  return { h: (h * 60 + 360) % 360, s, l };
}

function hslToHex({ h, s, l }: Hsl): string {
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = l - c / 2;
  const [r, g, b] =
    h < 60
      ? [c, x, 0]
      : h < 120
        ? [x, c, 0]
        : h < 180
          ? [0, c, x]
          : h < 240
            ? [0, x, c]
            : h < 300
              ? [x, 0, c]
              : [c, 0, x];
  const hex = (v: number) =>
    Math.round(Math.min(1, Math.max(0, v + m)) * 255)
      .toString(16)
      .padStart(2, "0");
  return `#${hex(r)}${hex(g)}${hex(b)}`;
}

/**
 * The shade of `color` (same hue and saturation, HSL lightness moved towards black or white) closest to it that has at
 * least MIN_CONTRAST against `against`; `color` itself when it already has. Each channel grows with the lightness, so
 * the contrast does too on one side of `against` and a bisection over the rounded colours finds the nearest shade.
 */
export function shadeWithContrast(color: string, against: string, direction: "darker" | "lighter"): string {
  const rgb = hexToRgb(color);
  if (!rgb || contrastRatio(color, against) >= MIN_CONTRAST) return color;
  const hsl = rgbToHsl(rgb);
  // `near` fails, `far` is the end of the way (black or white), which passes against the texts and backgrounds used here.
  let near = hsl.l;
  let far = direction === "darker" ? 0 : 1;
  for (let i = 0; i < 24; i++) {
    const mid = (near + far) / 2;
    if (contrastRatio(hslToHex({ ...hsl, l: mid }), against) >= MIN_CONTRAST) far = mid;
    else near = mid;
  }
  return hslToHex({ ...hsl, l: far });
}

export type AccessibleSurface = {
  /** The colour to paint: the organizer's colour, or the nearest shade of it with MIN_CONTRAST against `text`. */
  background: string;
  /** Spec §9's choice on the organizer's colour: white below luminance 140, dark text from 140. */
  text: string;
  /** True when `background` is not the organizer's colour. */
  adjusted: boolean;
};

/**
 * The organizer's colour as a surface that carries text (header band, buttons): the text is spec §9's choice, and the
 * colour is darkened under white text or lightened under dark text just enough to reach MIN_CONTRAST. Darkening only
 * lowers the luminance and lightening only raises it, so spec §9's rule gives the same text on the shade. (Dark text
 * from luminance 140 up has at least 4.98:1 on every 24-bit colour, so in practice only white text's side is adjusted.)
 */
export function accessibleSurface(color: string): AccessibleSurface {
  const text = textColorOn(color);
  const hex = normalizeHexColor(color);
  if (!hex) return { background: color, text, adjusted: false };
  const background = shadeWithContrast(hex, text, text === LIGHT_TEXT ? "darker" : "lighter");
  return { background, text, adjusted: background !== hex };
}

/**
 * The organizer's colour as text, a link or an icon on a light background (white by default): darkened just enough to
 * reach MIN_CONTRAST against it. Unchanged when it already does (and when it is not a hex colour).
 */
export function accessibleAccent(color: string, background: string = LIGHT_TEXT): string {
  const hex = normalizeHexColor(color);
  if (!hex || !normalizeHexColor(background)) return color;
  return shadeWithContrast(hex, background, "darker");
}
