import { DurableObject } from "cloudflare:workers";
import { and, eq, gt, sql } from "drizzle-orm";
import { createD1Database } from "#db/d1";
import { events, orderItems, participationForms, promoCodes, promoCodeTickets, tickets } from "#db/schema";
import type { PlaceOrderBody } from "#domain/booking/order-input-schema";
import { planOrder, soldOut, type OrderPlan, type PlanPromo } from "#domain/booking/plan-order";
import { toParticipationForm, type ParticipationForm } from "#domain/participation-forms/participation-form-record";
import { normalizePromoCode } from "#domain/promo-codes/promo-code-input-schema";
import { AppError, httpStatusOf, isAppError } from "#domain/shared/app-error";
import { generateRandomToken } from "#domain/shared/crypto";
import type { ScaleEnv } from "./env";
import type { InventoryMessage } from "./messages";

/** How long a paid order holds its places (the app's HOLD_MS: Stripe Checkout's minimum session lifetime). */
const DEFAULT_HOLD_MS = 30 * 60_000;
/** Orders written to the outbox are handed to the queue this soon, in sendBatch calls of up to 100. */
const FLUSH_DELAY_MS = 50;
const SEND_BATCH = 100;

type EventRow = typeof events.$inferSelect;
type TicketRow = typeof tickets.$inferSelect;
type PromoEntry = { plan: PlanPromo; maxUses: number };

export type ReserveResult =
  | { ok: true; token: string; status: "paid" | "pending"; amount: number; payableUntil: number | null }
  | { ok: false; httpStatus: number; error: string; message: string; details?: Record<string, unknown> };

export type InventoryStats = {
  tickets: { id: number; amount: number; taken: number }[];
  promos: { id: number; maxUses: number; used: number }[];
  reservations: { paid: number; pending: number; expired: number };
  outbox: number;
};

/**
 * One Durable Object per on-sale event (docs/decisions/0027-scale-plan.md). It holds the event's inventory: places
 * taken per ticket (sold + held), promo-code uses, holds with their expiry. A reservation is priced by the app's own
 * `planOrder`, checked against the counts in memory and written to the object's SQLite in one synchronous
 * transaction: no await between the check and the write, so two buyers can never take the same place, and D1 is not
 * on the buyer's path. Each accepted reservation also lands in an outbox table (same transaction); an alarm hands the
 * outbox to a queue whose consumer writes the orders into D1 (scale/src/orders-writer.ts).
 *
 * The event's definitions (tickets, capacity, promo codes, forms) are read from D1 when the object wakes; the counts
 * are the object's own from its first activation on (seeded once from D1's purchased + unexpired holds), because D1
 * lags behind the queue.
 */
export class EventInventory extends DurableObject<ScaleEnv> {
  private readonly sql: SqlStorage;
  private loading: Promise<void> | null = null;
  private event: EventRow | null = null;
  private ticketRows = new Map<number, TicketRow>();
  private taken = new Map<number, number>();
  private promos = new Map<string, PromoEntry>();
  private promoUsed = new Map<number, number>();
  private forms: { before: ParticipationForm | null; beforeTickets: ParticipationForm | null } = {
    before: null,
    beforeTickets: null,
  };
  private holdMs = DEFAULT_HOLD_MS;
  private flushScheduled = false;

