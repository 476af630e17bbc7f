/*
 * VAT identification numbers of the EU (issue 29 §1): the format of each member state as VIES publishes it, and the
 * check digits of France's and Belgium's, which catch most typing slips. A number is stored normalised: the country
 * prefix (EL for Greece, XI for Northern Ireland) then the number, upper case, without spaces, dots or dashes.
 * Outside the EU the format is not ours to check: letters and digits only.
 */
const EU_FORMATS: Record<string, { prefix: string; pattern: RegExp }> = {
  AT: { prefix: "AT", pattern: /^U\d{8}$/ },
  BE: { prefix: "BE", pattern: /^[01]\d{9}$/ },
  BG: { prefix: "BG", pattern: /^\d{9,10}$/ },
  CY: { prefix: "CY", pattern: /^\d{8}[A-Z]$/ },
  CZ: { prefix: "CZ", pattern: /^\d{8,10}$/ },
  DE: { prefix: "DE", pattern: /^\d{9}$/ },
  DK: { prefix: "DK", pattern: /^\d{8}$/ },
  EE: { prefix: "EE", pattern: /^\d{9}$/ },
  GR: { prefix: "EL", pattern: /^\d{9}$/ },
  ES: { prefix: "ES", pattern: /^[A-Z0-9]\d{7}[A-Z0-9]$/ },
  FI: { prefix: "FI", pattern: /^\d{8}$/ },
  FR: { prefix: "FR", pattern: /^[A-HJ-NP-Z0-9]{2}\d{9}$/ },
  HR: { prefix: "HR", pattern: /^\d{11}$/ },
  HU: { prefix: "HU", pattern: /^\d{8}$/ },
  IE: { prefix: "IE", pattern: /^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/ },
  IT: { prefix: "IT", pattern: /^\d{11}$/ },
  LT: { prefix: "LT", pattern: /^(\d{9}|\d{12})$/ },
  LU: { prefix: "LU", pattern: /^\d{8}$/ },
  LV: { prefix: "LV", pattern: /^\d{11}$/ },
  MT: { prefix: "MT", pattern: /^\d{8}$/ },
  NL: { prefix: "NL", pattern: /^\d{9}B\d{2}$/ },
  PL: { prefix: "PL", pattern: /^\d{10}$/ },
  PT: { prefix: "PT", pattern: /^\d{9}$/ },
  RO: { prefix: "RO", pattern: /^\d{2,10}$/ },
  SE: { prefix: "SE", pattern: /^\d{10}01$/ },
  SI: { prefix: "SI", pattern: /^\d{8}$/ },
  SK: { prefix: "SK", pattern: /^\d{10}$/ },
  XI: { prefix: "XI", pattern: /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/ },
};

export const EU_VAT_COUNTRIES = Object.keys(EU_FORMATS).filter((country) => country !== "XI");

export function isEuVatCountry(country: string): boolean {
  return country in EU_FORMATS;
}

/** Upper case, without the separators people type (spaces, dots, dashes). */
export function normalizeVatNumber(value: string): string {
  return value.toUpperCase().replace(/[\s.\-/]/g, "");
}

export type VatNumberIssue = "format" | "country" | "check-digits";

/**
 * Why a VAT number does not fit the seller's country, or null when it does. An EU number may be typed without its
 * prefix; it must then fit the country's format once the prefix is added. `normalized` is the number as stored.
 */
export function checkVatNumber(country: string, value: string): { normalized: string; issue: VatNumberIssue | null } {
  const typed = normalizeVatNumber(value);
  const format = EU_FORMATS[country];
  if (!format) {
    return { normalized: typed, issue: /^[A-Z0-9]{4,20}$/.test(typed) ? null : "format" };
  }
  const prefixed = /^[A-Z]{2}/.test(typed) && !/^\d/.test(typed) && typed.slice(0, 2) !== format.prefix;
  // A number starting with another EU country's prefix belongs to that country, not to the seller's.
  if (prefixed && Object.values(EU_FORMATS).some((other) => other.prefix === typed.slice(0, 2))) {
    return { normalized: typed, issue: "country" };
  }
  const body = typed.startsWith(format.prefix) ? typed.slice(format.prefix.length) : typed;
  const normalized = `${format.prefix}${body}`;
  if (!format.pattern.test(body)) return { normalized, issue: "format" };
  if (!checkDigitsHold(country, body)) return { normalized, issue: "check-digits" };
  return { normalized, issue: null };
}

function checkDigitsHold(country: string, body: string): boolean {
  if (country === "FR" && /^\d{11}$/.test(body)) {
    // The two-digit key of a French number: (12 + 3 × (SIREN mod 97)) mod 97.
    const siren = Number(body.slice(2));
    return Number(body.slice(0, 2)) === (12 + 3 * (siren % 97)) % 97;
  }
  if (country === "BE") {
    return 97 - (Number(body.slice(0, 8)) % 97) === Number(body.slice(8));
  }
  return true;
}
