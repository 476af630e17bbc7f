import { DurableObject } from "cloudflare:workers";
import {
  admissionsDue,
  INITIAL_ADMISSION_STATE,
  type AdmissionState,
  estimatedWaitMs,
  PASS_TTL_MS,
  rankForArrival,
  refreshAfterSeconds,
  type OnSaleSchedule,
} from "#domain/waiting-room/waiting-room-plan";
import { generateRandomToken } from "#domain/shared/crypto";
import type { RoomStats, RoomTicketStatus } from "#domain/waiting-room/room-client";

/**
 * A waiting visitor who has not asked for news for this long is taken as gone: skipped by the admissions and not
 * counted in others' positions (the waiting page asks at least every minute). Coming back, they keep their rank.
 */
const GONE_AFTER_MS = 3 * 60_000;
/** The room's storage is deleted this long after it closes. */
const KEEP_AFTER_CLOSE_MS = 60 * 60_000;

/**
 * The waiting room of one on-sale (docs/decisions/0070-waiting-room.md): one object per event and on-sale time
 * (`getByName("<event id>:<on-sale ms>")`, so a rescheduled on-sale starts an empty room). It keeps the queue in its
 * SQLite storage: each visitor's ticket with its rank (random before the on-sale time, arrival order after:
 * domain/waiting-room/waiting-room-plan.ts) and the admission counter. Every call first lets in the people the rate
 * allows since the last one, in rank order; the Worker signs the pass of those let in. The caller gives the schedule
 * (read from the events row) and the time, so tests drive the clock.
 */
