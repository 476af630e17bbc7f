import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import * as schema from "#db/schema";
import { getPublicEventVersion } from "#domain/public-events/get-public-event";
import type { RoomTicketStatus } from "#domain/waiting-room/room-client";
import { signWaitingRoomPass, WAITING_ROOM_PASS_HEADER } from "#domain/waiting-room/waiting-room-pass";
import type { OnSaleSchedule } from "#domain/waiting-room/waiting-room-plan";
import { errorAnswer } from "../support/error-body";
import { actorOf, insertEvent, insertMember, insertOrganization, insertTicket, insertUser } from "../support/fixtures";
import { scheduleOnSale } from "#domain/waiting-room/schedule-on-sale";
import { isAppError } from "#domain/shared/app-error";

/**
 * Issue 31 §2: the waiting room of an on-sale (docs/decisions/0070-waiting-room.md), through the public API as
 * programs use it, and the room object itself with the clock in the test's hands.
 */
const db = createD1Database(env.DB);
const FUTURE = new Date(Date.now() + 30 * 86_400_000);
const MINUTE = 60_000;
let organizationId: number;
let sequence = 0;

beforeAll(async () => {
  organizationId = (await insertOrganization(db)).id;
});

/** A published event with a free ticket, its on-sale `onSaleIn` ms from now (none when null). */
async function eventOnSale(onSaleIn: number | null, values: Partial<typeof schema.events.$inferInsert> = {}) {
  const now = Date.now();
  const onSale =
    onSaleIn === null
      ? {}
      : {
          onSaleAt: new Date(now + onSaleIn),
          waitingRoomOpensAt: new Date(now + onSaleIn - 30 * MINUTE),
          waitingRoomClosesAt: new Date(now + onSaleIn + 60 * MINUTE),
          waitingRoomRatePerMinute: 60,
        };
  const event = await insertEvent(db, organizationId, {
    status: "published",
    startAt: FUTURE,
    endAt: FUTURE,
    ...onSale,
    ...values,
  });
  const ticket = await insertTicket(db, event, { price: 0, isFree: true });
  return { event, ticket };
}

function book(eventId: number, ticketId: number, headers: Record<string, string> = {}) {
  sequence += 1;
  return exports.default.fetch(`http://localhost/api/public/events/${eventId}/orders`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify({
      buyer: { first_name: "Élise", last_name: "Núñez", email: `file${sequence}@exemple.test` },
      items: [{ ticket_id: ticketId, quantity: 1 }],
    }),
  });
}

type JoinAnswer = {
  state: string;
  ticket: string | null;
  position: number | null;
  waiting: number;
  estimated_wait_seconds: number;
  pass: string | null;
  pass_expires_at: string | null;
  pass_header: string;
};

async function join(eventId: number, body?: Record<string, unknown>) {
  const response = await exports.default.fetch(`http://localhost/api/public/events/${eventId}/waiting-room`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as JoinAnswer };
}

describe("without an on-sale", () => {
  it("books as before, and the room says there is none", async () => {
    const { event, ticket } = await eventOnSale(null);
    expect((await book(event.id, ticket.id)).status).toBe(201);
    const joined = await join(event.id);
    expect(joined.status).toBe(200);
    expect(joined.json).toMatchObject({ state: "off", ticket: null, pass: null });
  });

  it("books as before once the room has closed, and before it opens", async () => {
    const { event: ended, ticket: endedTicket } = await eventOnSale(-2 * 60 * MINUTE);
    expect((await book(ended.id, endedTicket.id)).status).toBe(201);
    const { event: later, ticket: laterTicket } = await eventOnSale(2 * 60 * MINUTE);
    expect((await book(later.id, laterTicket.id)).status).toBe(201);
  });
});

