import { Hourglass } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { PublicOffer } from "#domain/waiting-list/get-public-offer";
import { formatDateTimeWithZone } from "#domain/shared/format";

/** The offer's deadline in the event's time zone, its zone named: the person may be elsewhere. */
export function useOfferDeadline(offer: PublicOffer | null, timezone: string): string {
  const { i18n } = useTranslation();
  return offer?.state === "open" ? formatDateTimeWithZone(offer.expiresAt, i18n.language, timezone) : "";
}

/**
 * The banner of the offer link (`/events/:id?offer=<token>`, decision 0059): the places held for this person, until
 * when, and a choice of the offered ticket capped at the places held that goes on to the ordinary booking page with
 * the offer's token. A link that can no longer book says so.
 */
export function WaitingListOfferNotice({
  offer,
  ticketTitle,
  timezone,
  bookingPath,
  privateHash,
}: {
  offer: PublicOffer;
  ticketTitle: string;
  timezone: string;
  bookingPath: string;
  privateHash: string | null;
}) {
  const { t } = useTranslation("booking");
  const deadline = useOfferDeadline(offer, timezone);
  if (offer.state !== "open") {
    return (
      <div role="status" className="bg-rose-100 text-rose-950" data-testid="waiting-list-offer-notice">
        <div className="mx-auto max-w-5xl px-4 py-3 text-sm md:px-6">
          <p className="font-semibold">{t("offer.closed")}</p>
          {offer.messageKey ? <p>{t(offer.messageKey as never)}</p> : null}
        </div>
      </div>
    );
  }
  const id = "waiting-list-offer-quantity";
  return (
    <div role="status" className="bg-emerald-100 text-emerald-950" data-testid="waiting-list-offer-notice">
      <form
        method="get"
        action={bookingPath}
        className="mx-auto flex max-w-5xl flex-col gap-3 px-4 py-4 text-sm md:flex-row md:items-center md:justify-between md:px-6"
      >
        <div className="flex items-start gap-2">
          <Hourglass className="mt-0.5 size-4 shrink-0" aria-hidden />
          <div className="space-y-1">
            <p className="text-base font-semibold">{t("offer.title", { count: offer.quantity })}</p>
            <p>{t("offer.body", { count: offer.quantity, ticket: ticketTitle, deadline })}</p>
          </div>
        </div>
        {privateHash ? <input type="hidden" name="t" value={privateHash} /> : null}
        <input type="hidden" name="offer" value={offer.token} />
        <div className="flex shrink-0 items-center gap-2 self-start md:self-auto">
          <label htmlFor={id} className="opacity-80">
            {t("offer.quantity")}
          </label>
          <select
            id={id}
            name={`q${offer.ticketId}`}
            defaultValue={String(offer.quantity)}
            className="h-10 min-w-16 rounded-md border border-emerald-300 bg-white px-2 text-base text-slate-900 focus-visible:ring-[3px] focus-visible:ring-emerald-600/50 focus-visible:outline-none"
          >
            {Array.from({ length: offer.quantity }, (_, i) => i + 1).map((quantity) => (
              <option key={quantity} value={quantity}>
                {quantity}
              </option>
            ))}
          </select>
          <button
            type="submit"
            className="h-10 rounded-md bg-emerald-900 px-4 font-semibold text-emerald-50 hover:bg-emerald-800 focus-visible:ring-[3px] focus-visible:ring-emerald-600/60 focus-visible:outline-none"
          >
            {t("offer.book")}
          </button>
        </div>
      </form>
    </div>
  );
}
