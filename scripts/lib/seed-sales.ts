import type { OrderStatus as SchemaOrderStatus } from "../../db/schema";
import { platformFee } from "../../domain/booking/fees";
import { countsAsParticipant } from "../../domain/orders/order-status";
import type { EventSpec, QuestionSpec, TicketSpec } from "./seed-catalog";
import type { PeopleFactory, Person } from "./seed-people";
import type { Rng } from "./seed-random";
import { DAY, HOUR, MINUTE, type ParisClock } from "./seed-time";

/** Orders of one event, drawn in time order so sell windows, stock and promo-code limits hold as they would live. */

/** The statuses the seed draws (never refunded: the demo has no refunds yet). */
export type OrderStatus = Exclude<SchemaOrderStatus, "refunded">;

export interface SaleTicket {
  id: number;
  spec: TicketSpec;
  price: number;
  amount: number;
  sellStartAt: number | null;
  sellEndAt: number | null;
  maxPerOrder: number;
  /** Rows held by orders so far (pending ones included). */
  held: number;
  /** Of `held`, the units of pending orders: they hold through order_items, not tickets.purchased. */
  pendingHeld: number;
}

export interface SalePromo {
  id: number;
  code: string;
  discountType: "percent" | "amount";
  discountValue: number;
  maxUses: number;
  startAt: number | null;
  endAt: number | null;
  /** Null when the code applies to every ticket. */
  ticketIds: ReadonlySet<number> | null;
  useCount: number;
  /** Of `useCount`, pending orders: they count through orders.payable_until, not promo_codes.use_count. */
  pendingUses: number;
}

export interface SaleQuestion {
  id: string;
  spec: QuestionSpec;
  optionIds: string[];
}

export interface DraftParticipant {
  person: Person;
  ticket: SaleTicket;
  price: number;
  promoCodeKey: string | null;
  accessToken: string;
  answers: DraftAnswer[];
}

export interface DraftAnswer {
  formType: "before" | "before-tickets";
  questionId: string;
  questionTitle: string;
  value: string;
}

export interface DraftOrder {
  eventKey: string;
  createdAt: number;
  buyer: Person;
  status: OrderStatus;
  checkoutTime: number;
  amount: number;
  fees: number;
  promo: SalePromo | null;
  paidAt: number | null;
  payableUntil: number | null;
  accessToken: string;
  stripeCheckoutSessionId: string | null;
  stripePaymentIntentId: string | null;
  participants: DraftParticipant[];
  orderAnswers: DraftAnswer[];
}

export interface SaleContext {
  rng: Rng;
  people: PeopleFactory;
  clock: ParisClock;
  reference: number;
  event: EventSpec;
  tickets: SaleTicket[];
  promos: SalePromo[];
  beforeQuestions: SaleQuestion[];
  ticketQuestions: SaleQuestion[];
  /** Exact number of participant rows to create (the scale event); otherwise the order count of the spec drives it. */
  exactParticipants?: number;
}

/** Platform fee of a seeded order, charged once on its amount (the live rule is per unit: domain/booking/fees.ts). */
export { platformFee };

// Paris wall-clock hour of purchase: lunch break and evening peaks, quiet nights.
const HOUR_WEIGHTS = [
  0.5, 0.25, 0.1, 0.05, 0.03, 0.05, 0.15, 0.45, 0.8, 1.1, 1.3, 1.5, 2.1, 2.2, 1.6, 1.3, 1.4, 1.6, 2.0, 2.6, 2.9, 2.7,
  2.0, 1.1,
];

function drawOrderTimes(context: SaleContext, count: number): number[] {
  const { rng, clock, event } = context;
  const sales = event.sales;
  if (!sales) return [];
  const start = sales.start.getTime();
  const end = sales.end.getTime();
  const days: number[] = [];
  for (let day = Math.floor(start / DAY) * DAY; day < end; day += DAY) days.push(day);
  const weights = days.map((day, index) => {
    const progress = days.length > 1 ? index / (days.length - 1) : 1;
    const weekday = new Date(day + 12 * HOUR).getUTCDay();
    const weekend = weekday === 6 ? 1.5 : weekday === 0 ? 1.3 : weekday === 5 ? 1.25 : 1;
    // The announcement brings a burst on the first days, then sales build up towards the event.
    const launch = index === 0 ? 2.6 : index === 1 ? 1.6 : 1;
    return (0.45 + 2.4 * progress ** 2.2) * weekend * launch * (0.8 + 0.4 * rng.next());
  });
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    let time = start;
    for (let attempt = 0; attempt < 20; attempt++) {
      const day = days[rng.weightedIndex(weights)] ?? days[0] ?? start;
      const hour = rng.weightedIndex(HOUR_WEIGHTS);
      time = day - clock.offsetForDay(day) + hour * HOUR + rng.int(0, 3_599) * 1000;
      if (time >= start && time < end) break;
      time = Math.min(Math.max(time, start), end - MINUTE);
    }
    times.push(time);
  }
  return times.sort((a, b) => a - b);
}

interface OrderSize {
  tickets: number;
  addons: number;
}

