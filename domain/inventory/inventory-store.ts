import { sql } from "drizzle-orm";
import { fillValues } from "#db/rendered-once";
import { getTableColumns } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "#db/database";
import { orderItems, orders } from "#db/schema";
import {
  assertUnderRateLimits,
  rateLimitHitStatement,
  rateLimitHitValues,
  type RateLimitHit,
} from "../auth/rate-limit";
import type { PlaceOrderBody } from "../booking/order-input-schema";
import { planOrder, soldOut, type OrderPlan } from "../booking/plan-order";
import { lineAllows, promoAllows, stockAllows, type StockLine } from "../booking/stock-sql";
import { promoUsedUp } from "../booking/place-order";
import { verifyPrivateEventHash } from "../events/private-event-link";
import { AppError, notFound } from "../shared/app-error";
import type { SigningEnv } from "../shared/signing-secret";
import { createMirrorTables, MIRRORED_TABLES } from "./mirror-tables";
import { renderSql, statementBuilder, type SqlQuery, type SyncSql } from "./sync-sql";
import type { InventorySnapshot } from "./inventory-snapshot";
import type { ReservedOrder } from "./inventory-port";
import type { InventoryMessage } from "./inventory-messages";

/**
 * A hold the object keeps until D1 says what became of it: places of an order it took, or of a D1 order pending
 * payment, count until a refresh from D1 shows the order paid (then in `purchased`), expired or refunded. So the
 * object's counts are never below the truth, whatever D1 did meanwhile; the refresh due at each deadline gives the
 * places of unpaid orders back.
 */
export const HELD_UNTIL_KNOWN = Number.MAX_SAFE_INTEGER;

/** The refusal that sends the caller back to D1: the object no longer counts the event's places. */
export const INVENTORY_INACTIVE = "booking:errors.inventory-inactive";

export type ReserveRequest = {
  env: SigningEnv;
  body: PlaceOrderBody;
  rateLimits: RateLimitHit[];
  promoCodeGuess: RateLimitHit | null;
  accessToken: string;
  now: number;
  holdMs: number;
};

/**
 * The pool of order ids was empty in the reservation's transaction: nothing was written. The object checks
 * `hasOrderId` (and asks D1 for more ids) before it reserves, so this only stops a reservation that would have no id.
 */
export class OrderIdsExhausted extends Error {
  constructor() {
    super("no order id left in the object's pool");
  }
}

/** What the store reads of a mirrored row: drizzle's keys to their columns, Dates as epoch ms. */
function driverRow(table: SQLiteTable, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table)) as [string, SQLiteColumn][]) {
    if (!(key in row)) continue;
    const value = row[key];
    out[column.name] =
      value === null || value === undefined
        ? null
        : value instanceof Date
          ? value.getTime()
          : column.mapToDriverValue(value);
  }
  return out;
}

function insertRow(db: SyncSql, tableName: string, row: Record<string, unknown>): void {
  const names = Object.keys(row);
  if (names.length === 0) return;
  db.run({
    sql: `insert into "${tableName}" (${names.map((name) => `"${name}"`).join(", ")}) values (${names.map(() => "?").join(", ")})`,
    params: names.map((name) => {
      const value = row[name];
      return typeof value === "boolean" ? (value ? 1 : 0) : value;
    }),
  });
}

function tableName(table: SQLiteTable): string {
  return (table as unknown as { [key: symbol]: string })[Symbol.for("drizzle:Name")]!;
}

/**
 * The rate limits' UPSERT (rate-limit.ts), rendered once per isolate: each hit fills in its values. Building and
 * rendering it with drizzle on each booking cost more than running it.
 */
const rateLimitHit = rateLimitHitStatement(statementBuilder as unknown as Database, {
  key: sql.placeholder("key"),
  now: sql.placeholder("now"),
  nowMs: sql.placeholder("nowMs"),
  windowOpenedAfter: sql.placeholder("windowOpenedAfter"),
}).toSQL();

