import { createClient } from "@libsql/client";

/**
 * The booking part of `npm run bench`: one published event with one free ticket of `stock` places, written straight
 * into the local D1 file before workerd starts; then many concurrent buyers through `POST /api/public/events/:id/orders`
 * (one place each, more buyers than places), timed; then a recount of the rows that must find exactly `stock` sold.
 */

export type BookingBenchEvent = { eventId: number; ticketId: number; stock: number };

export async function createBookingBenchEvent(
  file: string,
  stock: number,
  now = Date.now(),
): Promise<BookingBenchEvent> {
  const client = createClient({ url: `file:${file}` });
  try {
    const owner = await client.execute(
      `select m.organization_id as id from memberships m join users u on u.id = m.user_id
       where u.email = 'owner@guichet.test' and m.role = 'owner' order by m.organization_id limit 1`,
    );
    const organizationId = Number(owner.rows[0]?.id);
    if (!organizationId) throw new Error("the seed has no organization owned by owner@guichet.test");
    const day = 86_400_000;
    const event = await client.execute({
      sql: `insert into events (organization_id, title, status, visibility, timezone, start_at, end_at, published_at)
            values (?, 'Banc d''essai des réservations', 'published', 'public', 'Europe/Paris', ?, ?, ?) returning id`,
      args: [organizationId, now + 30 * day, now + 30 * day + 4 * 3_600_000, now],
    });
    const eventId = Number(event.rows[0]!.id);
    const ticket = await client.execute({
      sql: `insert into tickets (organization_id, event_id, ticket_type, title, price, is_free, amount, max_per_order)
            values (?, ?, 'ticket', 'Entrée libre', 0, 1, ?, 10) returning id`,
      args: [organizationId, eventId, stock],
    });
    return { eventId, ticketId: Number(ticket.rows[0]!.id), stock };
  } finally {
    client.close();
  }
}

export type BookingRun = {
  requests: number;
  concurrency: number;
  wallMs: number;
  statuses: Record<number, number>;
  /** Latencies of the accepted bookings (201), sorted. */
  accepted: number[];
  /** Latencies of every answer, sorted. */
  all: number[];
  /** Time from the first request to the last accepted booking. */
  acceptedWallMs: number;
  firstError: string | null;
};

/** `requests` buyers, `concurrency` at a time, each booking one place with its own email and address. */
export async function runBookings(
  base: string,
  event: BookingBenchEvent,
  options: { requests: number; concurrency: number },
): Promise<BookingRun> {
  const statuses: Record<number, number> = {};
  const accepted: number[] = [];
  const all: number[] = [];
  let firstError: string | null = null;
  let next = 0;
  let lastAcceptedAt = 0;
  const started = performance.now();
  const buyer = async () => {
    for (let i = next++; i < options.requests; i = next++) {
      const body = JSON.stringify({
        items: [{ ticket_id: event.ticketId, quantity: 1 }],
        buyer: { first_name: "Camille", last_name: `Banc ${i}`, email: `banc-${i}@bench.guichet.test` },
        locale: "fr",
      });
      const begin = performance.now();
      const response = await fetch(`${base}/api/public/events/${event.eventId}/orders`, {
        method: "POST",
        // Buyers come from many networks; workerd may replace the address with the loopback one.
        headers: {
          "Content-Type": "application/json",
          "CF-Connecting-IP": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
        },
        body,
      });
      const text = await response.text();
      const end = performance.now();
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      all.push(end - begin);
      if (response.status === 201) {
        accepted.push(end - begin);
        lastAcceptedAt = Math.max(lastAcceptedAt, end);
      } else if (response.status !== 409 && firstError === null)
        firstError = `HTTP ${response.status}: ${text.slice(0, 300)}`;
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, buyer));
  const wallMs = performance.now() - started;
  accepted.sort((a, b) => a - b);
  all.sort((a, b) => a - b);
  return {
    requests: options.requests,
    concurrency: options.concurrency,
    wallMs,
    statuses,
    accepted,
    all,
    acceptedWallMs: lastAcceptedAt > 0 ? lastAcceptedAt - started : wallMs,
    firstError,
  };
}

export type BookingCheck = {
  purchased: number;
  paidOrders: number;
  participants: number;
  heldUnexpired: number;
  figuresParticipants: number | null;
  figuresOrders: number | null;
};

/** What the database holds for the bench event once the buyers are done. */
export async function checkBookings(file: string, event: BookingBenchEvent): Promise<BookingCheck> {
  const client = createClient({ url: `file:${file}` });
  try {
    const { rows } = await client.execute({
      sql: `select
        (select purchased from tickets where id = ?1) as purchased,
        (select count(*) from orders where event_id = ?2 and status = 'paid') as paid_orders,
        (select count(*) from participants where event_id = ?2 and ticket_id = ?1) as participants,
        (select coalesce(sum(quantity), 0) from order_items where ticket_id = ?1 and held_until > ?3) as held,
        (select participants from sales_figures where event_id = ?2) as figures_participants,
        (select orders from sales_figures where event_id = ?2) as figures_orders`,
      args: [event.ticketId, event.eventId, Date.now()],
    });
    const row = rows[0]!;
    const orNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));
    return {
      purchased: Number(row.purchased),
      paidOrders: Number(row.paid_orders),
      participants: Number(row.participants),
      heldUnexpired: Number(row.held),
      figuresParticipants: orNull(row.figures_participants),
      figuresOrders: orNull(row.figures_orders),
    };
  } finally {
    client.close();
  }
}

/**
 * The ceiling of the same machine at the same moment: `requests` calls of the health endpoint (no database), at the
 * bookings' concurrency. Requests per minute and latency p50/p95, to read the bookings' figures against.
 */
export async function runHealthAtConcurrency(
  base: string,
  options: { requests: number; concurrency: number },
): Promise<{ perMinute: number; p50: number; p95: number }> {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  const caller = async () => {
    for (let i = next++; i < options.requests; i = next++) {
      const begin = performance.now();
      await (await fetch(`${base}/api/health`)).arrayBuffer();
      times.push(performance.now() - begin);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, caller));
  const wallMs = performance.now() - started;
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!;
  return { perMinute: (options.requests / wallMs) * 60_000, p50: at(50), p95: at(95) };
}
