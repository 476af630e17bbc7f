import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, redirect } from "react-router";
import { bookingCheckout } from "#domain/payments/booking-checkout";
import { checkPublicSelection } from "#domain/booking/check-public-selection";
import { orderTicketsPath } from "#domain/booking/get-public-order";
import { getHeldOrder, heldOrderSetCookie, readHeldOrderCookie } from "#domain/booking/held-order";
import { getInvoiceOffer } from "#domain/accounting/invoice-offer";
import { BillingFields } from "~/components/booking/billing-fields";
import { HeldOrderNotice } from "~/components/public-event/held-order-notice";
import { useOfferDeadline } from "~/components/public-event/waiting-list-offer-notice";
import { eventWithOffer, getPublicOffer } from "#domain/waiting-list/get-public-offer";
import {
  bookingBodyFromForm,
  chosenItems,
  formValues,
  isSameAsBuyer,
  orderQuestions,
  participantSlots,
  sameAsBuyerField,
} from "#domain/public-events/booking-form";
import { getPublicEvent } from "#domain/public-events/get-public-event";
import { placePageOrder } from "#domain/public-events/place-page-order";
import { quoteOrder, type PromoStatus } from "#domain/public-events/quote-order";
import { isAppError } from "#domain/shared/app-error";
import { parseId } from "#domain/shared/ids";
import { getChosenDates, linesWithDate, needsDate, ticketsOnDates } from "#domain/event-dates/public-dates";
import { datePlace } from "~/components/public-event/event-dates-picker";
import { datesHref } from "~/lib/dates-href";
import { CalendarDays } from "lucide-react";
import { paymentProviderFromEnv } from "#adapters/payments";
import { queueOrderEmails } from "#domain/order-documents/queue-order-emails";
import { bookingPagePath, eventPagePath } from "~/components/booking/booking-paths";
import {
  ErrorText,
  fieldId,
  HolderFields,
  NameFields,
  QuestionField,
  type FieldState,
} from "~/components/booking/booking-fields";
import { OrderSummary } from "~/components/booking/order-summary";
import { SelectionIssues } from "~/components/booking/selection-issues";
import { PublicEventNotFound } from "~/components/public-event/public-event-not-found";
import { PublicStyles } from "~/components/public-event/public-styles";
import { accessibleSurface, ORGANIZER_FOCUS_RING } from "~/lib/contrast";
import { formatDateRange, formatMoney } from "#domain/shared/format";
import { cn } from "~/lib/utils";
import { getInstance, getLocale } from "~/middleware/i18next";
import {
  EMBED_ROOT_ATTRIBUTE,
  EmbedFrameScript,
  embedLanguage,
  embedQuery,
  embedReturnTo,
} from "~/lib/embed-frame";
import { serverContext } from "~/server/context";
import { requireWaitingRoomPass } from "~/server/waiting-room.server";
import { clientInfoFromHeaders } from "#domain/http/client-info";
import { actionError } from "~/server/route-errors.server";
import { inventoryFromBinding } from "#domain/inventory/inventory-port";
import type { Route } from "./+types/event-booking";

