import { createLibsqlDatabase } from "../../db/libsql";
import { events, organizations, participationForms, promoCodes, tickets } from "../../db/schema";
import { eventSlug } from "../../domain/events/event-slug";
import type { Question } from "../../domain/participation-forms/question-schema";
import { Rng } from "./seed-random";

/**
 * The on-sale rush of `npm run load`: one organization, written straight into the local D1 file before workerd starts,
 * with the event on sale (a capacity below the sum of its three tickets' stocks, a promo code with few uses, a
 * mandatory question on the order form and one on each participant's form), and the buyers' order bodies, as the
 * public booking page sends them (POST /api/public/events/:id/orders).
 */

export type LoadTicket = { id: number; title: string; price: number; amount: number; free: boolean };

export type LoadEvent = {
  eventId: number;
  organizationId: number;
  title: string;
  /** The public page: /events/:id/:slug. */
  path: string;
  timezone: string;
  capacity: number;
  tickets: LoadTicket[];
  promo: { id: number; code: string; maxUses: number };
  questions: { rules: string; category: string; categoryOptions: string[]; city: string };
};

export type LoadEventSpec = {
  title: string;
  capacity: number;
  /** Free, full price, reduced: in this order. */
  stocks: [number, number, number];
  promoCode: string;
  promoMaxUses: number;
};

/** The rush's event: 500 seats, 150 free + 250 full price + 200 reduced (600 > 500: the capacity bites too). */
export const rushEventSpec: LoadEventSpec = {
  title: "Nuit du Jazz · ouverture de la billetterie",
  capacity: 500,
  stocks: [150, 250, 200],
  promoCode: "RUSH50",
  promoMaxUses: 50,
};

/** The ceiling phase's event: the same shape with room for every buyer the server takes, the same scarce promo code. */
export const ceilingEventSpec = (capacity: number): LoadEventSpec => ({
  title: "Nuit du Jazz · seconde date",
  capacity,
  stocks: [Math.ceil(capacity / 3), Math.ceil(capacity / 2), Math.ceil(capacity / 2)],
  promoCode: "RUSH50",
  promoMaxUses: 50,
});

const question = (
  id: string,
  title: string,
  type: Question["type"],
  mandatory: boolean,
  options: { id: string; title: string }[] = [],
): Question => ({ id, title, description: "", mandatory, type, options, ticket_target: [], allow_target: false });

/** The organization the load events belong to; created once per database. */
export async function createLoadOrganization(file: string): Promise<number> {
  const { db, close } = createLibsqlDatabase(`file:${file}`);
  try {
    const [row] = await db
      .insert(organizations)
      .values({
        title: "Jazz à la Charge",
        titleKey: "jazz à la charge",
        contactEmail: "billetterie@jazz-charge.test",
      })
      .returning({ id: organizations.id });
    return row!.id;
  } finally {
    close();
  }
}

export async function createLoadEvent(
  file: string,
  organizationId: number,
  spec: LoadEventSpec,
  now = Date.now(),
): Promise<LoadEvent> {
  const { db, close } = createLibsqlDatabase(`file:${file}`);
  const rng = new Rng(`load-event-${spec.title}`);
  try {
    const day = 86_400_000;
    const [event] = await db
      .insert(events)
      .values({
        organizationId,
        title: spec.title,
        smallDescription: "Trois scènes, une nuit : la billetterie ouvre maintenant.",
        description: "Ouverture des portes à 19 h. Placement libre.",
        status: "published",
        visibility: "public",
        timezone: "Europe/Paris",
        startAt: new Date(now + 30 * day),
        endAt: new Date(now + 30 * day + 6 * 3_600_000),
        addressName: "La Charge",
        addressLabel: "12 quai des Docks, 13002 Marseille",
        contactEmail: "billetterie@jazz-charge.test",
        confirmationPageMessage: "Merci ! Vos billets arrivent par e-mail.",
        emailPdfMessage: "Présentez le QR code de chaque billet à l'entrée.",
        eventCapacity: spec.capacity,
        publishedAt: new Date(now),
        createdAt: new Date(now),
        updatedAt: new Date(now),
      })
      .returning({ id: events.id });
    const eventId = event!.id;
    const ticketSpecs = [
      { title: "Entrée libre (fosse)", price: 0, free: true, feesType: "included" as const },
      { title: "Plein tarif", price: 2500, free: false, feesType: "included" as const },
      { title: "Tarif réduit", price: 1200, free: false, feesType: "added" as const },
    ];
    const inserted = await db
      .insert(tickets)
      .values(
        ticketSpecs.map((ticket, index) => ({
          organizationId,
          eventId,
          title: ticket.title,
          price: ticket.price,
          isFree: ticket.free,
          amount: spec.stocks[index]!,
          maxPerOrder: 6,
          feesType: ticket.feesType,
          sort: index,
          showRemainingCount: true,
        })),
      )
      .returning({ id: tickets.id });
    const [promo] = await db
      .insert(promoCodes)
      .values({
        organizationId,
        eventId,
        code: spec.promoCode,
        discountType: "percent",
        discountValue: 2000,
        maxUses: spec.promoMaxUses,
      })
      .returning({ id: promoCodes.id });

    const ids = { rules: rng.alphanumeric(16), category: rng.alphanumeric(16), city: rng.alphanumeric(16) };
    const categoryOptions = ["Adulte", "Étudiant·e", "Enfant (moins de 12 ans)"].map((title) => ({
      id: rng.alphanumeric(16),
      title,
    }));
    await db.insert(participationForms).values([
      {
        organizationId,
        eventId,
        formType: "before",
        title: "Votre commande",
        questions: JSON.stringify([
          question(ids.rules, "J'accepte le règlement intérieur du lieu", "additional-conditions", true),
        ]),
      },
      {
        organizationId,
        eventId,
        formType: "before-tickets",
        title: "Participant",
        questions: JSON.stringify([
          question(ids.category, "Catégorie", "unique-choice", true, categoryOptions),
          question(ids.city, "Ville", "short-text", false),
        ]),
      },
    ]);
    return {
      eventId,
      organizationId,
      title: spec.title,
      path: `/events/${eventId}/${eventSlug(spec.title)}`,
      timezone: "Europe/Paris",
      capacity: spec.capacity,
      tickets: ticketSpecs.map((ticket, index) => ({
        id: inserted[index]!.id,
        title: ticket.title,
        price: ticket.price,
        amount: spec.stocks[index]!,
        free: ticket.free,
      })),
      promo: { id: promo!.id, code: spec.promoCode, maxUses: spec.promoMaxUses },
      questions: { ...ids, categoryOptions: categoryOptions.map((option) => option.id) },
    };
  } finally {
    close();
  }
}

