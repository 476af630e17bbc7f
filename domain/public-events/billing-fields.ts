/**
 * The billing fields of an order (spec §3), apart from the booking form's helpers (booking-form.ts re-exports them) so
 * that the organizer's order page does not load those and the public event reader at first load
 * (docs/decisions/0071-lighter-signed-in-pages.md).
 */
export const BILLING_FIELDS = ["name", "company", "address", "postal_code", "city", "country", "vat_number"] as const;