/** Whether a `select … as ok` statement answers true. */
function ok(db: SyncSql, query: SqlQuery): boolean {
  const [row] = db.all(query);
  return Boolean(row && Number(row.ok));
}

function holds(db: SyncSql, condition: ReturnType<typeof sql>): boolean {
  return ok(db, renderSql(sql`select ${condition} as ok`));
}

const stockGuards = new Map<string, SqlQuery>();

/**
 * A line's stock guard (stock-sql.ts, the guard D1 runs), rendered once per shape like `rateLimitHit`: it is the
 * largest SQL of a reservation, and each line only fills in its values.
 */
function stockGuard(line: Required<StockLine>, quantity: number, at: number): SqlQuery {
  const shape = `${line.dated}:${line.dateId === null}`;
  let rendered = stockGuards.get(shape);
  if (!rendered) {
    // Numbers to the guard's builders, which only place them in the SQL.
    const value = (name: string) => sql.placeholder(name) as unknown as number;
    const placed = {
      ticketId: value("ticketId"),
      eventId: value("eventId"),
      dateId: line.dateId === null ? null : value("dateId"),
      dated: line.dated,
    };
    rendered = renderSql(
      sql`select ${stockAllows(placed, value("quantity"), value("at"))} and ${lineAllows(placed.ticketId)} as ok`,
    );
    stockGuards.set(shape, rendered);
  }
  return { sql: rendered.sql, params: fillValues(rendered.params, { ...line, quantity, at }) };
}

/**
 * The inventory of one event inside its Durable Object (docs/decisions/0072-inventory-object.md): a copy of the rows
 * the booking guards read, the orders the object took and has not yet seen in D1, the outbox to the queue. All of it
 * synchronous: a reservation's checks and writes run in one transaction with nothing in between.
 */
export class InventoryStore {
  private snapshot: InventorySnapshot | null = null;

  constructor(private readonly db: SyncSql) {
    createMirrorTables(db);
  }

  get loaded(): boolean {
    return this.snapshot !== null;
  }

  get eventId(): number | null {
    return this.snapshot?.event.id ?? null;
  }

  /**
   * Replaces the copy of D1's rows with a snapshot read in one D1 batch, keeping the orders of this object that the
   * snapshot does not contain yet (still on their way through the queue). Returns how many own orders D1 now holds.
   */
  applySnapshot(snapshot: InventorySnapshot): number {
    return this.db.transaction(() => {
      const ownInD1 = new Set(snapshot.ownOrdersInD1);
      for (const id of ownInD1) this.db.run({ sql: "delete from own_orders where id = ?", params: [id] });
      for (const table of MIRRORED_TABLES) {
        const name = tableName(table);
        if (name === "rate_limits") continue;
        if (name === "orders" || name === "order_items") {
          const key = name === "orders" ? "id" : "order_id";
          this.db.run({ sql: `delete from "${name}" where "${key}" not in (select id from own_orders)`, params: [] });
        } else this.db.run({ sql: `delete from "${name}"`, params: [] });
      }
      const copy = (
        table: SQLiteTable,
        rows: Record<string, unknown>[],
        change?: (row: Record<string, unknown>) => void,
      ) => {
        for (const row of rows) {
          const values = driverRow(table, row);
          change?.(values);
          insertRow(this.db, tableName(table), values);
        }
      };
      // The copy is this event's database of record for places: D1's own guards refuse while the switch is on.
      copy(MIRRORED_TABLES[0]!, [snapshot.event], (row) => (row.inventory_mode = "database"));
      for (const [table, rows] of snapshot.rows) {
        if (table === orderItems)
          copy(table, rows, (row) => {
            row.id = null;
            row.held_until = HELD_UNTIL_KNOWN;
          });
        else if (table === orders) copy(table, rows, (row) => (row.payable_until = HELD_UNTIL_KNOWN));
        else copy(table, rows);
      }
      this.db.run({
        sql: `insert or replace into settings (key, value) values ('snapshot_due', ?), ('event_id', ?),
          ('organization_id', ?), ('refreshed_at', ?)`,
        params: [
          String(snapshot.nextDeadline ?? ""),
          String(snapshot.event.id),
          String(snapshot.event.organizationId),
          String(snapshot.readAt),
        ],
      });
      if (snapshot.event.inventoryMode === "database")
        this.db.run({ sql: "delete from settings where key = 'closed'", params: [] });
      this.snapshot = snapshot;
      this.closed = null;
      return ownInD1.size;
    });
  }

