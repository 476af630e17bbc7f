import { type Client, createClient } from "@libsql/client";
import { PARTICIPANT_ORDER_STATUSES, SALE_ORDER_STATUSES } from "../../domain/orders/order-status";
import { FIGURE_COUNTERS, figureDay, type Figures, zeroFigures } from "../../domain/sales-figures/sales-figures";
import type { PhaseResult } from "./load-run";
import type { LoadEvent } from "./load-scenario";

/*
 * The checks `npm run load` makes once the buyers are gone, read from the local D1 file (this process opens it with
 * writes refused: `query_only`): nothing oversold, the promo code within its uses, every paid order complete (its
 * participants with their answers, its confirmation email sent through the queue), the dashboard's figure rows equal
 * to a recount of the orders and participants, and the database holding exactly what the buyers were told.
 */

export type InvariantCheck = { name: string; pass: boolean; detail: string };

/** The local D1 file, read-only for this process (one connection, `query_only` set on it). */
export async function openReadOnly(file: string): Promise<Client> {
  const client = createClient({ url: `file:${file}`, concurrency: 1 });
  await client.execute("pragma query_only = 1");
  return client;
}

const list = (values: readonly string[]) => values.map((value) => `'${value}'`).join(", ");
const n = (value: unknown) => Number(value ?? 0);

/** Paid orders of these events whose first confirmation email is not marked sent yet. */
export async function unsentConfirmations(client: Client, eventIds: number[]): Promise<number> {
  const { rows } = await client.execute(
    `select count(*) as missing from orders o where o.event_id in (${eventIds.join(", ")}) and o.status = 'paid'
     and not exists (select 1 from order_email_deliveries d where d.key = 'order-confirmation:' || o.id and d.status = 'sent')`,
  );
  return n(rows[0]?.missing);
}

/** Waits until every paid order's confirmation is sent, or `timeoutMs` passes; returns what is left and the time. */
export async function waitForConfirmations(
  client: Client,
  eventIds: number[],
  timeoutMs: number,
): Promise<{ left: number; waitedMs: number }> {
  const started = performance.now();
  let left = await unsentConfirmations(client, eventIds);
  while (left > 0 && performance.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    left = await unsentConfirmations(client, eventIds);
  }
  return { left, waitedMs: performance.now() - started };
}

async function stockChecks(client: Client, event: LoadEvent, now: number): Promise<InvariantCheck[]> {
  const { rows } = await client.execute({
    sql: `select t.id, t.title, t.ticket_type, t.amount, t.purchased,
      (select coalesce(sum(quantity), 0) from order_items i where i.ticket_id = t.id and i.held_until > ?2) as held,
      (select count(*) from participants p join orders o on o.id = p.order_id
        where p.ticket_id = t.id and o.status in (${list(SALE_ORDER_STATUSES)})) as people
      from tickets t where t.event_id = ?1 order by t.sort, t.id`,
    args: [event.eventId, now],
  });
  const checks: InvariantCheck[] = rows.map((row) => {
    const [amount, sold, held, people] = [n(row.amount), n(row.purchased), n(row.held), n(row.people)];
    return {
      name: `sold ≤ stock: ${String(row.title)}`,
      pass: sold <= amount && sold + held <= amount && people === sold,
      detail: `sold ${sold} (${people} participants) + held ${held} = ${sold + held} ≤ stock ${amount}`,
    };
  });
  const ticketRows = rows.filter((row) => row.ticket_type === "ticket");
  const sold = ticketRows.reduce((sum, row) => sum + n(row.purchased), 0);
  const held = ticketRows.reduce((sum, row) => sum + n(row.held), 0);
  checks.push({
    name: "sold ≤ event capacity",
    pass: sold + held <= event.capacity,
    detail: `sold ${sold} + held ${held} = ${sold + held} ≤ capacity ${event.capacity}`,
  });
  return checks;
}

async function promoCheck(client: Client, event: LoadEvent, now: number): Promise<InvariantCheck> {
  const { rows } = await client.execute({
    sql: `select max_uses, use_count,
      (select count(*) from orders o where o.promo_code_id = c.id and o.status in (${list(SALE_ORDER_STATUSES)})) as paid,
      (select count(*) from orders o where o.promo_code_id = c.id and o.status = 'pending' and o.payable_until > ?2) as pending
      from promo_codes c where c.id = ?1`,
    args: [event.promo.id, now],
  });
  const row = rows[0]!;
  const [max, used, paid, pending] = [n(row.max_uses), n(row.use_count), n(row.paid), n(row.pending)];
  return {
    name: `promo uses ≤ ${max}: ${event.promo.code}`,
    pass: used <= max && used + pending <= max && paid === used,
    detail: `used ${used} (${paid} paid orders) + held by pending checkouts ${pending} = ${used + pending} ≤ ${max}`,
  };
}

