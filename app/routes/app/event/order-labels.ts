import type { TFunction } from "i18next";
import { formatMoney } from "#domain/shared/format";

// Apart from the columns (participants-columns.tsx and orders-columns.tsx re-export them) so that the order and
// participant detail pages do not load the tables' columns at first load (docs/decisions/0071-lighter-signed-in-pages.md).

/** Spec §9: cents in euros with two decimals; 0 shows as free. */
export function participantPrice(cents: number, t: TFunction<"participants">, language: string): string {
  return cents === 0 ? t("free") : formatMoney(cents, language);
}

/** Spec §9: checkout time in whole seconds with 's'; 0 or less means the order was added by hand. */
export function checkoutTimeLabel(seconds: number, t: TFunction<"orders">): string {
  return seconds <= 0 ? t("manual") : t("seconds", { count: Math.round(seconds) });
}
