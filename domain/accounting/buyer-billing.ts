import { checkVatNumber, type VatNumberIssue } from "../billing/vat-number";

/*
 * The buyer's billing details at checkout and on the order page (issue 29 §6). The country is chosen among the ISO
 * 3166-1 alpha-2 codes (the booking page's select); an API client that still sends a country as free text ("France") is
 * answered as before. With an ISO code, the VAT number must fit that country's format (decision 0063's check).
 * Client-safe: no database import.
 */
export const BUYER_COUNTRIES: readonly string[] = (
  "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT " +
  "BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH " +
  "ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT " +
  "HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS " +
  "LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI " +
  "NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG " +
  "SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG " +
  "UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW"
).split(" ");

const buyerCountries: ReadonlySet<string> = new Set(BUYER_COUNTRIES);

/** The ISO code of a country as typed or chosen ("fr" → "FR"), or null when it is free text. */
export function buyerCountryCode(country: string): string | null {
  const code = country.trim().toUpperCase();
  return buyerCountries.has(code) ? code : null;
}

/** A country stored as an ISO code, by its name in `language` (PL → Pologne); a country typed as text, as typed. */
export function countryName(country: string, language: string): string {
  const code = buyerCountryCode(country);
  if (code === null) return country;
  try {
    return new Intl.DisplayNames([language], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

export const BUYER_VAT_MESSAGES: Record<VatNumberIssue, string> = {
  format: "booking:errors.vat-number-format",
  country: "booking:errors.vat-number-country",
  "check-digits": "booking:errors.vat-number-check-digits",
};

/**
 * The buyer's VAT number checked against the chosen country: `{ normalized }` to store (prefix, no separators), or
 * `{ error }` (a message key). A country given as free text leaves the number as typed, unchecked.
 */
export function checkBuyerVatNumber(
  country: string,
  vatNumber: string,
): { normalized: string; error: null } | { normalized: null; error: string } {
  const code = buyerCountryCode(country);
  if (vatNumber.trim() === "" || code === null) return { normalized: vatNumber.trim(), error: null };
  const { normalized, issue } = checkVatNumber(code, vatNumber);
  return issue ? { normalized: null, error: BUYER_VAT_MESSAGES[issue] } : { normalized, error: null };
}