function drawSizes(context: SaleContext): OrderSize[] {
  const { rng, event } = context;
  const sales = event.sales;
  if (!sales) return [];
  const draw = (): OrderSize => {
    const tickets = rng.weightedIndex(sales.ticketsPerOrder) + 1;
    const addons = rng.chance(sales.addonRate) ? (rng.chance(0.5) ? 1 : tickets) : 0;
    return { tickets, addons };
  };
  const sizes: OrderSize[] = [];
  if (context.exactParticipants === undefined) {
    for (let i = 0; i < sales.orders; i++) sizes.push(draw());
    return sizes;
  }
  let total = 0;
  while (total < context.exactParticipants) {
    const size = draw();
    sizes.push(size);
    total += size.tickets + size.addons;
  }
  const last = sizes[sizes.length - 1];
  let excess = total - context.exactParticipants;
  if (last && excess > 0) {
    const fromAddons = Math.min(excess, last.addons);
    last.addons -= fromAddons;
    excess -= fromAddons;
    last.tickets -= excess;
  }
  return sizes;
}

function drawStatus(context: SaleContext, createdAt: number, freeEvent: boolean): OrderStatus {
  const { rng, reference, event } = context;
  const stillSelling = (event.sales?.end.getTime() ?? 0) >= reference;
  if (freeEvent) {
    const r = rng.next();
    return r < 0.03 ? "cancelled" : r < 0.06 ? "manual" : "paid";
  }
  if (stillSelling && createdAt >= reference - DAY && rng.chance(0.35)) return "pending";
  const r = rng.next();
  if (r < 0.055) return "expired";
  if (r < 0.075) return "cancelled";
  if (r < 0.105) return "manual";
  return "paid";
}

function capacityLeft(context: SaleContext, inOrder: Map<SaleTicket, number>): number {
  const capacity = context.event.eventCapacity;
  if (capacity === -1) return Number.POSITIVE_INFINITY;
  let held = 0;
  for (const ticket of context.tickets)
    if (ticket.spec.ticketType === "ticket") held += ticket.held + (inOrder.get(ticket) ?? 0);
  return capacity - held;
}

function canAdd(
  context: SaleContext,
  ticket: SaleTicket,
  inOrder: Map<SaleTicket, number>,
  at: number,
  manual: boolean,
): boolean {
  const already = inOrder.get(ticket) ?? 0;
  if (already + 1 > ticket.maxPerOrder) return false;
  if (ticket.amount !== -1 && ticket.held + already + 1 > ticket.amount) return false;
  if (ticket.spec.ticketType === "ticket" && capacityLeft(context, inOrder) < 1) return false;
  if (manual) return true;
  if (ticket.spec.visibility === "hidden") return false;
  if (ticket.sellStartAt !== null && at < ticket.sellStartAt) return false;
  if (ticket.sellEndAt !== null && at >= ticket.sellEndAt) return false;
  return true;
}

function pickTicket(
  context: SaleContext,
  candidates: SaleTicket[],
  inOrder: Map<SaleTicket, number>,
  at: number,
  manual: boolean,
): SaleTicket | null {
  const open = candidates.filter((ticket) => canAdd(context, ticket, inOrder, at, manual));
  if (open.length === 0) return null;
  return context.rng.weighted(open, (ticket) => Math.max(ticket.spec.weight, 0.01));
}

function answerValue(rng: Rng, question: SaleQuestion): string | null {
  const { spec } = question;
  switch (spec.type) {
    case "unique-choice":
    case "selection":
      return JSON.stringify([rng.pick(question.optionIds)]);
    case "multiple-choice": {
      const chosen = question.optionIds.filter(() => rng.chance(0.35));
      return JSON.stringify(chosen.length > 0 ? chosen : [rng.pick(question.optionIds)]);
    }
    case "no-field":
      return null;
    default:
      return spec.answer ? JSON.stringify(spec.answer(rng)) : null;
  }
}

function answerForm(rng: Rng, formType: DraftAnswer["formType"], questions: SaleQuestion[]): DraftAnswer[] {
  const answers: DraftAnswer[] = [];
  for (const question of questions) {
    if (!question.spec.mandatory && !rng.chance(question.spec.answerRate ?? 0.5)) continue;
    const value = answerValue(rng, question);
    if (value !== null) answers.push({ formType, questionId: question.id, questionTitle: question.spec.title, value });
  }
  return answers;
}

function applyPromo(
  context: SaleContext,
  participants: DraftParticipant[],
  at: number,
): { promo: SalePromo; discount: number } | null {
  const { rng } = context;
  const usable = context.promos.filter(
    (promo) =>
      (promo.startAt === null || at >= promo.startAt) &&
      (promo.endAt === null || at < promo.endAt) &&
      (promo.maxUses === -1 || promo.useCount < promo.maxUses),
  );
  if (usable.length === 0) return null;
  const promo = rng.pick(usable);
  const eligible = participants.filter(
    (p) => p.price > 0 && (promo.ticketIds === null || promo.ticketIds.has(p.ticket.id)),
  );
  if (eligible.length === 0) return null;
  let discount = 0;
  for (const participant of eligible) {
    discount +=
      promo.discountType === "percent"
        ? Math.floor((participant.price * promo.discountValue) / 10_000)
        : Math.min(promo.discountValue, participant.price);
    participant.promoCodeKey = promo.code;
  }
  return { promo, discount };
}