  /** The object hands out places: D1 said so at the last refresh, and nobody closed it since. */
  get active(): boolean {
    this.closed ??= this.setting("closed") === "1";
    return this.snapshot?.event.inventoryMode === "object" && !this.closed;
  }

  /** The stored `closed` setting, read once (only close and open change it). */
  private closed: boolean | null = null;

  /**
   * Stops taking orders (the event goes back to D1's guards): what is taken stays, and goes on to D1 through the
   * queue. A refresh that finds the event counted by D1 opens it again for a later switch.
   */
  close(): void {
    this.db.run({ sql: "insert or replace into settings (key, value) values ('closed', '1')", params: [] });
    this.closed = true;
  }

  /** Takes orders again once D1 says the object counts the event (a switch back to the object). */
  open(): void {
    this.db.run({ sql: "delete from settings where key = 'closed'", params: [] });
    this.closed = false;
  }

  /** Ids of orders this object took that a refresh has not yet found in D1. */
  ownOrderIds(): number[] {
    return this.db.all({ sql: "select id from own_orders order by id", params: [] }).map((row) => Number(row.id));
  }

  /** How many of those there are: counted, not listed (the alarm asks at each flush, thousands during a rush). */
  ownOrderCount(): number {
    return Number(this.db.all({ sql: "select count(*) as n from own_orders", params: [] })[0]?.n ?? 0);
  }

  /** The next time a refresh would give places back: a hold's payment deadline, D1's or the object's own. */
  nextDeadline(): number | null {
    const own = this.db.all({ sql: "select min(due_at) as at from own_orders", params: [] })[0]?.at;
    const snapshotDue = this.setting("snapshot_due");
    const times = [own == null ? null : Number(own), snapshotDue ? Number(snapshotDue) : null].filter(
      (value): value is number => value !== null,
    );
    return times.length === 0 ? null : Math.min(...times);
  }

  setting(key: string): string | null {
    const row = this.db.all({ sql: "select value from settings where key = ?", params: [key] })[0];
    return row ? String(row.value) : null;
  }

  /** Order ids D1 set aside for this object (reserve-order-ids.ts). */
  addOrderIds(first: number, last: number): void {
    this.db.run({ sql: "delete from id_pool", params: [] });
    this.db.run({ sql: "insert into id_pool (next, last) values (?, ?)", params: [first, last] });
    this.pool = { next: first, last };
  }

  /** The pool as stored, kept in memory between reservations (null: read it again). */
  private pool: { next: number; last: number } | null = null;

  /** Whether the pool holds an order id for the next reservation, without writing anything. */
  hasOrderId(): boolean {
    if (!this.pool) {
      const row = this.db.all({ sql: "select next, last from id_pool", params: [] })[0];
      this.pool = row ? { next: Number(row.next), last: Number(row.last) } : { next: 1, last: 0 };
    }
    return this.pool.next <= this.pool.last;
  }

  /** The next reserved order id, or null when the pool is empty (the object asks D1 for more). */
  takeOrderId(): number | null {
    // One statement: the id is taken only while the pool has one.
    const row = this.db.all({
      sql: "update id_pool set next = next + 1 where next <= last returning next - 1 as id, last",
      params: [],
    })[0];
    if (!row) return null;
    this.pool = { next: Number(row.id) + 1, last: Number(row.last) };
    return Number(row.id);
  }