async function paidOrderChecks(client: Client, event: LoadEvent): Promise<InvariantCheck[]> {
  const { rows } = await client.execute({
    sql: `select o.id,
      (select coalesce(sum(quantity), 0) from order_items i where i.order_id = o.id and i.ticket_type = 'ticket') as units,
      (select count(*) from participants p where p.order_id = o.id and p.ticket_type = 'ticket') as people,
      (select count(*) from participants p where p.order_id = o.id and exists (select 1 from form_answers a
        where a.participant_id = p.id and a.question_id = ?2)) as answered,
      (select count(*) from form_answers a where a.order_id = o.id and a.participant_id is null
        and a.question_id = ?3) as order_answers,
      (select status from order_email_deliveries d where d.key = 'order-confirmation:' || o.id) as email
      from orders o where o.event_id = ?1 and o.status = 'paid'`,
    args: [event.eventId, event.questions.category, event.questions.rules],
  });
  const incomplete = rows.filter(
    (row) => n(row.units) === 0 || n(row.people) !== n(row.units) || n(row.answered) !== n(row.people),
  );
  const noOrderAnswer = rows.filter((row) => n(row.order_answers) !== 1);
  const emails = new Map<string, number>();
  for (const row of rows) {
    const status = row.email === null ? "none" : String(row.email);
    emails.set(status, (emails.get(status) ?? 0) + 1);
  }
  const notSent = rows.length - (emails.get("sent") ?? 0);
  const people = rows.reduce((sum, row) => sum + n(row.people), 0);
  const example = (list: typeof rows) => (list[0] ? `; e.g. order ${String(list[0].id)}` : "");
  return [
    {
      name: "every paid order has its participants",
      pass: incomplete.length === 0 && noOrderAnswer.length === 0,
      detail: `${rows.length} paid orders, ${people} participants (one per ticket, each with the mandatory answer); ${incomplete.length} orders short, ${noOrderAnswer.length} without the order form's answer${example([...incomplete, ...noOrderAnswer])}`,
    },
    {
      name: "every paid order has its email job",
      pass: notSent === 0,
      detail: [
        `${emails.get("sent") ?? 0}/${rows.length} confirmations marked sent (order_email_deliveries, key order-confirmation:<order id>)`,
        ...[...emails].filter(([status]) => status !== "sent").map(([status, count]) => `${status}: ${count}`),
      ].join("; "),
    },
  ];
}

function sameFigures(a: Figures, b: Figures): boolean {
  return FIGURE_COUNTERS.every((counter) => a[counter] === b[counter]);
}

const figuresText = (figures: Figures) => FIGURE_COUNTERS.map((counter) => `${counter} ${figures[counter]}`).join(", ");

/** The event's figure rows against a recount from its orders and participants, totals and every day. */
async function figureChecks(client: Client, event: LoadEvent): Promise<InvariantCheck[]> {
  const [people, sales, stored, storedDays] = await Promise.all([
    client.execute({
      sql: `select p.created_at from participants p join orders o on o.id = p.order_id
        where p.event_id = ?1 and p.ticket_type = 'ticket' and o.status in (${list(PARTICIPANT_ORDER_STATUSES)})`,
      args: [event.eventId],
    }),
    client.execute({
      sql: `select coalesce(paid_at, created_at) as at, amount, fees, net_amount from orders
        where event_id = ?1 and status in (${list(SALE_ORDER_STATUSES)})`,
      args: [event.eventId],
    }),
    client.execute({
      sql: "select participants, orders, gross, fees, net from sales_figures where event_id = ?1",
      args: [event.eventId],
    }),
    client.execute({
      sql: "select day, participants, orders, gross, fees, net from sales_figure_days where event_id = ?1",
      args: [event.eventId],
    }),
  ]);
  const total = zeroFigures();
  const days = new Map<string, Figures>();
  const dayOf = (at: number) => {
    const key = figureDay(at, event.timezone);
    if (!days.has(key)) days.set(key, zeroFigures());
    return days.get(key)!;
  };
  for (const row of people.rows) {
    total.participants++;
    dayOf(n(row.created_at)).participants++;
  }
  for (const row of sales.rows) {
    const day = dayOf(n(row.at));
    for (const figures of [total, day]) {
      figures.orders++;
      figures.gross += n(row.amount);
      figures.fees += n(row.fees);
      figures.net += n(row.net_amount);
    }
  }
  const asFigures = (row: Record<string, unknown> | undefined): Figures =>
    Object.fromEntries(FIGURE_COUNTERS.map((counter) => [counter, n(row?.[counter])])) as Figures;
  const storedTotal = asFigures(stored.rows[0]);
  const isZero = (figures: Figures) => FIGURE_COUNTERS.every((counter) => figures[counter] === 0);
  const storedByDay = new Map(
    storedDays.rows.map((row) => [String(row.day), asFigures(row)] as const).filter(([, f]) => !isZero(f)),
  );
  const dayKeys = new Set([...storedByDay.keys(), ...[...days].filter(([, f]) => !isZero(f)).map(([day]) => day)]);
  const wrongDays = [...dayKeys].filter(
    (day) => !sameFigures(storedByDay.get(day) ?? zeroFigures(), days.get(day) ?? zeroFigures()),
  );
  return [
    {
      name: "dashboard figures = recount (event)",
      pass: sameFigures(storedTotal, total),
      detail: sameFigures(storedTotal, total)
        ? figuresText(total)
        : `stored ${figuresText(storedTotal)} ≠ recount ${figuresText(total)}`,
    },
    {
      name: "dashboard figures = recount (per day)",
      pass: wrongDays.length === 0,
      detail:
        wrongDays.length === 0
          ? `${dayKeys.size} day row(s) match`
          : wrongDays
              .map(
                (day) =>
                  `${day}: stored ${figuresText(storedByDay.get(day) ?? zeroFigures())} ≠ recount ${figuresText(days.get(day) ?? zeroFigures())}`,
              )
              .join("; "),
    },
  ];
}

