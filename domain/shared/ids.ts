/**
 * A database id read from a URL or a form: a positive safe integer written in decimal digits only, as ids are printed
 * (no sign, leading zero, exponent, hexadecimal, decimal point or spaces), else null. Callers answer null with a 404:
 * an id that cannot exist is not found.
 */
export function parseId(value: string | null | undefined): number | null {
  if (typeof value !== "string" || !/^[1-9]\d*$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}