async function loadBooking({ params, request, context }: Route.LoaderArgs | Route.ActionArgs) {
  const { db, env } = context.get(serverContext);
  const url = new URL(request.url);
  const hash = url.searchParams.get("t");
  const found = await getPublicEvent(db, parseId(params.id), { mode: "public", env, hash });
  if (found.kind === "not-found") throw data(null, { status: 404 });
  // A waiting-list offer's token (decision 0059): the offered ticket is on sale for this person, up to its places.
  const offerToken = url.searchParams.get("offer")?.trim().slice(0, 100) || null;
  const offer = await getPublicOffer(db, { eventId: found.event.id, token: offerToken });
  // A multi-date event (issue 30 §3): the date picked on the event page (`date=`) goes with each per-date line, and
  // its availability (and each pass's dates') closes what it cannot sell.
  const dates = found.event.multiDate
    ? await getChosenDates(db, found.event, {
        dateId: parseId(url.searchParams.get("date")),
        passTicketIds: found.event.tickets.filter((ticket) => ticket.pass).map((ticket) => ticket.id),
      })
    : null;
  const offered = eventWithOffer(found.event, offer);
  const event = dates ? { ...offered, tickets: ticketsOnDates(offered.tickets, dates) } : offered;
  const items = linesWithDate(chosenItems(event, url.searchParams), event, dates?.selected?.id ?? null);
  const date = dates?.selected ?? null;
  const dateIssue =
    date?.availability === "sold_out" ? "unavailable" : needsDate(items, event) && !date ? "missing" : null;
  const promoCode = url.searchParams.get("promo")?.trim().slice(0, 64) || null;
  // The same page framed by the booking widget (/embed/events/:id/book, docs/contracts/booking-widget.md): compact, in
  // the language the widget asked for, and ending on the embed order page instead of the full one.
  const embed = url.pathname.startsWith("/embed/") ? { lang: embedLanguage(url), returnTo: embedReturnTo(url) } : null;
  if (embed?.lang) await getInstance(context).changeLanguage(embed.lang);
  const privateHash = event.visibility === "private" ? hash : null;
  // During an on-sale behind a waiting room, booking needs its pass (docs/decisions/0070-waiting-room.md).
  requireWaitingRoomPass(env, event, { request, privateHash });
  return { db, env, url, event, items, promoCode, privateHash, embed, offer, offerToken, date, dateIssue };
}

export async function loader(args: Route.LoaderArgs) {
  const { db, url, event, items, promoCode, privateHash, embed, offer, date, dateIssue } = await loadBooking(args);
  if (!embed && args.params.slug !== event.slug) {
    throw redirect(`${bookingPagePath(event)}${url.search}`, 302);
  }
  // A choice the order would refuse whatever the forms say is named now, before the buyer fills them.
  const selectionIssues = checkPublicSelection(event, items);
  const quote = await quoteOrder(db, event, {
    items,
    // A code typed with a choice that cannot be booked is not looked at (nor counted as a guess) yet.
    promoCode: selectionIssues.length > 0 ? null : promoCode,
    ip: clientInfoFromHeaders(args.request.headers).ip,
  });
  // Back here from the checkout (the browser's back button), the buyer learns the order already holds places.
  const heldOrder = await getHeldOrder(db, {
    eventId: event.id,
    cookie: readHeldOrderCookie(args.request.headers.get("Cookie")),
  });
  return {
    event,
    items,
    quote,
    promoCode,
    privateHash,
    selectionIssues,
    heldOrder: embed ? null : heldOrder,
    embed,
    offer,
    date,
    dateIssue,
    invoiceOffer: event.allowBilling ? await getInvoiceOffer(db, event.organization.id) : ("none" as const),
  };
}

