import { encode } from "uqr";

/**
 * A QR code as one SVG path (a 1×1 square per dark module) and its size in modules, border included. Computed in the
 * loader, so the QR library stays on the server.
 */
export function qrPath(text: string, border = 2): { d: string; size: number } {
  const { data, size } = encode(text, { ecc: "M", border: 0 });
  const parts: string[] = [];
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) parts.push(`M${x + border} ${y + border}h1v1h-1z`);
    }),
  );
  return { d: parts.join(""), size: size + border * 2 };
}