  /**
   * Takes the places of an order, or refuses it as the D1 path would: the rate limits, then the app's own pricing
   * (planOrder), then, in one transaction, the promo code's uses and each line's stock, capacity, dates and quotas
   * with the guard SQL of stock-sql.ts against the copy, each line's hold written before the next is checked, and the
   * outbox message for D1 in the same transaction.
   */
  reserve(request: ReserveRequest): ReservedOrder {
    const context = this.snapshot;
    if (!context) throw new Error("inventory not loaded");
    const { body, now } = request;
    // D1 counts this event's places again (or is about to): the caller books there instead.
    if (!this.active) throw new AppError("conflict", INVENTORY_INACTIVE);
    // Drafts, archived events and the preview never book; a private event needs its link's hash (as placeOrder).
    if (context.event.status !== "published") throw notFound("events:errors.not-found");
    if (context.event.visibility === "private" && !verifyPrivateEventHash(request.env, context.event, body.t))
      throw notFound("events:errors.not-found");
    const promo = body.promo_code ? context.promoByCode(body.promo_code) : null;
    // A code that exists is no guess (as the D1 path gives the hit back).
    const hits = [...request.rateLimits, ...(request.promoCodeGuess && !promo ? [request.promoCodeGuess] : [])];
    if (hits.length > 0) {
      // Committed whatever becomes of the order (as D1's reads batch does), in one transaction for all of them.
      const at = new Date(now);
      const results = this.db.transaction(() =>
        hits.map(
          (hit) =>
            this.db.all({
              sql: rateLimitHit.sql,
              params: fillValues(rateLimitHit.params, rateLimitHitValues(hit, at)),
            }) as { count: number }[],
        ),
      );
      assertUnderRateLimits(hits, results);
    }
    if (body.waiting_list_offer) throw new AppError("conflict", "booking:errors.offer-during-on-sale");

    const plan = planOrder({
      event: context.event,
      tickets: context.planTickets(),
      dates: context.planDates(),
      promo,
      forms: context.forms,
      body,
      now,
    });
    const free = plan.amount === 0;
    const payableUntil = free ? null : now + request.holdMs;

    // The order's id is taken in the reservation's transaction: a refused order gives it back.
    let orderId: number;
    try {
      orderId = this.reserveInTransaction(plan, request, payableUntil, context);
    } catch (error) {
      // Rolled back: the id taken in memory is back in the stored pool.
      this.pool = null;
      throw error;
    }
    return {
      orderId,
      accessToken: request.accessToken,
      status: free ? "paid" : "pending",
      amount: plan.amount,
      fees: plan.fees,
      payableUntil,
      plan,
      checkout: {
        event: {
          id: context.event.id,
          title: context.event.title,
          visibility: context.event.visibility,
          privateLinkVersion: context.event.privateLinkVersion,
        },
        organization: context.paymentAccount,
      },
    };
  }