export function generateOrders(context: SaleContext): DraftOrder[] {
  const { rng, people, event, reference } = context;
  const sales = event.sales;
  if (!sales) return [];
  const sizes = drawSizes(context);
  const times = drawOrderTimes(context, sizes.length);
  const freeEvent = context.tickets.every((ticket) => ticket.price === 0);
  const regularTickets = context.tickets.filter((t) => t.spec.ticketType === "ticket" && !t.spec.invitation);
  const invitationTickets = context.tickets.filter((t) => t.spec.invitation);
  const addonTickets = context.tickets.filter((t) => t.spec.ticketType === "addon");
  const orders: DraftOrder[] = [];

  for (let index = 0; index < times.length; index++) {
    const createdAt = times[index] ?? reference;
    const size = sizes[index] ?? { tickets: 1, addons: 0 };
    const drawn = drawStatus(context, createdAt, freeEvent);
    // The scale event must have exactly the requested participant rows: pending orders have none yet.
    const status = context.exactParticipants !== undefined && drawn === "pending" ? "paid" : drawn;
    const manual = status === "manual";
    // Holding orders count in tickets.purchased and promo_codes.use_count.
    const holds = countsAsParticipant(status);
    const buyer = people.buyer();
    const inOrder = new Map<SaleTicket, number>();
    const participants: DraftParticipant[] = [];
    const add = (ticket: SaleTicket, person: Person) => {
      inOrder.set(ticket, (inOrder.get(ticket) ?? 0) + 1);
      participants.push({
        person,
        ticket,
        price: ticket.price,
        promoCodeKey: null,
        accessToken: rng.hex(32),
        answers: [],
      });
    };

    // Organizers add invitations by hand, or box-office sales when the event has no invitation ticket.
    const ticketPool = manual && invitationTickets.length > 0 ? invitationTickets : regularTickets;
    const ticketRows = manual ? size.tickets + size.addons : size.tickets;
    let previous: SaleTicket | null = null;
    for (let i = 0; i < ticketRows; i++) {
      const ticket: SaleTicket | null =
        previous && rng.chance(0.7) && canAdd(context, previous, inOrder, createdAt, manual)
          ? previous
          : pickTicket(context, ticketPool, inOrder, createdAt, manual);
      if (!ticket) break;
      const person = i === 0 && rng.chance(0.8) ? buyer : people.newPerson();
      // Friends' tickets often go to the buyer's mailbox.
      add(ticket, i > 0 && rng.chance(0.35) ? { ...person, email: buyer.email } : person);
      previous = ticket;
    }
    if (participants.length === 0) continue;
    if (!manual && size.addons > 0) {
      const addon = pickTicket(context, addonTickets, inOrder, createdAt, false);
      if (addon)
        for (let i = 0; i < size.addons && canAdd(context, addon, inOrder, createdAt, false); i++) add(addon, buyer);
    }

    const applied =
      !manual && !freeEvent && rng.chance(sales.promoRate) ? applyPromo(context, participants, createdAt) : null;
    const gross = participants.reduce((sum, p) => sum + p.price, 0);
    const amount = gross - (applied?.discount ?? 0);
    const fees = manual ? 0 : platformFee(amount);
    const checkoutTime = manual ? 0 : amount === 0 ? rng.int(25, 140) : rng.int(45, 480);
    const paidAt = status === "paid" ? createdAt + checkoutTime * 1000 : manual ? createdAt : null;
    // Pending orders wait for a payment that is still possible: their deadline lies ahead of the seeding day.
    const payableUntil = status === "pending" ? reference + 2 * DAY : manual ? null : createdAt + 30 * MINUTE;
    const card = !manual && amount > 0;

    if (holds) {
      for (const [ticket, quantity] of inOrder) {
        ticket.held += quantity;
        if (status === "pending") ticket.pendingHeld += quantity;
      }
      if (applied) applied.promo.useCount += 1;
      if (applied && status === "pending") applied.promo.pendingUses += 1;
    }

    const answered = holds && sales.answerRate > 0 && rng.chance(sales.answerRate);
    const orderAnswers = answered ? answerForm(rng, "before", context.beforeQuestions) : [];
    if (answered) {
      for (const participant of participants) {
        if (participant.ticket.spec.ticketType === "ticket")
          participant.answers = answerForm(rng, "before-tickets", context.ticketQuestions);
      }
    }

    orders.push({
      eventKey: event.key,
      createdAt,
      buyer,
      status,
      checkoutTime,
      amount,
      fees,
      promo: applied?.promo ?? null,
      paidAt,
      payableUntil,
      accessToken: rng.hex(32),
      stripeCheckoutSessionId: card ? `cs_demo_${rng.hex(24)}` : null,
      stripePaymentIntentId: card && status === "paid" ? `pi_demo_${rng.hex(24)}` : null,
      participants,
      orderAnswers,
    });
  }
  return orders;
}