  constructor(ctx: DurableObjectState, env: ScaleEnv) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(`
      create table if not exists stock (ticket_id integer primary key, taken integer not null);
      create table if not exists promo_use (promo_id integer primary key, used integer not null);
      create table if not exists reservations (
        token text primary key, status text not null, expires_at integer, lines text not null,
        promo_id integer, created_at integer not null);
      create index if not exists reservations_pending on reservations (status, expires_at);
      create table if not exists outbox (seq integer primary key autoincrement, body text not null);
      create table if not exists settings (key text primary key, value integer not null);
    `);
  }

  /** Places an order for the event: the app's pricing and rules, this object's counts. */
  async reserve(eventId: number, body: PlaceOrderBody): Promise<ReserveResult> {
    try {
      await this.load(eventId);
      return this.reserveLoaded(body, Date.now());
    } catch (error) {
      if (isAppError(error)) return refusal(error);
      throw error;
    }
  }

  /** Shortens the hold of paid orders (the simulation's expiry check); the app's 30 minutes otherwise. */
  async setHoldMs(eventId: number, holdMs: number): Promise<void> {
    await this.load(eventId);
    this.sql.exec("insert or replace into settings (key, value) values ('hold_ms', ?)", holdMs);
    this.holdMs = holdMs;
  }

  async stats(eventId: number): Promise<InventoryStats> {
    await this.load(eventId);
    const count = (status: string) =>
      Number(this.sql.exec("select count(*) as n from reservations where status = ?", status).one().n);
    return {
      tickets: [...this.ticketRows.values()].map((ticket) => ({
        id: ticket.id,
        amount: ticket.amount,
        taken: this.taken.get(ticket.id) ?? 0,
      })),
      promos: [...this.promos.values()].map((promo) => ({
        id: promo.plan.id,
        maxUses: promo.maxUses,
        used: this.promoUsed.get(promo.plan.id) ?? 0,
      })),
      reservations: { paid: count("paid"), pending: count("pending"), expired: count("expired") },
      outbox: Number(this.sql.exec("select count(*) as n from outbox").one().n),
    };
  }

  /** Hands the outbox to the queue and releases expired holds; rescheduled while either has work left. */
  override async alarm(): Promise<void> {
    this.flushScheduled = false;
    // After an eviction the object wakes on its alarm with nothing in memory: the event it serves is in its settings.
    const eventId = this.sql.exec<{ value: number }>("select value from settings where key = 'event_id'").toArray()[0];
    if (eventId) {
      await this.load(eventId.value);
      this.releaseExpired(Date.now());
    }
    const rows = this.sql
      .exec<{ seq: number; body: string }>("select seq, body from outbox order by seq limit ?", SEND_BATCH)
      .toArray();
    if (rows.length > 0) {
      // A failed send throws: the alarm is retried and the rows are still there (the consumer ignores duplicates).
      await this.env.ORDERS.sendBatch(
        rows.map((row) => ({ body: JSON.parse(row.body) as InventoryMessage, contentType: "json" as const })),
      );
      this.sql.exec("delete from outbox where seq <= ?", rows[rows.length - 1]!.seq);
    }
    const left = Number(this.sql.exec("select count(*) as n from outbox").one().n);
    if (left > 0) return this.scheduleFlush(FLUSH_DELAY_MS);
    const next = this.sql
      .exec<{ at: number | null }>("select min(expires_at) as at from reservations where status = 'pending'")
      .one().at;
    if (next !== null) await this.ctx.storage.setAlarm(Math.max(next, Date.now() + FLUSH_DELAY_MS));
  }

  private reserveLoaded(body: PlaceOrderBody, now: number): ReserveResult {
    const event = this.event!;
    const promoKey = normalizePromoCode(body.promo_code ?? "");
    const promo = body.promo_code ? (this.promos.get(promoKey) ?? null) : null;
    // planOrder reads `purchased` as the places already gone: here, sold + held, from this object's counts.
    const plan = planOrder({
      event,
      tickets: [...this.ticketRows.values()].map((ticket) => ({
        ...ticket,
        purchased: this.taken.get(ticket.id) ?? 0,
      })),
      promo: promo?.plan ?? null,
      forms: this.forms,
      body,
      now,
    });
    this.assertFits(plan);

    const free = plan.amount === 0;
    const token = generateRandomToken();
    const expiresAt = free ? null : now + this.holdMs;
    const lines = plan.lines.map((line) => ({ ticketId: line.ticketId, quantity: line.quantity }));
    const message: InventoryMessage = {
      kind: "place",
      token,
      eventId: event.id,
      organizationId: event.organizationId,
      timezone: event.timezone,
      plan,
      placedAt: now,
      payableUntil: expiresAt,
    };
    this.ctx.storage.transactionSync(() => {
      this.sql.exec(
        "insert into reservations (token, status, expires_at, lines, promo_id, created_at) values (?, ?, ?, ?, ?, ?)",
        token,
        free ? "paid" : "pending",
        expiresAt,
        JSON.stringify(lines),
        plan.promo?.id ?? null,
        now,
      );
      for (const line of lines)
        this.sql.exec("update stock set taken = taken + ? where ticket_id = ?", line.quantity, line.ticketId);
      if (plan.promo) this.sql.exec("update promo_use set used = used + 1 where promo_id = ?", plan.promo.id);
      this.sql.exec("insert into outbox (body) values (?)", JSON.stringify(message));
    });
    for (const line of lines) this.taken.set(line.ticketId, (this.taken.get(line.ticketId) ?? 0) + line.quantity);
    if (plan.promo) this.promoUsed.set(plan.promo.id, (this.promoUsed.get(plan.promo.id) ?? 0) + 1);
    void this.scheduleFlush(FLUSH_DELAY_MS);
    return { ok: true, token, status: free ? "paid" : "pending", amount: plan.amount, payableUntil: expiresAt };
  }

  /** The same three limits as the app's guarded batch (domain/booking/stock-sql.ts), against the counts in memory. */
  private assertFits(plan: OrderPlan): void {
    const event = this.event!;
    let eventUnits = 0;
    for (const line of plan.lines) {
      const ticket = this.ticketRows.get(line.ticketId)!;
      if (ticket.amount !== -1 && (this.taken.get(ticket.id) ?? 0) + line.quantity > ticket.amount)
        throw soldOut(ticket.id);
      if (ticket.ticketType === "ticket") eventUnits += line.quantity;
    }
    if (event.eventCapacity !== -1 && eventUnits > 0) {
      let eventTaken = 0;
      for (const ticket of this.ticketRows.values())
        if (ticket.ticketType === "ticket") eventTaken += this.taken.get(ticket.id) ?? 0;
      if (eventTaken + eventUnits > event.eventCapacity) throw soldOut();
    }
    if (plan.promo) {
      const entry = this.promos.get(plan.promo.key);
      if (entry && entry.maxUses !== -1 && (this.promoUsed.get(entry.plan.id) ?? 0) + 1 > entry.maxUses)
        throw soldOut();
    }
  }

  private releaseExpired(now: number): void {
    const expired = this.sql
      .exec<{
        token: string;
        lines: string;
        promo_id: number | null;
      }>("select token, lines, promo_id from reservations where status = 'pending' and expires_at <= ?", now)
      .toArray();
    if (expired.length === 0) return;
    this.ctx.storage.transactionSync(() => {
      for (const row of expired) {
        this.sql.exec("update reservations set status = 'expired' where token = ?", row.token);
        for (const line of JSON.parse(row.lines) as { ticketId: number; quantity: number }[])
          this.sql.exec("update stock set taken = taken - ? where ticket_id = ?", line.quantity, line.ticketId);
        if (row.promo_id !== null)
          this.sql.exec("update promo_use set used = used - 1 where promo_id = ?", row.promo_id);
        const message: InventoryMessage = { kind: "expire", token: row.token, expiredAt: now };
        this.sql.exec("insert into outbox (body) values (?)", JSON.stringify(message));
      }
    });
    this.loadCounts();
  }

  private async scheduleFlush(delayMs: number): Promise<void> {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    await this.ctx.storage.setAlarm(Date.now() + delayMs);
  }

  private load(eventId: number): Promise<void> {
    this.loading ??= this.loadFromD1(eventId).catch((error: unknown) => {
      this.loading = null;
      throw error;
    });
    return this.loading;
  }

  /** The event's definitions from D1; the counts from this object's storage, seeded from D1 the first time only. */
  private async loadFromD1(eventId: number): Promise<void> {
    const db = createD1Database(this.env.DB);
    const now = Date.now();
    const [eventRows, ticketRows, formRows, promoRows, targetRows, heldRows] = await db.batch([
      db.select().from(events).where(eq(events.id, eventId)).limit(1),
      db.select().from(tickets).where(eq(tickets.eventId, eventId)),
      db.select().from(participationForms).where(eq(participationForms.eventId, eventId)),
      db.select().from(promoCodes).where(eq(promoCodes.eventId, eventId)),
      db
        .select({ promoCodeId: promoCodeTickets.promoCodeId, ticketId: promoCodeTickets.ticketId })
        .from(promoCodeTickets)
        .where(sql`${promoCodeTickets.promoCodeId} in (select id from promo_codes where event_id = ${eventId})`),
      db
        .select({ ticketId: orderItems.ticketId, held: sql<number>`sum(${orderItems.quantity})` })
        .from(orderItems)
        .where(and(eq(orderItems.eventId, eventId), gt(orderItems.heldUntil, new Date(now))))
        .groupBy(orderItems.ticketId),
    ]);
    const event = eventRows[0];
    if (!event || event.status !== "published") throw new AppError("not_found", "events:errors.not-found");
    const held = new Map(heldRows.map((row) => [row.ticketId, Number(row.held)]));

    this.ctx.storage.transactionSync(() => {
      this.sql.exec("insert or ignore into settings (key, value) values ('event_id', ?)", eventId);
      for (const ticket of ticketRows)
        this.sql.exec(
          "insert or ignore into stock (ticket_id, taken) values (?, ?)",
          ticket.id,
          ticket.purchased + (held.get(ticket.id) ?? 0),
        );
      for (const promo of promoRows)
        this.sql.exec("insert or ignore into promo_use (promo_id, used) values (?, ?)", promo.id, promo.useCount);
    });

    this.event = event;
    this.ticketRows = new Map(
      ticketRows
        .filter((ticket) => ticket.organizationId === event.organizationId)
        .map((ticket) => [ticket.id, ticket]),
    );
    const forms = formRows.map(toParticipationForm);
    this.forms = {
      before: forms.find((form) => form.formType === "before") ?? null,
      beforeTickets: forms.find((form) => form.formType === "before-tickets") ?? null,
    };
    this.promos = new Map(
      promoRows.map((row) => [
        row.code,
        {
          maxUses: row.maxUses,
          plan: {
            id: row.id,
            code: row.code,
            discountType: row.discountType,
            discountValue: row.discountValue,
            startAt: row.startAt,
            endAt: row.endAt,
            appliesToAllTickets: row.appliesToAllTickets,
            ticketIds: row.appliesToAllTickets
              ? []
              : targetRows.filter((target) => target.promoCodeId === row.id).map((target) => target.ticketId),
          },
        },
      ]),
    );
    const hold = this.sql.exec<{ value: number }>("select value from settings where key = 'hold_ms'").toArray()[0];
    if (hold) this.holdMs = hold.value;
    this.loadCounts();
  }

  private loadCounts(): void {
    this.taken = new Map(
      this.sql
        .exec<{ ticket_id: number; taken: number }>("select ticket_id, taken from stock")
        .toArray()
        .map((row) => [row.ticket_id, row.taken]),
    );
    this.promoUsed = new Map(
      this.sql
        .exec<{ promo_id: number; used: number }>("select promo_id, used from promo_use")
        .toArray()
        .map((row) => [row.promo_id, row.used]),
    );
  }
}

function refusal(error: AppError): ReserveResult {
  return {
    ok: false,
    httpStatus: httpStatusOf(error),
    error: error.code,
    message: error.messageKey,
    ...(error.details ? { details: error.details } : {}),
  };
}