/**
 * What the buyers were told against what the database holds: an order row for every 201 and none for a refusal,
 * paid orders = free orders + checkouts paid.
 */
async function answersMatchRows(client: Client, event: LoadEvent, phase: PhaseResult): Promise<InvariantCheck> {
  const { rows } = await client.execute({
    sql: "select status, count(*) as count from orders where event_id = ?1 group by status",
    args: [event.eventId],
  });
  const byStatus = Object.fromEntries(rows.map((row) => [String(row.status), n(row.count)]));
  const total = Object.values(byStatus).reduce((sum, count) => sum + count, 0);
  const accepted = phase.accepted.length;
  const acceptedIds = new Set(phase.accepted.map((order) => order.id));
  const free = phase.accepted.filter((order) => order.status === "paid").length;
  // A request that never got its answer (aborted at the phase's end, timed out, connection lost) may or may not
  // have been written: the counts may exceed the answers by that many, never more, never less.
  const unknown = phase.samples.filter(
    (sample) => sample.kind === "booking" && ["cut", "timeout", "network"].includes(sample.outcome),
  ).length;
  const unknownPay = phase.samples.filter(
    (sample) =>
      (sample.kind === "checkout-pay" || sample.kind === "webhook") &&
      ["cut", "timeout", "network"].includes(sample.outcome),
  ).length;
  const paid = byStatus.paid ?? 0;
  const expectedPaid = free + phase.checkout.paid;
  const statuses = Object.entries(byStatus)
    .map(([status, count]) => `${status} ${count}`)
    .join(", ");
  const unanswered = unknown + unknownPay > 0 ? `; unanswered: ${unknown} bookings, ${unknownPay} payments` : "";
  return {
    name: "database = answers given",
    pass:
      acceptedIds.size === accepted &&
      total >= accepted &&
      total <= accepted + unknown &&
      paid >= expectedPaid &&
      paid <= expectedPaid + unknown + unknownPay,
    detail: `${total} orders (${statuses || "none"}) for ${accepted} answers 201; paid ${paid} = ${free} free + ${phase.checkout.paid} paid at the checkout${unanswered}`,
  };
}

/** The run itself: orders were taken (else every check above holds vacuously) and no request met a server error. */
function runChecks(phase: PhaseResult): InvariantCheck[] {
  const serverErrors = phase.samples.filter((sample) => sample.outcome === "5xx");
  const kinds = [...new Set(serverErrors.map((sample) => sample.kind))].join(", ");
  return [
    {
      name: "orders were taken",
      pass: phase.accepted.length > 0,
      detail: `${phase.accepted.length} accepted`,
    },
    {
      name: "no server error (5xx)",
      pass: serverErrors.length === 0,
      detail: serverErrors.length === 0 ? `${phase.samples.length} answers` : `${serverErrors.length} (${kinds})`,
    },
  ];
}

export async function checkEvent(
  client: Client,
  event: LoadEvent,
  phase: PhaseResult,
  now = Date.now(),
): Promise<InvariantCheck[]> {
  return [
    ...runChecks(phase),
    ...(await stockChecks(client, event, now)),
    await promoCheck(client, event, now),
    ...(await paidOrderChecks(client, event)),
    ...(await figureChecks(client, event)),
    await answersMatchRows(client, event, phase),
  ];
}