  /** The checks and writes of a reservation, in one transaction; the order's id. */
  private reserveInTransaction(
    plan: OrderPlan,
    request: ReserveRequest,
    payableUntil: number | null,
    context: InventorySnapshot,
  ): number {
    const { now } = request;
    return this.db.transaction(() => {
      const orderId = this.takeOrderId();
      if (orderId === null) throw new OrderIdsExhausted();
      if (plan.promo && !holds(this.db, promoAllows(plan.promo.id, now))) throw promoUsedUp();
      insertRow(this.db, "orders", {
        id: orderId,
        organization_id: plan.organizationId,
        event_id: plan.eventId,
        status: "pending",
        promo_code_id: plan.promo?.id ?? null,
        payable_until: HELD_UNTIL_KNOWN,
      });
      for (const line of plan.lines) {
        const stock = stockGuard(
          { ticketId: line.ticketId, eventId: plan.eventId, dateId: line.dateId, dated: context.event.hasDates },
          line.quantity,
          now,
        );
        if (!ok(this.db, stock)) throw soldOut(line.ticketId, line.dateId);
        insertRow(this.db, "order_items", {
          order_id: orderId,
          organization_id: plan.organizationId,
          event_id: plan.eventId,
          ticket_id: line.ticketId,
          ticket_type: line.ticketType,
          date_id: line.dateId,
          quantity: line.quantity,
          held_until: HELD_UNTIL_KNOWN,
        });
      }
      this.db.run({
        sql: "insert into own_orders (id, due_at, placed_at) values (?, ?, ?)",
        params: [orderId, payableUntil, now],
      });
      const message: InventoryMessage = {
        kind: "place",
        orderId,
        accessToken: request.accessToken,
        plan,
        placedAt: now,
        payableUntil,
        timezone: context.event.timezone,
      };
      this.db.run({ sql: "insert into outbox (body) values (?)", params: [JSON.stringify(message)] });
      return orderId;
    });
  }

  /**
   * Gives back the places of an order of this object that will not be paid (its checkout could not be created): at
   * once here, and through the queue in D1 (after the order itself, which the consumer writes first or retries).
   */
  release(orderId: number, at: number): void {
    this.db.transaction(() => {
      this.db.run({ sql: "delete from order_items where order_id = ?", params: [orderId] });
      this.db.run({ sql: "delete from orders where id = ?", params: [orderId] });
      const message: InventoryMessage = { kind: "release", orderId, at };
      this.db.run({ sql: "insert into outbox (body) values (?)", params: [JSON.stringify(message)] });
    });
  }

  /** Queues a message for D1 that is not a reservation (the checkout session of an order). */
  enqueue(message: InventoryMessage): void {
    this.db.run({ sql: "insert into outbox (body) values (?)", params: [JSON.stringify(message)] });
  }

  /**
   * The checkout session of an order, queued after its order's message: the consumer writes both at once when one
   * delivery brings them (most often), else the session once its order is in D1. Finding the order's message in the
   * outbox to write the session into it read every message of the outbox, on every paid booking of a rush.
   */
  attachCheckout(orderId: number, sessionId: string): void {
    this.enqueue({ kind: "checkout", orderId, sessionId });
  }

  /** The oldest messages still to hand to the queue. */
  outbox(limit: number): { seq: number; message: InventoryMessage }[] {
    return this.db
      .all({ sql: "select seq, body from outbox order by seq limit ?", params: [limit] })
      .map((row) => ({ seq: Number(row.seq), message: JSON.parse(String(row.body)) as InventoryMessage }));
  }

  /** Forgets the messages up to `seq`, once the queue has them. */
  sent(seq: number): void {
    this.db.run({ sql: "delete from outbox where seq <= ?", params: [seq] });
  }

  outboxSize(): number {
    return Number(this.db.all({ sql: "select count(*) as n from outbox", params: [] })[0]?.n ?? 0);
  }

  /** Places taken per ticket as the guards count them now: purchased + holds (for the checks against D1). */
  takenByTicket(now: number): Map<number, number> {
    const rows = this.db.all({
      sql: `select t.id as id, t.purchased + coalesce((select sum(quantity) from order_items i
              where i.ticket_id = t.id and i.held_until > ?), 0) as taken from tickets t`,
      params: [now],
    });
    return new Map(rows.map((row) => [Number(row.id), Number(row.taken)]));
  }

  /** Promo-code uses as the guard counts them: confirmed + pending holds. */
  promoUses(now: number): Map<number, number> {
    const rows = this.db.all({
      sql: `select p.id as id, p.use_count + (select count(*) from orders o where o.promo_code_id = p.id
              and o.status = 'pending' and o.payable_until > ?) as used from promo_codes p`,
      params: [now],
    });
    return new Map(rows.map((row) => [Number(row.id), Number(row.used)]));
  }
}
