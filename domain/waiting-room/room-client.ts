import type { SigningEnv } from "../shared/signing-secret";
import { signWaitingRoomPass } from "./waiting-room-pass";
import { roomPhase, type OnSaleSchedule } from "./waiting-room-plan";

/** What the room object answers about one ticket (workers/durable-objects/waiting-room.ts). */
export type RoomTicketStatus = {
  ticket: string;
  state: "waiting" | "admitted" | "expired";
  /** 1 = next. Null before the on-sale time: the order is drawn at the opening. */
  position: number | null;
  /** People waiting (those who left not counted). */
  waiting: number;
  estimatedWaitMs: number;
  admittedAt: number | null;
  passExpiresAt: number | null;
  refreshAfterSeconds: number;
};

export type RoomStats = { waiting: number; admitted: number; joined: number };

type RoomStub = {
  join(input: { schedule: OnSaleSchedule; ticket?: string | null; now?: number }): Promise<RoomTicketStatus>;
  status(input: { schedule: OnSaleSchedule; ticket: string; now?: number }): Promise<RoomTicketStatus | null>;
  stats(input: { schedule: OnSaleSchedule; now?: number }): Promise<RoomStats>;
};

/** The part of the Worker env the room needs: its Durable Object namespace and the key of the passes. */
export type RoomEnv = SigningEnv & { WAITING_ROOM: { getByName(name: string): unknown } };

/** The room of an event's on-sale: one object per event and on-sale time, so a rescheduled one starts empty. */
function roomOf(env: RoomEnv, eventId: number, schedule: OnSaleSchedule): RoomStub {
  return env.WAITING_ROOM.getByName(`${eventId}:${schedule.onSaleAt}`) as RoomStub;
}

/** The news of a visitor: `off` when there is no room now (book directly), else their state and, once in, the pass. */
export type RoomNews = {
  state: "off" | RoomTicketStatus["state"];
  ticket: string | null;
  position: number | null;
  waiting: number;
  estimatedWaitMs: number;
  refreshAfterSeconds: number;
  onSaleAt: number | null;
  pass: string | null;
  passExpiresAt: number | null;
};

function newsOf(env: RoomEnv, eventId: number, schedule: OnSaleSchedule, status: RoomTicketStatus): RoomNews {
  const admitted = status.state === "admitted" && status.passExpiresAt !== null;
  return {
    state: status.state,
    ticket: status.ticket,
    position: status.position,
    waiting: status.waiting,
    estimatedWaitMs: status.estimatedWaitMs,
    refreshAfterSeconds: status.refreshAfterSeconds,
    onSaleAt: schedule.onSaleAt,
    pass: admitted ? signWaitingRoomPass(env, { eventId, expiresAt: status.passExpiresAt! }) : null,
    passExpiresAt: status.passExpiresAt,
  };
}

const OFF: RoomNews = {
  state: "off",
  ticket: null,
  position: null,
  waiting: 0,
  estimatedWaitMs: 0,
  refreshAfterSeconds: 0,
  onSaleAt: null,
  pass: null,
  passExpiresAt: null,
};

/** Joins the queue (or, with a ticket of this room still of use, gives its news). No room now: `off`, no call. */
export async function joinWaitingRoom(
  env: RoomEnv,
  input: { eventId: number; schedule: OnSaleSchedule | null; ticket?: string | null; now: number },
): Promise<RoomNews> {
  if (!input.schedule || roomPhase(input.schedule, input.now) === "off") return OFF;
  const status = await roomOf(env, input.eventId, input.schedule).join({
    schedule: input.schedule,
    ticket: input.ticket ?? null,
    now: input.now,
  });
  return newsOf(env, input.eventId, input.schedule, status);
}

/** The news of a ticket; null when the room does not know it. */
export async function waitingRoomNews(
  env: RoomEnv,
  input: { eventId: number; schedule: OnSaleSchedule | null; ticket: string; now: number },
): Promise<RoomNews | null> {
  if (!input.schedule || roomPhase(input.schedule, input.now) === "off") return OFF;
  const status = await roomOf(env, input.eventId, input.schedule).status({
    schedule: input.schedule,
    ticket: input.ticket,
    now: input.now,
  });
  return status && newsOf(env, input.eventId, input.schedule, status);
}

/** People waiting and let in so far, for the organizer; null when the room has not opened or has closed. */
export async function waitingRoomStats(
  env: RoomEnv,
  input: { eventId: number; schedule: OnSaleSchedule | null; now: number },
): Promise<RoomStats | null> {
  if (!input.schedule || roomPhase(input.schedule, input.now) === "off") return null;
  return roomOf(env, input.eventId, input.schedule).stats({ schedule: input.schedule, now: input.now });
}