export type OrderBody = {
  items: { ticket_id: number; quantity: number }[];
  promo_code?: string;
  buyer: { first_name: string; last_name: string; email: string };
  participants: {
    ticket_id: number;
    first_name: string;
    last_name: string;
    email: string;
    answers: Record<string, string | string[]>;
  }[];
  answers: Record<string, boolean>;
  locale: "fr" | "en";
};

/** A slip a real buyer makes now and then: the form answers 422 and the buyer corrects it once. */
export type Mistake = "none" | "missing-answer" | "bad-email" | "promo-on-free";

export type BuyerPlan = {
  index: number;
  body: OrderBody;
  mistake: Mistake;
  /** The network the buyer books from (CF-Connecting-IP). */
  ip: string;
  /** After a paid order: pays in the demo checkout, cancels there, or closes the tab (the hold runs to its deadline). */
  checkout: "pay" | "cancel" | "leave";
  /** Seconds between the checkout address and the checkout page, and between the page and the button. */
  thinkMs: [number, number];
};

const FIRST_NAMES = [
  "Camille",
  "Léa",
  "Hugo",
  "Inès",
  "Malik",
  "Chloé",
  "Yanis",
  "Manon",
  "Théo",
  "Zoé",
  "Nour",
  "Jules",
];
const LAST_NAMES = [
  "Martin",
  "Bernard",
  "Dubois",
  "Lefèvre",
  "Moreau",
  "Fournier",
  "Girard",
  "Nguyen",
  "Haddad",
  "Roux",
];

/**
 * Buyer `index`'s order, the same on every run: mostly one or two places, a quarter of buyers on the free ticket, a
 * fifth of paying buyers with the promo code, a participant per place each answering the mandatory category.
 */