export async function action(args: Route.ActionArgs) {
  const { db, env, url, event, items, promoCode: linkPromoCode, privateHash, embed, offerToken, dateIssue } =
    await loadBooking(args);
  // A per-date ticket without a date on sale is never sent: the page says what to do instead.
  if (dateIssue) throw redirect(`${url.pathname}${url.search}`);
  const { ctx } = args.context.get(serverContext);
  const form = await args.request.formData();
  const values = formValues(form);
  const ip = clientInfoFromHeaders(args.request.headers).ip;
  // The promo box belongs to the order's form: the code typed there is the order's, and "Appliquer" only prices it,
  // so nothing the buyer typed is lost.
  const typed = form.get("promo");
  const promoCode = typeof typed === "string" ? typed.trim().slice(0, 64) || null : linkPromoCode;
  if (form.get("intent") === "apply-promo") {
    const quote = await quoteOrder(db, event, { items, promoCode, ip });
    return { ok: true as const, values, promoCode, quote };
  }
  const locale = (embed?.lang ?? getLocale(args.context)) === "en" ? "en" : "fr";
  const body = bookingBodyFromForm(form, event, { items, promoCode, t: privateHash, locale });
  if (offerToken) body.waiting_list_offer = offerToken;
  try {
    const provider = paymentProviderFromEnv(env, db);
    const placed = await placePageOrder(
      db,
      {
        env,
        inventory: inventoryFromBinding(env.EVENT_INVENTORY),
        waitUntilWritten: true,
        createCheckout: bookingCheckout(db, provider, {
          appUrl: env.APP_URL || url.origin,
          env,
          // From the widget: after paying, the buyer goes back to the organizer's page, which shows the order.
          returnTo: embed?.returnTo ?? null,
        }),
      },
      { eventId: event.id, body, ip },
    );
    if (placed.status === "paid" && !placed.writtenLater) {
      // A free order is confirmed at once: its email goes through the outbox like a paid one's.
      ctx.waitUntil(queueOrderEmails(env, [placed.id]));
    }
    if (embed) {
      // Paid or not, the frame shows the order next: a pending one offers the checkout in the top window from there
      // (Stripe Checkout refuses frames), a confirmed one tells the host page.
      const query = new URLSearchParams({ token: placed.accessToken });
      if (embed.lang) query.set("lang", embed.lang);
      throw redirect(`/embed/orders/${placed.id}?${query}`);
    }
    if (placed.checkoutUrl && placed.payableUntil !== null) {
      // Back on the event page before paying, the buyer is told the order still holds places (held-order.ts).
      throw redirect(placed.checkoutUrl, {
        headers: {
          "Set-Cookie": heldOrderSetCookie(
            { id: placed.id, eventId: event.id, accessToken: placed.accessToken, payableUntil: placed.payableUntil },
            { requestUrl: args.request.url },
          ),
        },
      });
    }
    throw redirect(placed.checkoutUrl ?? orderTicketsPath({ id: placed.id, accessToken: placed.accessToken }));
  } catch (error) {
    if (error instanceof Response) throw error;
    // The summary prices the code the order carried; the order already counted it as a guess if it was one (no IP
    // here), and past the guesses' limit it is not looked at.
    const quote =
      promoCode !== linkPromoCode && isAppError(error) && error.code !== "rate_limited"
        ? await quoteOrder(db, event, { items, promoCode })
        : null;
    return actionError(error, values, { promoCode, quote });
  }
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.event.title} · Guichet` : "Guichet" }, { name: "robots", content: "noindex" }];
}

export default function EventBooking({ loaderData, actionData }: Route.ComponentProps) {
  const { event, items, privateHash, selectionIssues, heldOrder, embed, offer, invoiceOffer, date, dateIssue } =
    loaderData;
  const offerDeadline = useOfferDeadline(offer, event.timezone);
  // After "Appliquer" or a refused order, the code typed and its price come from the action.
  const quote = actionData?.quote ?? loaderData.quote;
  const promoCode = actionData ? actionData.promoCode : loaderData.promoCode;
  const { t, i18n } = useTranslation("booking");
  const dark = event.theme === "dark";
  // Spec §9's text on a shade of the organizer's colour that gives it 4.5:1 (app/lib/contrast.ts).
  const surface = accessibleSurface(event.primaryColor);
  const surfaceStyle = { backgroundColor: surface.background, color: surface.text };
  const state: FieldState = {
    errors: actionData && !actionData.ok ? (actionData.errors.fields ?? {}) : {},
    values: actionData?.values ?? {},
  };
  const formError = actionData && !actionData.ok ? actionData.errors.formError : null;
  const slots = participantSlots(event, items);
  const questions = orderQuestions(event, items).filter((question) => question.id !== "default");
  const eventHref = embed
    ? `/embed/events/${event.id}${embedQuery({ privateHash, lang: embed.lang, returnTo: embed.returnTo })}`
    : eventPagePath(event, privateHash);
  // Back to a multi-date event's page, its picked date stays picked.
  const backHref = event.multiDate ? datesHref(eventHref, { date: date?.id ?? null }) : eventHref;
  const sameAsBuyer = (index: number) => isSameAsBuyer(actionData?.values ?? null, index);
  // A holder who is the buyer has no fields of their own: the buyer's errors already say what to fix.
  const errorEntries = Object.entries(state.errors).filter(([name]) => {
    const match = /^participants\.(\d+)\.(first_name|last_name|email)$/.exec(name);
    return !match || !sameAsBuyer(Number(match[1]));
  });
  // "Le prénom est obligatoire." three times says nothing: each line of the summary names the part of the form it is in.
  // An answer's line names its question too: a ticket can have several mandatory ones.
  const errorContext = (name: string): string | null => {
    const path = name.split(".");
    const [part, index] = path;
    const questionTitle = (list: { id: string; title: string }[], id: string | undefined) =>
      list.find((question) => question.id === id)?.title;
    if (part === "buyer") return t("buyer.legend");
    if (part === "answers") {
      const form = event.forms.order.title || t("order-form.legend");
      const title = questionTitle(questions, path[1]);
      return title ? `${form} — ${title}` : form;
    }
    if (part === "billing") return t("billing.legend");
    if (part === "promo_code") return t("promo.label");
    const slot = part === "participants" ? slots.find((candidate) => String(candidate.index) === index) : undefined;
    if (!slot) return null;
    const legend = t("participant.legend", { number: slot.index + 1, title: slot.ticketTitle });
    const title = path[2] === "answers" ? questionTitle(slot.questions, path[3]) : undefined;
    return title ? `${legend} — ${title}` : legend;
  };

  return (
    <div
      {...(embed ? { [EMBED_ROOT_ATTRIBUTE]: "" } : {})}
      className={cn(!embed && "min-h-svh", dark ? "dark bg-slate-950 text-slate-100" : "bg-slate-50 text-slate-900")}
    >
      <PublicStyles />
      {heldOrder ? <HeldOrderNotice order={heldOrder} timezone={event.timezone} /> : null}
      {offer ? (
        <p
          role="status"
          data-testid="waiting-list-offer-booking"
          className={cn(
            "px-4 py-3 text-center text-sm font-medium",
            offer.state === "open" ? "bg-emerald-100 text-emerald-950" : "bg-rose-100 text-rose-950",
          )}
        >
          {offer.state === "open"
            ? t("offer.booking", { deadline: offerDeadline })
            : offer.messageKey
              ? t(offer.messageKey as never)
              : t("offer.closed")}
        </p>
      ) : null}
      <header style={surfaceStyle}>
        <div className={cn("mx-auto max-w-5xl px-4 md:px-6", embed ? "py-4" : "py-6")}>
          <a href={backHref} className="inline-flex items-center gap-1 text-sm underline underline-offset-2">
            <ArrowLeft className="size-4" aria-hidden />
            {t("page.back")}
          </a>
          <p className="mt-3 text-sm">{event.organization.title}</p>
          <h1
            className={cn("font-bold tracking-tight wrap-anywhere", embed ? "text-xl" : "text-2xl md:text-3xl")}
          >
            {t("page.title", { title: event.title })}
          </h1>
          {date ? (
            <p className="mt-2 flex items-start gap-1.5 text-sm font-medium" data-testid="booking-date">
              <CalendarDays className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span>
                {t("date.line", { date: formatDateRange(date.startAt, date.endAt, i18n.language, event.timezone) })}
                {datePlace(date) ? ` — ${datePlace(date)}` : ""}
              </span>
            </p>
          ) : null}
        </div>
      </header>
      <main className={cn("mx-auto max-w-5xl px-4 md:px-6", embed ? "py-4" : "py-6")}>
        {items.length === 0 ? (
          <div className="space-y-4" role="alert">
            <p>{t("page.choose-first")}</p>
            <a href={backHref} className="font-medium underline">
              {t("page.back")}
            </a>
          </div>
        ) : dateIssue ? (
          <div
            role="alert"
            className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50"
            data-testid="booking-date-issue"
          >
            <p>{t(dateIssue === "missing" ? "date.missing" : "date.unavailable")}</p>
            <a href={datesHref(eventHref, {})} className="font-medium underline">
              {t("date.choose")}
            </a>
          </div>
        ) : selectionIssues.length > 0 ? (
          <SelectionIssues event={event} issues={selectionIssues} backHref={backHref} />
        ) : (
          <form
            id={BOOKING_FORM_ID}
            method="post"
            noValidate
            className="grid gap-6 md:grid-cols-[1fr_320px]"
            data-testid="booking-form"
          >
            {/* Enter in a field places the order: a form's default button is its first submit button in the
                document, and the summary's "Appliquer" (after the fields) belongs to the form too. */}
            <button type="submit" tabIndex={-1} aria-hidden="true" className="sr-only" />
            {/* The fields, then the summary with the promo code and the pay button: the order the page shows them
                in at every width (the summary is the right column from 768 px, below the fields on a phone), so
                keyboard focus follows what the buyer sees (WCAG 2.4.3) and the total is read just before paying. */}
            <div className="min-w-0 space-y-6">
              {formError || errorEntries.length > 0 ? (
                <div
                  role="alert"
                  tabIndex={-1}
                  autoFocus
                  className="space-y-2 rounded-lg border border-rose-300 bg-rose-50 p-4 text-sm text-rose-900 outline-none focus-visible:ring-2 focus-visible:ring-rose-500 dark:border-rose-900 dark:bg-rose-950 dark:text-rose-100"
                  data-testid="booking-errors"
                >
                  <p className="font-semibold">{t("page.errors-summary")}</p>
                  {formError &&
                  formError !== "booking:page.errors-summary" &&
                  !Object.values(state.errors).includes(formError) ? (
                    <p>{t(formError as never)}</p>
                  ) : null}
                  {errorEntries.length > 0 ? (
                    <ul className="list-disc space-y-1 pl-5">
                      {errorEntries.map(([name, message]) => {
                        const context = errorContext(name);
                        return (
                          <li key={name}>
                            <a href={`#${fieldId(name)}`} className="underline">
                              {context ? `${context} — ` : ""}
                              {t(message as never)}
                            </a>
                          </li>
                        );
                      })}
                    </ul>
                  ) : null}
                </div>
              ) : null}
              <p className="text-sm opacity-70">{t("page.required-hint")}</p>
              {items.map((item, index) => {
                const message = state.errors[`items.${index}.quantity`];
                const line = quote.lines.find((candidate) => candidate.ticketId === item.ticketId);
                return message ? (
                  <p
                    key={item.ticketId}
                    id={fieldId(`items.${index}.quantity`)}
                    className="text-sm font-medium text-rose-600 dark:text-rose-400"
                  >
                    {line ? `${line.title} — ` : ""}
                    {t(message as never)}{" "}
                    <a href={backHref} className="underline">
                      {t("page.back")}
                    </a>
                  </p>
                ) : null;
              })}
              <ErrorText name="items" state={state} />
              <ErrorText name="participants" state={state} />
              <Fieldset legend={t("buyer.legend")} dark={dark} hint={t("buyer.hint")}>
                <NameFields prefix="buyer" state={state} dark={dark} />
              </Fieldset>
              {questions.length > 0 ? (
                <Fieldset legend={event.forms.order.title || t("order-form.legend")} dark={dark}>
                  {questions.map((question) => (
                    <QuestionField key={question.id} question={question} prefix="answers" state={state} dark={dark} />
                  ))}
                </Fieldset>
              ) : null}
              {slots.map((slot) => (
                <Fieldset
                  key={slot.index}
                  legend={t("participant.legend", { number: slot.index + 1, title: slot.ticketTitle })}
                  dark={dark}
                  testId="participant-fieldset"
                >
                  <HolderFields
                    prefix={`participants.${slot.index}`}
                    checkboxName={sameAsBuyerField(slot.index)}
                    sameAsBuyer={sameAsBuyer(slot.index)}
                    state={state}
                    dark={dark}
                  />
                  {slot.questions
                    .filter((question) => question.id !== "default")
                    .map((question) => (
                      <QuestionField
                        key={question.id}
                        question={question}
                        prefix={`participants.${slot.index}.answers`}
                        state={state}
                        dark={dark}
                      />
                    ))}
                </Fieldset>
              ))}
              {event.allowBilling ? (
                <Fieldset legend={t("billing.legend")} dark={dark} hint={t("billing.hint")}>
                  <BillingFields state={state} dark={dark} invoiceOffer={invoiceOffer} />
                </Fieldset>
              ) : null}
            </div>
            <aside className="space-y-4 md:sticky md:top-6 md:self-start" aria-label={t("summary.heading")}>
              <OrderSummary quote={quote} dark={dark} />
              <PromoBox promoCode={promoCode} quote={quote} dark={dark} error={state.errors.promo_code} />
              <button
                type="submit"
                className={cn("h-12 w-full rounded-lg px-6 text-base font-semibold shadow-sm", ORGANIZER_FOCUS_RING)}
                style={surfaceStyle}
                data-testid="booking-submit"
              >
                {quote.total > 0
                  ? t("submit.pay", { amount: formatMoney(quote.total, i18n.language) })
                  : t("submit.free")}
              </button>
            </aside>
          </form>
        )}
      </main>
      {embed ? <EmbedFrameScript /> : null}
    </div>
  );
}