export class WaitingRoom extends DurableObject<Env> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.createTables();
  }

  /** Joins the queue, or gives the news of `ticket` when it is this room's and still of use. */
  async join(input: { schedule: OnSaleSchedule; ticket?: string | null; now?: number }): Promise<RoomTicketStatus> {
    const now = input.now ?? Date.now();
    const known = input.ticket ? this.statusOf(input.schedule, input.ticket, now) : null;
    if (known && known.state !== "expired") return known;
    const sequence = this.count("select coalesce(max(seq), 0) as n from room_tickets") + 1;
    const ticket = generateRandomToken();
    const random = crypto.getRandomValues(new Uint32Array(2));
    const rank = rankForArrival({
      arrivedAt: now,
      onSaleAt: input.schedule.onSaleAt,
      sequence,
      random: (random[0]! * 2 ** 32 + random[1]!) / 2 ** 64,
    });
    this.sql.exec(
      "insert into room_tickets (ticket, rank, joined_at, last_seen_at) values (?, ?, ?, ?)",
      ticket,
      rank,
      now,
      now,
    );
    // The clean-up follows the room's end, which the organizer may push back while it runs.
    const cleanUpAt = input.schedule.closesAt + KEEP_AFTER_CLOSE_MS;
    const alarm = await this.ctx.storage.getAlarm();
    if (alarm === null || alarm < cleanUpAt) await this.ctx.storage.setAlarm(cleanUpAt);
    return this.statusOf(input.schedule, ticket, now)!;
  }

  /** The news of a ticket; null when this room does not know it. */
  async status(input: { schedule: OnSaleSchedule; ticket: string; now?: number }): Promise<RoomTicketStatus | null> {
    return this.statusOf(input.schedule, input.ticket, input.now ?? Date.now());
  }

  /** What the organizer sees while the on-sale runs. */
  async stats(input: { schedule: OnSaleSchedule; now?: number }): Promise<RoomStats> {
    const now = input.now ?? Date.now();
    this.admit(input.schedule, now);
    return {
      waiting: this.waitingCount(now),
      admitted: this.count("select count(*) as n from room_tickets where admitted_at is not null"),
      joined: this.count("select count(*) as n from room_tickets"),
    };
  }

  /** The room closed an hour ago: nothing in it is of use any more. */
  override async alarm(): Promise<void> {
    await this.ctx.storage.deleteAll();
    // The object may stay in memory and be asked again (a room extended after all): its tables are back, empty.
    this.createTables();
  }

  private createTables(): void {
    this.sql.exec(`
      create table if not exists room_tickets (
        seq integer primary key autoincrement,
        ticket text not null unique,
        rank integer not null,
        joined_at integer not null,
        last_seen_at integer not null,
        admitted_at integer
      );
      create index if not exists room_tickets_waiting on room_tickets (rank, last_seen_at) where admitted_at is null;
      create index if not exists room_tickets_admitted on room_tickets (admitted_at) where admitted_at is not null;
      create table if not exists room_admission (
        id integer primary key check (id = 1), credit real not null, at integer not null, waiting integer not null
      );
    `);
  }

  private statusOf(schedule: OnSaleSchedule, ticket: string, now: number): RoomTicketStatus | null {
    const row = this.sql
      .exec<{ rank: number; admitted_at: number | null }>(
        "select rank, admitted_at from room_tickets where ticket = ?",
        ticket,
      )
      .toArray()[0];
    if (!row) return null;
    if (row.admitted_at === null)
      this.sql.exec("update room_tickets set last_seen_at = ? where ticket = ?", now, ticket);
    const state = this.admit(schedule, now);
    const admittedAt =
      row.admitted_at ??
      this.sql
        .exec<{ admitted_at: number | null }>("select admitted_at from room_tickets where ticket = ?", ticket)
        .one().admitted_at;
    const waiting = this.waitingCount(now);
    if (admittedAt !== null) {
      const passExpiresAt = admittedAt + PASS_TTL_MS;
      return {
        ticket,
        state: passExpiresAt > now ? "admitted" : "expired",
        position: null,
        waiting,
        estimatedWaitMs: 0,
        admittedAt,
        passExpiresAt,
        refreshAfterSeconds: 0,
      };
    }
    const ahead = this.count(
      "select count(*) as n from room_tickets where admitted_at is null and rank < ? and last_seen_at >= ?",
      row.rank,
      now - GONE_AFTER_MS,
    );
    const position = ahead + 1;
    const wait = estimatedWaitMs({
      position,
      now,
      onSaleAt: schedule.onSaleAt,
      ratePerMinute: schedule.ratePerMinute,
      credit: state.credit,
    });
    return {
      ticket,
      state: "waiting",
      position: now < schedule.onSaleAt ? null : position,
      waiting,
      estimatedWaitMs: now < schedule.onSaleAt ? Math.max(0, schedule.onSaleAt - now) : wait,
      admittedAt: null,
      passExpiresAt: null,
      refreshAfterSeconds: refreshAfterSeconds(now < schedule.onSaleAt ? schedule.onSaleAt - now : wait),
    };
  }

  /** Lets in, in rank order, the people the rate allows since the last call; returns the counter after. */
  private admit(schedule: OnSaleSchedule, now: number): AdmissionState {
    return this.ctx.storage.transactionSync(() => {
      const stored =
        this.sql.exec<AdmissionState>("select credit, at, waiting from room_admission where id = 1").toArray()[0] ??
        INITIAL_ADMISSION_STATE;
      const due = admissionsDue(stored, {
        now,
        onSaleAt: schedule.onSaleAt,
        ratePerMinute: schedule.ratePerMinute,
        waiting: this.waitingCount(now),
      });
      if (due.admit > 0) {
        this.sql.exec(
          `update room_tickets set admitted_at = ? where seq in (
             select seq from room_tickets where admitted_at is null and last_seen_at >= ? order by rank limit ?)`,
          now,
          now - GONE_AFTER_MS,
          due.admit,
        );
      }
      this.sql.exec(
        `insert into room_admission (id, credit, at, waiting) values (1, ?, ?, ?)
         on conflict (id) do update set credit = excluded.credit, at = excluded.at, waiting = excluded.waiting`,
        due.state.credit,
        due.state.at,
        due.state.waiting,
      );
      return due.state;
    });
  }

  private waitingCount(now: number): number {
    return this.count(
      "select count(*) as n from room_tickets where admitted_at is null and last_seen_at >= ?",
      now - GONE_AFTER_MS,
    );
  }

  private count(query: string, ...bindings: unknown[]): number {
    return Number(this.sql.exec<{ n: number }>(query, ...bindings).one().n);
  }
}
