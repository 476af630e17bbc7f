import { Clock } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { HeldOrder } from "#domain/booking/held-order";
import { dateTimeFormat, intlLocale } from "#domain/shared/format";

/** The buyer's order that still holds places on this event (left at the checkout), with the way back to it. */
export function HeldOrderNotice({ order, timezone }: { order: HeldOrder; timezone: string }) {
  const { t, i18n } = useTranslation("public-event");
  // The deadline in the event's time zone, with the zone named: the buyer may be elsewhere.
  const time = dateTimeFormat(intlLocale(i18n.language), {
    timeZone: timezone,
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(new Date(order.payableUntil));
  return (
    <div role="status" className="bg-amber-100 text-amber-950" data-testid="held-order-notice">
      <div className="mx-auto flex max-w-5xl flex-col gap-2 px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between md:px-6">
        <p className="flex items-start gap-2">
          <Clock className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>{t("held-order.text", { id: order.id, time })}</span>
        </p>
        <a
          href={order.path}
          className="shrink-0 self-start rounded-md bg-amber-950 px-3 py-1.5 font-semibold text-amber-50 underline-offset-2 hover:underline focus-visible:ring-[3px] focus-visible:ring-amber-700/60 focus-visible:outline-none sm:self-auto"
        >
          {t("held-order.link")}
        </a>
      </div>
    </div>
  );
}