const BOOKING_FORM_ID = "booking-form";

function Fieldset({
  legend,
  hint,
  dark,
  testId,
  children,
}: {
  legend: string;
  hint?: string;
  dark: boolean;
  testId?: string;
  children: React.ReactNode;
}) {
  return (
    <fieldset
      className={cn("min-w-0 rounded-xl border p-4", dark ? "border-slate-800 bg-slate-900" : "border-slate-200 bg-white")}
      data-testid={testId}
    >
      {/* Floated, the legend is laid out like a heading inside the box: a title that wraps on a phone does not sit
          on the border as a legend on the border line would. */}
      <legend className="float-left w-full text-base font-semibold wrap-anywhere">{legend}</legend>
      <div className="clear-both space-y-4 pt-3">
        {hint ? <p className="-mt-2 text-xs opacity-70">{hint}</p> : null}
        {children}
      </div>
    </fieldset>
  );
}

/** What the promo box says when the code does not apply (quoteOrder's status). */
const promoRefusalKey = {
  invalid: "promo.invalid",
  not_started: "promo.not-started",
  expired: "promo.expired",
  used_up: "promo.used-up",
  not_applicable: "promo.not-applicable",
  too_many_attempts: "promo.too-many-attempts",
} as const satisfies Record<Exclude<PromoStatus, "applied">, string>;

