import { env } from "cloudflare:workers";
import { and, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import { entries, eventDates, orders, participants, ticketDates } from "#db/schema";
import { createSession } from "#domain/auth/sessions";
import { ticketTokenHash } from "#domain/check-ins/token-hash";
import { signTicketToken } from "#domain/tickets/ticket-token";
import { apiClient } from "./api-client";
import { insertEventsWorld, insertOrder, insertTicket } from "../support/fixtures";

const db = createD1Database(env.DB);
let world: Awaited<ReturnType<typeof insertEventsWorld>>;
const tokens: Record<string, string> = {};
const call = apiClient(tokens);

type Participant = typeof participants.$inferSelect;
const tokenOf = (p: Participant) =>
  signTicketToken(env, { eventId: p.eventId, participantId: p.id, accessToken: p.accessToken });
const scan = (eventId: number, body: Record<string, unknown>, as?: string) =>
  call(`/events/${eventId}/check-ins`, { method: "POST", body, as });
const entryCount = async (participantId: number) =>
  (await db.select({ n: count() }).from(entries).where(eq(entries.participantId, participantId)))[0]!.n;

async function newParticipant(status: "paid" | "manual" | "cancelled" | "refunded" = "paid") {
  const ticket = await insertTicket(db, world.event, { title: "Plein tarif", price: 2500 });
  const { participants: rows } = await insertOrder(db, world.event, { status, places: [{ ticket, count: 1 }] });
  return rows[0]!;
}

beforeAll(async () => {
  world = await insertEventsWorld(db);
  for (const [key, user] of Object.entries(world.users)) tokens[key] = (await createSession(db, user.id)).token;
});

describe("check-in API (issue 11 §6)", () => {
  it("checks a ticket in, then answers already_in, then out, then not_in", async () => {
    const p = await newParticipant();
    const first = await scan(world.event.id, { token: tokenOf(p), direction: "in", id: crypto.randomUUID() });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({
      result: "ok",
      participant: { id: p.id, first_name: "Alex", last_name: "Durand", is_in: true },
      ticket: { id: p.ticketId, title: "Plein tarif" },
      entry: { is_in: true },
    });
    expect(first.json.participant.last_validation_at).toBe(first.json.entry.validated_at);

    const again = await scan(world.event.id, { token: tokenOf(p), direction: "in", id: crypto.randomUUID() });
    expect(again.json).toMatchObject({ result: "already_in", participant: { id: p.id, is_in: true }, entry: null });

    const out = await scan(world.event.id, { token: tokenOf(p), direction: "out", id: crypto.randomUUID() });
    expect(out.json).toMatchObject({ result: "ok", participant: { is_in: false }, entry: { is_in: false } });
    const outAgain = await scan(world.event.id, { token: tokenOf(p), direction: "out", id: crypto.randomUUID() });
    expect(outAgain.json).toMatchObject({ result: "not_in", entry: null });
    expect(await entryCount(p.id)).toBe(2);
  });

  it("is idempotent on the client id, and a replayed old scan never flips the state back", async () => {
    const p = await newParticipant();
    const inId = crypto.randomUUID();
    const first = await scan(world.event.id, { token: tokenOf(p), direction: "in", id: inId });
    await scan(world.event.id, { token: tokenOf(p), direction: "out", id: crypto.randomUUID() });
    const replay = await scan(world.event.id, { token: tokenOf(p), direction: "in", id: inId });
    expect(replay.json).toMatchObject({
      result: "ok",
      entry: { id: first.json.entry.id },
      participant: { is_in: false },
    });
    expect(await entryCount(p.id)).toBe(2);
  });

  it("50 parallel replays of one scan write exactly one entry", async () => {
    const p = await newParticipant();
    const id = crypto.randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => scan(world.event.id, { token: tokenOf(p), direction: "in", id })),
    );
    expect(answers.every((a) => a.status === 200 && a.json.result === "ok")).toBe(true);
    expect(new Set(answers.map((a) => a.json.entry.id)).size).toBe(1);
    expect(await entryCount(p.id)).toBe(1);
  });

  it("two different scans racing for one participant make one ok and one already_in", async () => {
    const p = await newParticipant();
    const answers = await Promise.all(
      [crypto.randomUUID(), crypto.randomUUID()].map((id) =>
        scan(world.event.id, { token: tokenOf(p), direction: "in", id }),
      ),
    );
    expect(answers.map((a) => a.json.result).sort()).toEqual(["already_in", "ok"]);
    expect(await entryCount(p.id)).toBe(1);
  });

  it("answers cancelled for a cancelled or refunded order, writing nothing", async () => {
    for (const status of ["cancelled", "refunded"] as const) {
      const p = await newParticipant(status);
      const answer = await scan(world.event.id, { token: tokenOf(p), direction: "in", id: crypto.randomUUID() });
      expect(answer.json).toMatchObject({ result: "cancelled", participant: { id: p.id }, entry: null });
      expect(await entryCount(p.id)).toBe(0);
    }
    const p = await newParticipant("paid");
    await db.update(orders).set({ status: "refunded" }).where(eq(orders.id, p.orderId));
    const answer = await scan(world.event.id, { token: tokenOf(p), direction: "in", id: crypto.randomUUID() });
    expect(answer.json.result).toBe("cancelled");
  });

  it("answers invalid for a forged or malformed token and wrong_event for another event's ticket", async () => {
    const p = await newParticipant();
    const forged = tokenOf({ ...p, accessToken: "not-the-real-one" });
    const scanOf = async (token: string) =>
      (await scan(world.event.id, { token, direction: "in", id: crypto.randomUUID() })).json;
    expect(await scanOf(forged)).toEqual({ result: "invalid", participant: null, ticket: null, entry: null });
    expect((await scanOf("hello")).result).toBe("invalid");
    expect((await scanOf(`G1.${world.event.id}.999999.AAAAAAAAAAAAAAAAAAAAAA`)).result).toBe("invalid");
    const other = signTicketToken(env, { eventId: world.foreignEvent.id, participantId: 1, accessToken: "x" });
    expect((await scanOf(other)).result).toBe("wrong_event");
    expect(await entryCount(p.id)).toBe(0);
  });

  it("keeps scanned_at of an offline scan", async () => {
    const p = await newParticipant();
    const scannedAt = Date.now() - 60_000;
    const answer = await scan(world.event.id, {
      token: tokenOf(p),
      direction: "in",
      id: crypto.randomUUID(),
      scanned_at: scannedAt,
    });
    expect(answer.json.entry.validated_at).toBe(scannedAt);
  });

  it("refuses a bad body with 400", async () => {
    const answer = await scan(world.event.id, { token: "x", direction: "sideways", id: "not-a-uuid" });
    expect(answer.status).toBe(400);
  });

  it("allows owners, admins, event managers and the event's validators, nobody else", async () => {
    const p = await newParticipant();
    for (const as of ["owner", "admin", "manager", "guestManager", "guestValidator"]) {
      const answer = await scan(world.event.id, { token: tokenOf(p), direction: "in", id: crypto.randomUUID() }, as);
      expect(answer.status, as).toBe(200);
      await scan(world.event.id, { token: tokenOf(p), direction: "out", id: crypto.randomUUID() }, as);
      const list = await call(`/events/${world.event.id}/check-ins/list`, { as });
      expect(list.status, as).toBe(200);
    }
    const none = await scan(
      world.event.id,
      { token: tokenOf(p), direction: "in", id: crypto.randomUUID() },
      "guestNone",
    );
    expect(none.status).toBe(404);
    expect((await call(`/events/${world.event.id}/check-ins/list`, { as: "guestNone" })).status).toBe(404);
    const foreign = await scan(
      world.event.id,
      { token: tokenOf(p), direction: "in", id: crypto.randomUUID() },
      "foreignOwner",
    );
    expect(foreign.status).toBe(404);
    expect((await call(`/events/${world.event.id}/check-ins/search?q=alex`, { as: "foreignOwner" })).status).toBe(404);
    const [row] = await db
      .select({ isIn: participants.isIn })
      .from(participants)
      .where(and(eq(participants.id, p.id)));
    expect(row!.isIn).toBe(false);
  });

  it("lists what a scanner needs offline, paged and filtered by since", async () => {
    const p = await newParticipant();
    const all: { id: number; token_hash: string; cancelled: boolean }[] = [];
    let after: number | null = null;
    let serverTime: number | null = null;
    do {
      const page: Awaited<ReturnType<typeof call>> = await call(
        `/events/${world.event.id}/check-ins/list?limit=2${after ? `&after=${after}` : ""}`,
      );
      expect(page.status).toBe(200);
      expect(page.json.participants.length).toBeLessThanOrEqual(2);
      all.push(...page.json.participants);
      after = page.json.next_after;
      serverTime ??= page.json.server_time as number;
    } while (after !== null);
    const mine = all.find((row) => row.id === p.id)!;
    expect(mine).toMatchObject({ cancelled: false, token_hash: await ticketTokenHash(tokenOf(p)) });
    expect(new Set(all.map((row) => row.id)).size).toBe(all.length);
    const cancelled = all.filter((row) => row.cancelled).length;
    expect(cancelled).toBeGreaterThan(0);

    await new Promise((resolve) => setTimeout(resolve, 5));
    await scan(world.event.id, { token: tokenOf(p), direction: "in", id: crypto.randomUUID() });
    const changed = await call(`/events/${world.event.id}/check-ins/list?since=${serverTime}`);
    expect(changed.json.participants.map((row: { id: number }) => row.id)).toEqual([p.id]);
    expect(changed.json.participants[0]).toMatchObject({ is_in: true });
  });

  it("finds participants by name for the manual search and checks them in by id", async () => {
    const ticket = await insertTicket(db, world.event, { title: "Balcon" });
    const { participants: rows } = await insertOrder(db, world.event, {
      status: "paid",
      places: [{ ticket, count: 1 }],
    });
    await db
      .update(participants)
      .set({ firstName: "Hélène", lastName: "Zébulon", searchText: "helene zebulon helene@exemple.test" })
      .where(eq(participants.id, rows[0]!.id));
    const found = await call(`/events/${world.event.id}/check-ins/search?q=Zébu`, { as: "guestValidator" });
    expect(found.status).toBe(200);
    expect(found.json.participants).toHaveLength(1);
    expect(found.json.participants[0]).toMatchObject({ id: rows[0]!.id, last_name: "Zébulon", ticket_title: "Balcon" });
    expect(found.json.participants[0].token).toBeUndefined();
    const byId = { participant_id: rows[0]!.id, direction: "in", id: crypto.randomUUID() };
    expect((await scan(world.event.id, byId, "guestValidator")).json.result).toBe("ok");
    expect((await scan(world.event.id, { ...byId, id: crypto.randomUUID() })).json.result).toBe("already_in");
    expect((await scan(world.foreignEvent.id, byId, "foreignOwner")).json.result).toBe("invalid");
    expect((await scan(world.event.id, { ...byId, token: "G1.1.1.x" })).status).toBe(400);
  });
});

