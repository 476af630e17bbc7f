import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { insertEvent, insertEventsWorld, insertOrder, insertTicket } from "../../tests/support/fixtures";
import { getEventDashboard } from "../events/get-event-dashboard";
import { listEvents } from "../events/list-events";
import { countQuery, listParticipants, participantRowsQuery } from "./list-participants";
import { exportParticipants } from "./export-participants";
import { csvDocument, type CsvPage, type CsvValue } from "../shared/csv";

let t: LibsqlTestDatabase;
let world: Awaited<ReturnType<typeof insertEventsWorld>>;

beforeAll(async () => {
  t = await createLibsqlTestDatabase();
  world = await insertEventsWorld(t.db);
});
afterAll(() => t?.close());

/**
 * Two orders holding places: two holders with one parking and two cloakroom places, and one holder alone; and a
 * cancelled order (its places given back) with a holder and a parking place.
 */
async function eventWithAddons() {
  const event = await insertEvent(t.db, world.organization.id, { title: "Options" });
  const ticket = await insertTicket(t.db, event, { title: "Plein tarif", price: 2000 });
  const parking = await insertTicket(t.db, event, { title: "Parking", price: 500, ticketType: "addon" });
  const cloakroom = await insertTicket(t.db, event, { title: "Vestiaire", price: 200, ticketType: "addon" });
  const withAddons = await insertOrder(t.db, event, {
    status: "paid",
    places: [
      { ticket, count: 2 },
      { ticket: parking, count: 1 },
      { ticket: cloakroom, count: 2 },
    ],
  });
  const alone = await insertOrder(t.db, event, { status: "manual", places: [{ ticket, count: 1 }] });
  const cancelled = await insertOrder(t.db, event, {
    status: "cancelled",
    places: [
      { ticket, count: 1 },
      { ticket: parking, count: 1 },
    ],
  });
  await t.db.run(
    sql`update participants set search_text = 'alex durand alex@exemple.test' where event_id = ${event.id}`,
  );
  return { event, ticket, parking, withAddons, alone, cancelled };
}

async function allRows(nextPage: (cursor: number | null) => Promise<CsvPage<number>>) {
  const rows: CsvValue[][] = [];
  let cursor: number | null = null;
  do {
    const page = await nextPage(cursor);
    rows.push(...page.rows);
    cursor = page.next;
  } while (cursor !== null);
  return rows;
}

