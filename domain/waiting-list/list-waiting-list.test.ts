import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { failure } from "../../tests/support/failure";
import {
  actorOf,
  insertEvent,
  insertMember,
  insertOrganization,
  insertTicket,
  insertUser,
} from "../../tests/support/fixtures";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { insertWaitingListEntry } from "../../tests/support/waiting-list-entries";
import { listWaitingList } from "./list-waiting-list";

describe("listWaitingList", () => {
  let t: LibsqlTestDatabase;
  beforeEach(async () => {
    t = await createLibsqlTestDatabase();
  });
  afterEach(() => t.close());

  it("lists an event's entries in line order with their position among each ticket's open entries", async () => {
    const organization = await insertOrganization(t.db);
    const owner = await insertUser(t.db);
    await insertMember(t.db, organization.id, owner.id, "owner");
    const event = await insertEvent(t.db, organization.id, { status: "published" });
    const a = await insertTicket(t.db, event, { title: "Fosse", waitingList: true, amount: 0 });
    const b = await insertTicket(t.db, event, { title: "Balcon", waitingList: true, amount: 0 });
    const expiresAt = new Date("2026-06-02T08:00:00Z");
    const e1 = await insertWaitingListEntry(t.db, a, { status: "booked", quantity: 2 });
    const e2 = await insertWaitingListEntry(t.db, a, {
      status: "offered",
      quantity: 3,
      offeredQuantity: 2,
      offerExpiresAt: expiresAt,
      offerCount: 1,
    });
    const e3 = await insertWaitingListEntry(t.db, b);
    const e4 = await insertWaitingListEntry(t.db, a, { status: "removed" });
    const e5 = await insertWaitingListEntry(t.db, a, { quantity: 4 });
    const e6 = await insertWaitingListEntry(t.db, b);
    const actor = actorOf(owner, organization.id, "owner");

    const all = await listWaitingList(t.db, actor, { eventId: event.id, cursor: { startingAfter: null, limit: 25 } });
    expect(all.hasMore).toBe(false);
    expect(all.items.map((e) => [e.id, e.ticketTitle, e.status, e.position])).toEqual([
      [e1.id, "Fosse", "booked", null],
      [e2.id, "Fosse", "offered", 1],
      [e3.id, "Balcon", "waiting", 1],
      [e4.id, "Fosse", "removed", null],
      [e5.id, "Fosse", "waiting", 2],
      [e6.id, "Balcon", "waiting", 2],
    ]);
    expect(all.items[1]).toMatchObject({ quantity: 3, offeredQuantity: 2, offerExpiresAt: expiresAt, offerCount: 1 });
    expect(Object.keys(all.items[0]!)).not.toContain("accessToken");

    const page = await listWaitingList(t.db, actor, { eventId: event.id, cursor: { startingAfter: e2.id, limit: 2 } });
    expect(page.items.map((e) => e.id)).toEqual([e3.id, e4.id]);
    expect(page.hasMore).toBe(true);

    const open = await listWaitingList(t.db, actor, {
      eventId: event.id,
      ticketId: a.id,
      openOnly: true,
      cursor: { startingAfter: null, limit: 25 },
    });
    expect(open.items.map((e) => [e.id, e.position])).toEqual([
      [e2.id, 1],
      [e5.id, 2],
    ]);

    const other = await insertOrganization(t.db);
    const stranger = await insertUser(t.db);
    await insertMember(t.db, other.id, stranger.id, "owner");
    expect(
      await failure(
        listWaitingList(t.db, actorOf(stranger, other.id, "owner"), {
          eventId: event.id,
          cursor: { startingAfter: null, limit: 25 },
        }),
      ),
    ).toMatchObject({ code: "not_found" });
  });
});