export function planBuyer(event: LoadEvent, index: number, runLabel: string): BuyerPlan {
  const rng = new Rng(`load-buyer-${runLabel}-${index}`);
  const [free, full, reduced] = event.tickets as [LoadTicket, LoadTicket, LoadTicket];
  const quantity = () => [1, 2, 3, 4][rng.weightedIndex([55, 35, 6, 4])]!;
  const items: { ticket_id: number; quantity: number }[] = [];
  switch (rng.weightedIndex([25, 45, 25, 5])) {
    case 0:
      items.push({ ticket_id: free.id, quantity: Math.min(2, quantity()) });
      break;
    case 1:
      items.push({ ticket_id: full.id, quantity: quantity() });
      break;
    case 2:
      items.push({ ticket_id: reduced.id, quantity: quantity() });
      break;
    default:
      items.push({ ticket_id: full.id, quantity: 1 }, { ticket_id: reduced.id, quantity: rng.int(1, 2) });
  }
  const paying = items.some((item) => item.ticket_id !== free.id);
  const firstName = rng.pick(FIRST_NAMES);
  const lastName = rng.pick(LAST_NAMES);
  const email = `${firstName.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "")}.${index}@${runLabel}.load.guichet.test`;
  const participants: OrderBody["participants"] = [];
  for (const item of items) {
    for (let unit = 0; unit < item.quantity; unit++) {
      const first = participants.length === 0;
      participants.push({
        ticket_id: item.ticket_id,
        first_name: first ? firstName : rng.pick(FIRST_NAMES),
        last_name: first ? lastName : rng.pick(LAST_NAMES),
        email: first ? email : `invite-${participants.length}.${index}@${runLabel}.load.guichet.test`,
        answers: {
          [event.questions.category]: rng.pick(event.questions.categoryOptions),
          ...(rng.chance(0.5) ? { [event.questions.city]: rng.pick(["Marseille", "Aix", "Lyon", "Paris"]) } : {}),
        },
      });
    }
  }
  const body: OrderBody = {
    items,
    buyer: { first_name: firstName, last_name: lastName, email },
    participants,
    answers: { [event.questions.rules]: true },
    locale: rng.chance(0.85) ? "fr" : "en",
  };
  if (paying && rng.chance(0.2)) body.promo_code = event.promo.code.toLowerCase();

  let mistake: Mistake = "none";
  const slip = rng.next();
  if (slip < 0.015) mistake = "missing-answer";
  else if (slip < 0.02) mistake = "bad-email";
  else if (!paying && slip < 0.03) mistake = "promo-on-free";

  // A box office or a school: a few buyers share one network (distinct emails, so distinct rate-limit keys).
  const ip = rng.chance(0.03) ? "10.200.0.1" : `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
  const checkout = (["pay", "cancel", "leave"] as const)[rng.weightedIndex([85, 7, 8])]!;
  return { index, body, mistake, ip, checkout, thinkMs: [rng.int(800, 3000), rng.int(800, 2500)] };
}

/** The body as first sent: with the buyer's slip, if any. */
export function withMistake(plan: BuyerPlan, event: LoadEvent): OrderBody {
  const body = structuredClone(plan.body);
  if (plan.mistake === "missing-answer") body.answers = {};
  if (plan.mistake === "bad-email") body.buyer.email = body.buyer.email.replace("@", "@@");
  if (plan.mistake === "promo-on-free") body.promo_code = event.promo.code;
  return body;
}

/**
 * After a 409 the buyer refreshes the page and rebooks what is still on sale: without the promo code when it ran out
 * (no ticket named), else the same number of places on one ticket still on sale. Null when nothing is left.
 */
export function rebookAfterSoldOut(
  body: OrderBody,
  soldOutTicketId: number | null,
  onSale: number[],
  event: LoadEvent,
): OrderBody | null {
  if (soldOutTicketId === null && body.promo_code) {
    const { promo_code: _dropped, ...rest } = body;
    return structuredClone(rest);
  }
  const candidates = onSale.filter((id) => id !== soldOutTicketId);
  if (candidates.length === 0) return null;
  // Buyers who came for a paid seat prefer another paid one; the free one is the fallback of everyone.
  const paid = candidates.filter((id) => !event.tickets.find((ticket) => ticket.id === id)?.free);
  const ticketId = (paid.length > 0 ? paid : candidates)[0]!;
  const free = event.tickets.find((ticket) => ticket.id === ticketId)?.free ?? false;
  const places = Math.min(free ? 2 : 6, body.participants.length);
  const next = structuredClone(body);
  next.items = [{ ticket_id: ticketId, quantity: places }];
  next.participants = next.participants
    .slice(0, places)
    .map((participant) => ({ ...participant, ticket_id: ticketId }));
  if (free) delete next.promo_code;
  return next;
}

/**
 * Arrival times (ms from the start) of `count` buyers over `durationMs`: an open schedule, a Poisson process whose rate
 * starts at 1.75× the mean (the on-sale moment) and falls to 0.25× by the end; given the count, its arrivals are
 * independent draws from that density, sorted.
 */
export function rushArrivals(count: number, durationMs: number, seed: string): number[] {
  const rng = new Rng(seed);
  // Density on [0, 1]: f(x) = 1.75 − 1.5x. Inverse CDF of F(x) = 1.75x − 0.75x².
  const arrivals = Array.from({ length: count }, () => {
    const u = rng.next();
    const x = (1.75 - Math.sqrt(1.75 * 1.75 - 3 * u)) / 1.5;
    return x * durationMs;
  });
  return arrivals.sort((a, b) => a - b);
}

/** Arrival times of a steady Poisson crowd: exponential gaps at `perSecond`. */
export function steadyArrivals(perSecond: number, durationMs: number, seed: string): number[] {
  const rng = new Rng(seed);
  const out: number[] = [];
  for (let at = -Math.log(1 - rng.next()) * (1000 / perSecond); at < durationMs;) {
    out.push(at);
    at += -Math.log(1 - rng.next()) * (1000 / perSecond);
  }
  return out;
}