describe("add-ons in the participants table", () => {
  it("lists ticket holders only, the order's add-ons on its first holder, counted as the dashboard counts", async () => {
    const { event, withAddons, alone, cancelled } = await eventWithAddons();
    const page = await listParticipants(t.db, world.actors.owner, {
      eventId: event.id,
      offset: 0,
      limit: 10,
      sort: null,
    });
    const holders = withAddons.participants.filter((row) => row.ticketType === "ticket");
    expect(page.rows.map((row) => row.id).sort()).toEqual([...holders, ...alone.participants].map((p) => p.id).sort());
    expect(page.rows.every((row) => row.ticketType === "ticket")).toBe(true);
    expect(page.total).toBe(3);
    const first = page.rows.find((row) => row.id === holders[0]!.id)!;
    expect(first.addons).toEqual([
      { title: "Parking", quantity: 1 },
      { title: "Vestiaire", quantity: 2 },
    ]);
    expect(page.rows.find((row) => row.id === holders[1]!.id)!.addons).toEqual([]);
    expect(page.rows.find((row) => row.id === alone.participants[0]!.id)!.addons).toEqual([]);

    const dashboard = await getEventDashboard(t.db, world.actors.owner, { eventId: event.id });
    expect(dashboard.participantsCount).toBe(page.total);
    const home = await listEvents(t.db, world.actors.owner, { search: "Options", limit: 100 });
    expect(home.items.find((item) => item.id === event.id)?.participantCount).toBe(page.total);

    // Filtered counts (a search, a status) count holders too.
    const searched = await listParticipants(t.db, world.actors.owner, {
      eventId: event.id,
      offset: 0,
      limit: 10,
      sort: { id: "price", desc: false },
      search: "durand",
    });
    expect(searched.total).toBe(3);
    expect(searched.rows).toHaveLength(3);
    const paid = await listParticipants(t.db, world.actors.owner, {
      eventId: event.id,
      offset: 0,
      limit: 10,
      sort: null,
      orderStatuses: ["paid"],
    });
    expect(paid.total).toBe(2);
    // A cancelled order's holder shows when its status is asked for, with its add-ons.
    const asked = await listParticipants(t.db, world.actors.owner, {
      eventId: event.id,
      offset: 0,
      limit: 10,
      sort: null,
      orderStatuses: ["cancelled"],
    });
    expect(asked.total).toBe(1);
    expect(asked.rows.map((row) => [row.id, row.addons])).toEqual([
      [cancelled.participants[0]!.id, [{ title: "Parking", quantity: 1 }]],
    ]);
  });

  it("exports holders only, with their add-ons", async () => {
    const { event } = await eventWithAddons();
    const csv = await exportParticipants(t.db, world.actors.owner, { eventId: event.id });
    const rows = await allRows(csv.nextPage);
    expect(rows).toHaveLength(3);
    const text = csvDocument(csv.header, rows);
    expect(text).toContain("Parking ×1, Vestiaire ×2");
    expect(text.match(/Parking/g)).toHaveLength(1);
  });

  it("pages and counts from the indexes: the add-ons read once, a search counted without the rows", async () => {
    const { event } = await eventWithAddons();
    const plan = async (query: { getSQL(): ReturnType<typeof sql> }) =>
      (await t.db.all<{ detail: string }>(sql`explain query plan ${query.getSQL()}`)).map((row) => String(row.detail));
    // Unfiltered (decision 0073): the total is the kept figure, one row; the page checks the rows of its sort's index
    // in turn and stops at its end, whatever the event's size.
    const unfiltered = (await plan(countQuery(t.db, event, {}, Date.now()))).join("\n");
    expect(unfiltered).toMatch(/SEARCH sales_figures USING INTEGER PRIMARY KEY/);
    expect(unfiltered).not.toMatch(/participants|orders|released|addon/);
    const firstPage = (
      await plan(participantRowsQuery(t.db, event, { offset: 0, limit: 10, sort: null, now: Date.now() }))
    ).join("\n");
    expect(firstPage).toMatch(
      /SEARCH participants USING (COVERING )?INDEX participants_event_scope_idx \(event_id=\? AND organization_id=\?\)/,
    );
    expect(firstPage).not.toMatch(/SCAN|TEMP B-TREE|addon_rows|released_orders/);
    // A filter without a search still counts from the indexes, with the add-ons and released tickets read once.
    const byTicket = (await plan(countQuery(t.db, event, { checkIn: ["never"] }, Date.now()))).join("\n");
    expect(byTicket).toMatch(/USING COVERING INDEX participants_event_type_created_idx/);
    expect(byTicket).toMatch(/released_orders USING (COVERING )?INDEX orders_event_status/);
    expect(byTicket).not.toMatch(/SCAN (orders|released|addon)/);
    // A search (decision 0069) reads its rows from the tokens and checks each one's order: no list of add-ons.
    const filters = { search: "durand", tokens: { key: "durand", limit: 5000 } };
    const searched = (await plan(countQuery(t.db, event, filters, Date.now()))).join("\n");
    expect(searched).toMatch(
      /participant_search_tokens USING COVERING INDEX sqlite_autoindex_participant_search_tokens_1/,
    );
    expect(searched).toMatch(/participants USING INDEX participants_event_scope_idx \(.*id=\?\)/);
    expect(searched).toMatch(/listed_orders USING INTEGER PRIMARY KEY/);
    expect(searched).not.toMatch(/SCAN (participants|orders|released|addon)|participants_event_type_created_idx/);
    const page = (
      await plan(participantRowsQuery(t.db, event, { offset: 0, limit: 10, sort: null, now: Date.now() }))
    ).join("\n");
    expect(page).toMatch(/participants USING INDEX participants_event_scope_idx/);
    expect(page).toMatch(/CORRELATED SCALAR SUBQUERY[\s\S]*USING INDEX participants_order_idx/);
    expect(page).not.toMatch(/TEMP B-TREE|SCAN participants/);
  });
});
