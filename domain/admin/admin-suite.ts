import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/database";
import { eventAccesses, promoCodes } from "#db/schema";
import { failure } from "../../tests/support/failure";
import { insertEvent, insertMember, insertOrder, insertOrganization, insertUser } from "../../tests/support/fixtures";
import { eventDisplayStatus } from "../events/event-past";
import { getAdminData } from "./get-admin-data";
import { getAdminEvent } from "./get-admin-event";
import { getAdminOverview } from "./get-admin-overview";
import { listAdminEvents } from "./list-admin-events";
import { listAdminOrganizations } from "./list-admin-organizations";

const NOW = new Date("2026-06-15T12:00:00Z");
const ADMIN = { isAdmin: true };
const NOT_ADMIN = { isAdmin: false };
const day = (offset: number) => new Date(NOW.getTime() + offset * 86_400_000);

/**
 * The admin functions on a database from `open` (libSQL in admin.test.ts, D1 in admin.worker-test.ts: D1 maps
 * batched rows differently). Every test only reads the rows seeded once.
 */
export function defineAdminSuite(name: string, open: () => Promise<{ db: Database; close?: () => void }>) {
  describe(`platform admin (${name})`, () => {
    let t: { db: Database; close?: () => void };
    let fixture: Awaited<ReturnType<typeof seed>>;

    /** Two organizations: "Nuits" with four events and sales, "Théâtre" with one draft and no sales. */
    async function seed() {
      const owner = await insertUser(t.db);
      const manager = await insertUser(t.db);
      await insertUser(t.db, { isAdmin: true });
      const nuits = await insertOrganization(t.db, {
        title: "Les Nuits",
        connectedAccountId: "acct_n",
        isConnectedAccountValid: true,
      });
      const theatre = await insertOrganization(t.db, { title: "théâtre du Quai" });
      await insertMember(t.db, nuits.id, owner.id, "owner");
      await insertMember(t.db, nuits.id, manager.id, "event_manager");
      await insertMember(t.db, theatre.id, owner.id, "admin");

      const upcoming = await insertEvent(t.db, nuits.id, {
        title: "Festival",
        status: "published",
        startAt: day(10),
        endAt: day(11),
        eventCapacity: 500,
      });
      const past = await insertEvent(t.db, nuits.id, {
        title: "Soirée passée",
        status: "published",
        startAt: day(-11),
        endAt: day(-10),
      });
      await insertEvent(t.db, nuits.id, { title: "Archives", status: "archived", startAt: day(-40), endAt: day(-39) });
      await insertEvent(t.db, nuits.id, { title: "Brouillon Nuits", status: "draft" });
      const draft = await insertEvent(t.db, theatre.id, {
        title: "Lecture",
        status: "draft",
        startAt: day(30),
        endAt: day(30),
      });

      // Festival: paid 3 tickets + 1 add-on at 20 € with 2 € fees (1 checked in), manual 1 ticket, pending 2, cancelled 5.
      await insertOrder(t.db, upcoming, {
        status: "paid",
        tickets: 3,
        addons: 1,
        price: 2000,
        fees: 200,
        checkedIn: 1,
      });
      await insertOrder(t.db, upcoming, { status: "manual", tickets: 1, price: 1500 });
      await insertOrder(t.db, upcoming, { status: "pending", tickets: 2, price: 2000 });
      await insertOrder(t.db, upcoming, { status: "cancelled", tickets: 5, price: 2000 });
      // Past event: one paid ticket at 10 €.
      await insertOrder(t.db, past, { status: "paid", tickets: 1, price: 1000, fees: 50 });

      await t.db.insert(promoCodes).values({ organizationId: nuits.id, eventId: upcoming.id, code: "ETE" });
      await t.db.insert(eventAccesses).values({
        organizationId: nuits.id,
        eventId: upcoming.id,
        userId: manager.id,
        email: manager.email,
        roles: "validator",
      });
      return { nuits, theatre, upcoming, past, draft };
    }

    beforeAll(async () => {
      t = await open();
      fixture = await seed();
    });
    afterAll(() => t.close?.());

    it("counts the platform in SQL", async () => {
      expect(await getAdminOverview(t.db, ADMIN, NOW)).toEqual({
        users: 3,
        admins: 1,
        organizations: 2,
        events: { draft: 2, published: 1, past: 1, archived: 1, total: 5 },
        orders: { total: 5, paid: 2, manual: 1, pending: 1, other: 1 },
        // Ticket places of paid, manual and pending orders: 3 + 1 + 2 + 1; add-ons and cancelled orders are not counted.
        participants: 7,
        // Paid and manual orders: 4 × 20 € + 15 € + 10 €.
        grossSales: 8000 + 1500 + 1000,
        fees: 250,
        netSales: 10_500 - 250,
      });
    });

    it("lists organizations with their member and event counts, by title regardless of case", async () => {
      const result = await listAdminOrganizations(t.db, ADMIN);
      expect(result.total).toBe(2);
      expect(
        result.items.map(({ title, membersCount, eventsCount }) => ({ title, membersCount, eventsCount })),
      ).toEqual([
        { title: "Les Nuits", membersCount: 2, eventsCount: 4 },
        { title: "théâtre du Quai", membersCount: 1, eventsCount: 1 },
      ]);
      expect((await listAdminOrganizations(t.db, ADMIN, { search: "QUAI" })).items.map((o) => o.title)).toEqual([
        "théâtre du Quai",
      ]);
      const paged = await listAdminOrganizations(t.db, ADMIN, { page: 1, pageSize: 1 });
      expect(paged).toMatchObject({ total: 2, page: 1, pageSize: 1 });
      expect(paged.items.map((o) => o.title)).toEqual(["théâtre du Quai"]);
    });

    it("pages through events with their organization and derived status, filtered", async () => {
      const all = await listAdminEvents(t.db, ADMIN, { now: NOW });
      expect(all.total).toBe(5);
      expect(all.organization).toBeNull();
      // Newest start first, undated last.
      expect(all.items.map((e) => [e.title, e.organizationTitle, e.status])).toEqual([
        ["Lecture", "théâtre du Quai", "draft"],
        ["Festival", "Les Nuits", "published"],
        ["Soirée passée", "Les Nuits", "past"],
        ["Archives", "Les Nuits", "archived"],
        ["Brouillon Nuits", "Les Nuits", "draft"],
      ]);
      const page = await listAdminEvents(t.db, ADMIN, { now: NOW, page: 1, pageSize: 2 });
      expect(page.items.map((e) => e.title)).toEqual(["Soirée passée", "Archives"]);
      expect(page.total).toBe(5);

      const past = await listAdminEvents(t.db, ADMIN, { now: NOW, status: "past" });
      expect(past.items.map((e) => e.title)).toEqual(["Soirée passée"]);
      const ofTheatre = await listAdminEvents(t.db, ADMIN, { now: NOW, organizationId: fixture.theatre.id });
      expect(ofTheatre.items.map((e) => e.title)).toEqual(["Lecture"]);
      expect(ofTheatre.organization).toEqual({ id: fixture.theatre.id, title: "théâtre du Quai" });
      const searched = await listAdminEvents(t.db, ADMIN, { now: NOW, search: "fest" });
      expect(searched.items.map((e) => e.title)).toEqual(["Festival"]);
      expect((await listAdminEvents(t.db, ADMIN, { now: NOW, search: "100%" })).total).toBe(0);
    });

    it("gives an event's key figures and its organization", async () => {
      const detail = await getAdminEvent(t.db, ADMIN, {
        organizationId: fixture.nuits.id,
        eventId: fixture.upcoming.id,
        now: NOW,
      });
      expect(detail.event).toMatchObject({
        id: fixture.upcoming.id,
        title: "Festival",
        status: "published",
        eventCapacity: 500,
      });
      expect(detail.organization).toMatchObject({
        id: fixture.nuits.id,
        title: "Les Nuits",
        membersCount: 2,
        paymentAccount: "valid_conected",
      });
      expect(detail.figures).toEqual({
        // insertOrder adds one ticket and one add-on per order: four orders.
        tickets: 4,
        addons: 4,
        participants: 6,
        checkedIn: 1,
        orders: { total: 4, paid: 1, manual: 1, pending: 1, other: 1 },
        grossSales: 9500,
        fees: 200,
        netSales: 9300,
        promoCodes: 1,
        teamMembers: 1,
      });
    });

    it("answers 404 when the event is not in that organization", async () => {
      const error = await failure(
        getAdminEvent(t.db, ADMIN, { organizationId: fixture.theatre.id, eventId: fixture.upcoming.id }),
      );
      expect(error.code).toBe("not_found");
      expect(
        (await failure(getAdminEvent(t.db, ADMIN, { organizationId: fixture.nuits.id, eventId: 999_999 }))).code,
      ).toBe("not_found");
    });

    it("returns every organization and event for GET /admin/data", async () => {
      const data = await getAdminData(t.db, ADMIN, NOW);
      expect(data.organizations.map((o) => o.title)).toEqual(["Les Nuits", "théâtre du Quai"]);
      expect(data.events).toHaveLength(5);
    });

    it("refuses every admin function to anyone who is not a platform admin", async () => {
      const calls = [
        getAdminOverview(t.db, NOT_ADMIN),
        listAdminOrganizations(t.db, NOT_ADMIN),
        listAdminEvents(t.db, NOT_ADMIN),
        getAdminEvent(t.db, NOT_ADMIN, { organizationId: fixture.nuits.id, eventId: fixture.upcoming.id }),
        getAdminData(t.db, NOT_ADMIN),
      ];
      for (const call of calls) expect((await failure(call)).code).toBe("forbidden");
    });

    it("derives the displayed status like the SQL does", () => {
      expect(eventDisplayStatus({ status: "archived", endAt: day(-1) }, NOW)).toBe("archived");
      expect(eventDisplayStatus({ status: "published", endAt: day(-1) }, NOW)).toBe("past");
      expect(eventDisplayStatus({ status: "draft", endAt: day(-1) }, NOW)).toBe("past");
      expect(eventDisplayStatus({ status: "draft", endAt: null }, NOW)).toBe("draft");
      expect(eventDisplayStatus({ status: "published", endAt: day(1) }, NOW)).toBe("published");
    });
  });
}