describe("scheduling an on-sale", () => {
  const input = { on_sale_at: "2027-03-01T10:00", lead_minutes: 20, duration_minutes: 90, rate_per_minute: 500 };

  it("reads the time in the event's zone, stores the window, and takes it off again", async () => {
    const owner = await insertUser(db);
    await insertMember(db, organizationId, owner.id, "owner");
    const { event } = await eventOnSale(null, { timezone: "America/New_York" });
    const actor = actorOf(owner, organizationId, "owner");
    const view = await scheduleOnSale(db, actor, {
      eventId: event.id,
      onSale: input,
      now: new Date(Date.UTC(2027, 0, 1)),
    });
    // 10:00 in New York in March (before DST) is 15:00 UTC.
    const onSaleAt = Date.UTC(2027, 2, 1, 15, 0);
    expect(view.schedule).toEqual({
      onSaleAt,
      opensAt: onSaleAt - 20 * MINUTE,
      closesAt: onSaleAt + 90 * MINUTE,
      ratePerMinute: 500,
    });
    expect(view.values).toEqual({
      onSaleAt: "2027-03-01T10:00",
      leadMinutes: 20,
      durationMinutes: 90,
      ratePerMinute: 500,
    });
    expect(view.state).toBe("scheduled");
    const removed = await scheduleOnSale(db, actor, { eventId: event.id, onSale: null });
    expect(removed.schedule).toBeNull();
  });

  it("refuses a room that would close before now, and an organizer's guest without the right", async () => {
    const owner = await insertUser(db);
    await insertMember(db, organizationId, owner.id, "owner");
    const { event } = await eventOnSale(null);
    const late = await scheduleOnSale(db, actorOf(owner, organizationId, "owner"), {
      eventId: event.id,
      onSale: input,
      now: new Date(Date.UTC(2027, 2, 2)),
    }).catch((error: unknown) => error);
    expect(isAppError(late) && late.fields).toEqual({ on_sale_at: "waiting-room:errors.on-sale-closes-in-past" });
    const guest = await insertUser(db);
    await insertMember(db, organizationId, guest.id, "");
    const refused = await scheduleOnSale(db, actorOf(guest, organizationId, ""), {
      eventId: event.id,
      onSale: input,
    }).catch((error: unknown) => error);
    expect(isAppError(refused) && refused.code).toBe("not_found");
  });
});

describe("the public page's edge copy", () => {
  it("is kept as before outside the room's window, and never while the room is on", async () => {
    const { event: none } = await eventOnSale(null);
    const { event: later } = await eventOnSale(2 * 60 * MINUTE);
    const { event: open } = await eventOnSale(-MINUTE);
    const { event: queueing } = await eventOnSale(10 * MINUTE);
    expect(await getPublicEventVersion(db, none.id)).not.toBeNull();
    expect(await getPublicEventVersion(db, later.id)).not.toBeNull();
    expect(await getPublicEventVersion(db, open.id)).toBeNull();
    expect(await getPublicEventVersion(db, queueing.id)).toBeNull();
  });
});