describe("check-in on one date of a multi-date event (issue 30 §4)", () => {
  it("refuses a ticket of another date naming it, and lets a pass in once on each of its dates", async () => {
    const start = Date.parse("2027-03-12T19:00:00Z");
    const [friday, saturday, sunday] = await db
      .insert(eventDates)
      .values(
        [0, 1, 2].map((day) => ({
          organizationId: world.event.organizationId,
          eventId: world.event.id,
          startAt: new Date(start + day * 86_400_000),
        })),
      )
      .returning();
    const evening = await insertTicket(db, world.event, { title: "Soirée", price: 2500 });
    const pass = await insertTicket(db, world.event, { title: "Pass week-end", price: 6000 });
    await db.insert(ticketDates).values([
      { ticketId: pass.id, dateId: saturday!.id },
      { ticketId: pass.id, dateId: sunday!.id },
    ]);
    const { participants: rows } = await insertOrder(db, world.event, {
      status: "paid",
      places: [
        { ticket: evening, count: 1 },
        { ticket: pass, count: 1 },
      ],
    });
    const ticketHolder = rows.find((row) => row.ticketId === evening.id)!;
    const passHolder = rows.find((row) => row.ticketId === pass.id)!;
    await db.update(participants).set({ dateId: friday!.id }).where(eq(participants.id, ticketHolder.id));

    const onSaturday = await scan(world.event.id, {
      token: tokenOf(ticketHolder),
      direction: "in",
      id: crypto.randomUUID(),
      date_id: saturday!.id,
    });
    expect(onSaturday.json).toMatchObject({
      result: "wrong_date",
      entry: null,
      ticket: { id: evening.id, title: "Soirée" },
      ticket_date: { id: friday!.id, start_at: start },
    });
    expect(await entryCount(ticketHolder.id)).toBe(0);
    const onFriday = await scan(world.event.id, {
      token: tokenOf(ticketHolder),
      direction: "in",
      id: crypto.randomUUID(),
      date_id: friday!.id,
    });
    expect(onFriday.json).toMatchObject({ result: "ok", entry: { is_in: true } });

    const passOnFriday = await scan(world.event.id, {
      token: tokenOf(passHolder),
      direction: "in",
      id: crypto.randomUUID(),
      date_id: friday!.id,
    });
    expect(passOnFriday.json).toMatchObject({ result: "wrong_date", ticket_date: null });
    for (const date of [saturday!, sunday!]) {
      const first = await scan(world.event.id, {
        token: tokenOf(passHolder),
        direction: "in",
        id: crypto.randomUUID(),
        date_id: date.id,
      });
      expect(first.json).toMatchObject({ result: "ok" });
      const again = await scan(world.event.id, {
        token: tokenOf(passHolder),
        direction: "in",
        id: crypto.randomUUID(),
        date_id: date.id,
      });
      expect(again.json).toMatchObject({ result: "already_in" });
    }
    const passEntries = await db.select().from(entries).where(eq(entries.participantId, passHolder.id));
    expect(passEntries.map((entry) => entry.dateId).sort()).toEqual([saturday!.id, sunday!.id].sort());
    await db.delete(eventDates).where(eq(eventDates.eventId, world.event.id));
  });
});
