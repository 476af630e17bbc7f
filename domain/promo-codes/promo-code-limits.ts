/**
 * The promo code limits the create form shows, apart from the input schema (promo-code-input-schema.ts) so that the
 * promo codes page does not load the schema, valibot and the ticket schema at first load
 * (docs/decisions/0071-lighter-signed-in-pages.md).
 */
export const PROMO_CODE_MAX_LENGTH = 40;
// One statement or two per code in one D1 batch: 200 codes stay well inside a Worker's query budget.
export const PROMO_CODES_PER_REQUEST = 200;
/** Bulk creation from the screen: a prefix and how many random codes to make with the same settings. */
export const PROMO_BULK_MAX_COUNT = PROMO_CODES_PER_REQUEST;
export const PROMO_PREFIX_MAX_LENGTH = 20;
