/*
 * The VAT rates of each EU member state as of 2026, in basis points (550 = 5.5 %), the standard rate first, offered as
 * presets on the « Facturation » page (issue 29 §2). They are a starting point the organizer confirms: rates change
 * by national law, and which one applies to a ticket (culture, sport, conferences) is the organizer's call.
 */
export const TAX_RATE_PRESETS: Record<string, readonly number[]> = {
  AT: [2000, 1300, 1000],
  BE: [2100, 1200, 600],
  BG: [2000, 900],
  CY: [1900, 900, 500],
  CZ: [2100, 1200],
  DE: [1900, 700],
  DK: [2500],
  EE: [2400, 1300, 900],
  ES: [2100, 1000, 400],
  FI: [2550, 1350, 1000],
  FR: [2000, 1000, 550, 210],
  GR: [2400, 1300, 600],
  HR: [2500, 1300, 500],
  HU: [2700, 1800, 500],
  IE: [2300, 1350, 900],
  IT: [2200, 1000, 500, 400],
  LT: [2100, 900, 500],
  LU: [1700, 1400, 800, 300],
  LV: [2100, 1200, 500],
  MT: [1800, 700, 500],
  NL: [2100, 900],
  PL: [2300, 800, 500],
  PT: [2300, 1300, 600],
  RO: [2100, 1100],
  SE: [2500, 1200, 600],
  SI: [2200, 950, 500],
  SK: [2300, 1900, 500],
};

/**
 * The mention an invoice carries when the organization is not VAT-registered, by country, where the law names one;
 * elsewhere the organizer writes their own (the form asks for it).
 */
export const VAT_EXEMPTION_MENTIONS: Record<string, string> = {
  FR: "TVA non applicable, art. 293 B du CGI",
  BE: "Régime particulier de franchise des petites entreprises",
  LU: "Franchise de TVA – article 57 de la loi TVA",
  DE: "Gemäß § 19 UStG wird keine Umsatzsteuer berechnet",
  AT: "Umsatzsteuerbefreit – Kleinunternehmer gemäß § 6 Abs. 1 Z 27 UStG",
};