/**
 * The promo code, in the summary but part of the order's form (`form=`): "Appliquer" posts the form with
 * `intent=apply-promo`, which prices the code and gives every field back as typed (the order call checks it again).
 */
function PromoBox({
  promoCode,
  quote,
  dark,
  error,
}: {
  promoCode: string | null;
  quote: Awaited<ReturnType<typeof quoteOrder>>;
  dark: boolean;
  error?: string;
}) {
  const { t, i18n } = useTranslation("booking");
  const promo = quote.promo;
  const status = !promo
    ? null
    : promo.status === "applied"
      ? t("promo.applied", { code: promo.code, amount: formatMoney(quote.discount, i18n.language) })
      : t(promoRefusalKey[promo.status], { code: promo.code });
  return (
    <div
      className={cn("space-y-2 rounded-xl border p-4", dark ? "border-slate-800 bg-slate-900" : "border-slate-200 bg-white")}
    >
      <label htmlFor={fieldId("promo_code")} className="block text-sm font-medium">
        {t("promo.label")}
      </label>
      <div className="flex gap-2">
        <input
          id={fieldId("promo_code")}
          form={BOOKING_FORM_ID}
          name="promo"
          defaultValue={promoCode ?? ""}
          autoComplete="off"
          autoCapitalize="characters"
          aria-describedby={status || error ? "promo-status" : undefined}
          aria-invalid={(promo !== null && promo.status !== "applied") || Boolean(error) || undefined}
          className={cn(
            "h-10 min-w-0 flex-1 rounded-md border px-3 text-base uppercase outline-none focus-visible:ring-[3px] focus-visible:ring-sky-500/50",
            dark ? "border-slate-700 bg-slate-950" : "border-slate-300 bg-white",
          )}
        />
        <button
          type="submit"
          form={BOOKING_FORM_ID}
          name="intent"
          value="apply-promo"
          className={cn(
            "h-10 shrink-0 rounded-md border px-4 text-sm font-medium focus-visible:ring-[3px] focus-visible:ring-sky-500/50 focus-visible:outline-none",
            dark ? "border-slate-700" : "border-slate-300",
          )}
        >
          {t("promo.apply")}
        </button>
      </div>
      {status || error ? (
        <p
          id="promo-status"
          role="status"
          className={cn(
            "text-sm",
            promo?.status === "applied" && !error ? "text-emerald-700 dark:text-emerald-400" : "text-rose-600",
          )}
          data-testid="promo-status"
        >
          {error ? t(error as never) : status}
        </p>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <PublicEventNotFound />;
}