describe("during the on-sale", () => {
  it("refuses a booking without a pass, in the request's language, and says where to queue", async () => {
    const { event, ticket } = await eventOnSale(-MINUTE);
    const refused = await book(event.id, ticket.id);
    expect(refused.status).toBe(403);
    const error = await errorAnswer(refused);
    expect(error).toMatchObject({ type: "forbidden", code: "waiting_room_required" });
    expect(error.message).toContain("file d'attente");
    expect(error.message).toContain(`/api/public/events/${event.id}/waiting-room`);
    const english = await errorAnswer(await book(event.id, ticket.id, { "Accept-Language": "en" }));
    expect(english.message).toContain("waiting room");
  });

  it("lets a visitor in through the queue and books with the pass it gives", async () => {
    const { event, ticket } = await eventOnSale(-MINUTE);
    const joined = await join(event.id);
    expect(joined.status).toBe(201);
    // Nobody else waits: the first visitor is let in at once.
    expect(joined.json).toMatchObject({ state: "admitted", pass_header: WAITING_ROOM_PASS_HEADER });
    expect(joined.json.ticket).toMatch(/^[a-z0-9]{32}$/);
    expect(Date.parse(joined.json.pass_expires_at!) - Date.now()).toBeGreaterThan(14 * MINUTE);

    const status = await exports.default.fetch(
      `http://localhost/api/public/events/${event.id}/waiting-room?ticket=${joined.json.ticket}`,
    );
    expect(status.status).toBe(200);
    expect(((await status.json()) as JoinAnswer).pass).toBe(joined.json.pass);

    const booked = await book(event.id, ticket.id, { [WAITING_ROOM_PASS_HEADER]: joined.json.pass! });
    expect(booked.status).toBe(201);
  });

  it("refuses another event's pass, a tampered one and an expired one", async () => {
    const { event, ticket } = await eventOnSale(-MINUTE);
    const { event: other } = await eventOnSale(-MINUTE);
    const otherPass = (await join(other.id)).json.pass!;
    expect((await book(event.id, ticket.id, { [WAITING_ROOM_PASS_HEADER]: otherPass })).status).toBe(403);

    const [id, expiresAt, mac] = signWaitingRoomPass(env, { eventId: event.id, expiresAt: Date.now() + MINUTE }).split(
      ".",
    );
    const tampered = `${id}.${Number(expiresAt) + 60 * MINUTE}.${mac}`;
    const refused = await book(event.id, ticket.id, { [WAITING_ROOM_PASS_HEADER]: tampered });
    expect((await errorAnswer(refused)).code).toBe("waiting_room_required");

    const expired = signWaitingRoomPass(env, { eventId: event.id, expiresAt: Date.now() - 1 });
    const late = await book(event.id, ticket.id, { [WAITING_ROOM_PASS_HEADER]: expired });
    expect(late.status).toBe(403);
    expect((await errorAnswer(late)).code).toBe("waiting_room_pass_expired");
  });

  it("before the on-sale time, queues without a position and lets nobody book", async () => {
    const { event, ticket } = await eventOnSale(10 * MINUTE);
    const first = await join(event.id);
    expect(first.json).toMatchObject({ state: "waiting", position: null, pass: null });
    expect(first.json.estimated_wait_seconds).toBeGreaterThan(9 * 60);
    const again = await join(event.id, { ticket: first.json.ticket });
    expect(again.json.ticket).toBe(first.json.ticket);
    expect((await book(event.id, ticket.id)).status).toBe(403);
  });

  it("answers 404 for a ticket the room does not know and for an unpublished event", async () => {
    const { event } = await eventOnSale(-MINUTE);
    const unknown = await exports.default.fetch(
      `http://localhost/api/public/events/${event.id}/waiting-room?ticket=abc`,
    );
    expect(unknown.status).toBe(404);
    const { event: draft } = await eventOnSale(-MINUTE, { status: "draft" });
    expect((await join(draft.id)).status).toBe(404);
  });
});

describe("the room object", () => {
  const OPENING = Date.UTC(2026, 11, 5, 9, 0);
  const schedule: OnSaleSchedule = {
    onSaleAt: OPENING,
    opensAt: OPENING - 30 * MINUTE,
    closesAt: OPENING + 60 * MINUTE,
    ratePerMinute: 6,
  };
  const roomNamed = (name: string) =>
    env.WAITING_ROOM.getByName(name) as unknown as {
      join(input: { schedule: OnSaleSchedule; ticket?: string | null; now?: number }): Promise<RoomTicketStatus>;
      status(input: { schedule: OnSaleSchedule; ticket: string; now?: number }): Promise<RoomTicketStatus | null>;
      stats(input: { schedule: OnSaleSchedule; now?: number }): Promise<{ waiting: number; admitted: number }>;
    };

  it("draws the order of early arrivals at random, queues later ones behind them, and lets them in at the rate", async () => {
    const room = roomNamed("object-order");
    const early: string[] = [];
    for (let i = 0; i < 6; i += 1) early.push((await room.join({ schedule, now: OPENING - 20 * MINUTE + i })).ticket);
    const late: string[] = [];
    for (let i = 0; i < 3; i += 1) late.push((await room.join({ schedule, now: OPENING + 1 + i })).ticket);

    // At the opening, positions 1–6 go to the early arrivals (in the drawn order), 7–9 to the late ones in order.
    const at = OPENING + 5;
    // Everyone's page asks for news (the room skips those who stopped asking: next test).
    for (const ticket of [...early, ...late]) await room.status({ schedule, ticket, now: at });
    const positions = new Map<string, number>();
    for (const ticket of [...early, ...late]) {
      const status = (await room.status({ schedule, ticket, now: at }))!;
      expect(status.state).toBe("waiting");
      positions.set(ticket, status.position!);
    }
    expect(early.map((ticket) => positions.get(ticket)).toSorted((a, b) => a! - b!)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(late.map((ticket) => positions.get(ticket))).toEqual([7, 8, 9]);

    // Six a minute: one every ten seconds, in position order.
    const admittedAt = async (now: number) => {
      const admitted: string[] = [];
      for (const ticket of [...early, ...late])
        if ((await room.status({ schedule, ticket, now }))!.state === "admitted") admitted.push(ticket);
      return admitted;
    };
    const byPosition = [...positions.entries()].toSorted((a, b) => a[1] - b[1]).map(([ticket]) => ticket);
    expect((await admittedAt(OPENING + 10_000)).toSorted()).toEqual(byPosition.slice(0, 1).toSorted());
    expect((await admittedAt(OPENING + 35_000)).toSorted()).toEqual(byPosition.slice(0, 3).toSorted());
    const waitingFourth = (await room.status({ schedule, ticket: byPosition[3]!, now: OPENING + 35_000 }))!;
    expect(waitingFourth.position).toBe(1);
    expect(waitingFourth.estimatedWaitMs).toBeLessThanOrEqual(10_000);
    expect((await admittedAt(OPENING + 95_000)).toSorted()).toEqual(byPosition.toSorted());
    expect(await room.stats({ schedule, now: OPENING + 95_000 })).toMatchObject({ waiting: 0, admitted: 9 });
  });

  it("deletes its storage an hour after the room closes, pushed back when the organizer extends the room", async () => {
    const stub = env.WAITING_ROOM.getByName("object-cleanup");
    const room = stub as unknown as ReturnType<typeof roomNamed>;
    const ticket = (await room.join({ schedule, now: OPENING + 1 })).ticket;
    const longer = { ...schedule, closesAt: schedule.closesAt + 120 * MINUTE };
    await room.join({ schedule: longer, now: OPENING + 2 });
    const alarm = await runInDurableObject(stub, (_room, state) => state.storage.getAlarm());
    expect(alarm).toBe(longer.closesAt + 60 * MINUTE);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await room.status({ schedule: longer, ticket, now: OPENING + 3 })).toBeNull();
  });

  it("skips those who stopped asking, and a pass runs out fifteen minutes after admission", async () => {
    const room = roomNamed("object-gone");
    const gone = (await room.join({ schedule, now: OPENING + 1 })).ticket;
    const staying = (await room.join({ schedule, now: OPENING + 2 })).ticket;
    // The first never asks again; four minutes later only the second is let in.
    const later = OPENING + 4 * MINUTE;
    const news = (await room.status({ schedule, ticket: staying, now: later }))!;
    expect(news.state).toBe("admitted");
    expect(news.passExpiresAt).toBe(later + 15 * MINUTE);
    expect((await room.status({ schedule, ticket: staying, now: later + 15 * MINUTE }))!.state).toBe("expired");
    // Back after the pass ran out, joining again gives a new ticket at the end of the queue.
    const rejoined = await room.join({ schedule, ticket: staying, now: later + 15 * MINUTE });
    expect(rejoined.ticket).not.toBe(staying);
    expect(gone).not.toBe(staying);
  });
});
