import { env, exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { databaseFromEnv } from "#db/from-env";
import * as schema from "#db/schema";
import { privateEventHash } from "#domain/events/private-event-link";
import { updateEvent } from "#domain/events/update-event";
import { actorOf } from "../support/fixtures";
import { insertConfirmedOrder } from "../support/order-documents-fixtures";
import { errorOf } from "../support/error-body";

/**
 * Issue 27 §6: the `.ics` files through the Worker — the buyer's from the order page (its token), the public page's —
 * and the buyer's following the event when it moves (same UID, higher SEQUENCE).
 */

const BASE = "http://localhost";
const HOST = new URL(env.APP_URL).host;

/** The one VEVENT of a calendar file, read by ical.js with the file's own VTIMEZONE. */
function readCalendar(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const zones = calendar.getAllSubcomponents("vtimezone");
  for (const zone of zones) ICAL.TimezoneService.register(zone);
  try {
    const [vevent, ...others] = calendar.getAllSubcomponents("vevent");
    expect(others).toEqual([]);
    const event = new ICAL.Event(vevent!);
    return {
      method: calendar.getFirstPropertyValue("method"),
      uid: event.uid,
      sequence: event.sequence,
      summary: event.summary,
      location: event.location,
      description: event.description,
      url: String(event.component.getFirstPropertyValue("url")),
      zone: event.startDate.zone.tzid,
      start: event.startDate.toString(),
      startUtc: event.startDate.toJSDate().toISOString(),
      endUtc: event.endDate.toJSDate().toISOString(),
    };
  } finally {
    for (const zone of zones) ICAL.TimezoneService.remove(String(zone.getFirstPropertyValue("tzid")));
  }
}

async function fetchCalendar(path: string) {
  const response = await exports.default.fetch(`${BASE}${path}`);
  return { response, text: await response.text() };
}

describe("GET /orders/:id/calendar.ics", () => {
  it("serves the buyer's file for the order's token, linking to the order page, and 404 otherwise", async () => {
    const db = databaseFromEnv(env);
    const scenario = await insertConfirmedOrder(db, { eventTitle: "Jazz, blues; nuit" });
    const token = encodeURIComponent(scenario.order.accessToken);
    const { response, text } = await fetchCalendar(`/orders/${scenario.order.id}/calendar.ics?token=${token}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="jazz-blues-nuit.ics"');
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(text).toContain("\r\nSUMMARY:Jazz\\, blues\\; nuit\r\n");
    const orderUrl = `${env.APP_URL}/orders/${scenario.order.id}?token=${token}`;
    expect(readCalendar(text)).toEqual({
      method: "PUBLISH",
      uid: `event-${scenario.event.id}@${HOST}`,
      sequence: 0,
      summary: "Jazz, blues; nuit",
      location: "Opéra Garnier, Place de l'Opéra, 75009 Paris",
      description: orderUrl,
      url: orderUrl,
      zone: "Europe/Paris",
      start: "2027-03-12T20:00:00",
      startUtc: "2027-03-12T19:00:00.000Z",
      endUtc: "2027-03-12T22:30:00.000Z",
    });

    const url = `/orders/${scenario.order.id}/calendar.ics`;
    for (const query of ["", "?token=", "?token=wrong", `?token=${scenario.participants[0]!.accessToken}`]) {
      const refused = await exports.default.fetch(`${BASE}${url}${query}`);
      expect(refused.status).toBe(404);
      expect(errorOf(await refused.json())).toMatchObject({ type: "not_found" });
    }
    expect((await exports.default.fetch(`${BASE}/orders/abc/calendar.ics?token=x`)).status).toBe(404);
    // Another order's token opens nothing of this one.
    const other = await insertConfirmedOrder(db);
    const crossed = await exports.default.fetch(`${BASE}${url}?token=${encodeURIComponent(other.order.accessToken)}`);
    expect(crossed.status).toBe(404);
    // An order not confirmed (waiting for payment) has no calendar entry yet.
    const pending = await insertConfirmedOrder(db, { status: "pending" });
    const notYet = await exports.default.fetch(
      `${BASE}/orders/${pending.order.id}/calendar.ics?token=${encodeURIComponent(pending.order.accessToken)}`,
    );
    expect(notYet.status).toBe(404);
  });

  it("follows the event: after its date changes through updateEvent, the same UID with a higher SEQUENCE", async () => {
    const db = databaseFromEnv(env);
    const scenario = await insertConfirmedOrder(db);
    const path = `/orders/${scenario.order.id}/calendar.ics?token=${encodeURIComponent(scenario.order.accessToken)}`;
    const before = readCalendar((await fetchCalendar(path)).text);

    const owner = actorOf(scenario.owner, scenario.organization.id, "owner");
    const updated = await updateEvent(db, owner, {
      eventId: scenario.event.id,
      changes: { startAt: new Date("2027-03-19T19:30:00.000Z"), endAt: new Date("2027-03-19T23:00:00.000Z") },
    });
    expect(updated.scheduleChanges.map((change) => change.field)).toEqual(["start_at", "end_at"]);

    const after = readCalendar((await fetchCalendar(path)).text);
    expect(after.uid).toBe(before.uid);
    expect(after.sequence).toBe(before.sequence + 1);
    expect(after.start).toBe("2027-03-19T20:30:00");
    expect(after.startUtc).toBe("2027-03-19T19:30:00.000Z");
    expect(after.endUtc).toBe("2027-03-19T23:00:00.000Z");

    // A change of place moves it again; a change of title alone does not.
    await updateEvent(db, owner, { eventId: scenario.event.id, changes: { addressName: "Salle Pleyel" } });
    await updateEvent(db, owner, { eventId: scenario.event.id, changes: { title: "Nouveau titre" } });
    const last = readCalendar((await fetchCalendar(path)).text);
    expect(last.sequence).toBe(before.sequence + 2);
    expect(last.location).toBe("Salle Pleyel, Place de l'Opéra, 75009 Paris");
    expect(last.summary).toBe("Nouveau titre");
  });
});

describe("GET /events/:id/calendar.ics", () => {
  it("serves the public page's file for a published event, linking to its page; not a draft's", async () => {
    const db = databaseFromEnv(env);
    const scenario = await insertConfirmedOrder(db, { eventTitle: "Récital d'été" });
    await db
      .update(schema.events)
      .set({ smallDescription: "Piano seul." })
      .where(eq(schema.events.id, scenario.event.id));
    const { response, text } = await fetchCalendar(`/events/${scenario.event.id}/calendar.ics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="recital-dete.ics"');
    const page = `${env.APP_URL}/events/${scenario.event.id}/recital-dete`;
    expect(readCalendar(text)).toMatchObject({
      uid: `event-${scenario.event.id}@${HOST}`,
      summary: "Récital d'été",
      description: `Piano seul.\n\n${page}`,
      url: page,
      startUtc: "2027-03-12T19:00:00.000Z",
    });

    // Made at each request, never a cached copy: a moved event's public file moves too.
    const owner = actorOf(scenario.owner, scenario.organization.id, "owner");
    await updateEvent(db, owner, {
      eventId: scenario.event.id,
      changes: { startAt: new Date("2027-03-13T19:00:00Z"), endAt: null },
    });
    const moved = readCalendar((await fetchCalendar(`/events/${scenario.event.id}/calendar.ics`)).text);
    expect(moved).toMatchObject({ sequence: 1, startUtc: "2027-03-13T19:00:00.000Z" });

    await db.update(schema.events).set({ status: "draft" }).where(eq(schema.events.id, scenario.event.id));
    const draft = await exports.default.fetch(`${BASE}/events/${scenario.event.id}/calendar.ics`);
    expect(draft.status).toBe(404);
    expect(errorOf(await draft.json())).toMatchObject({ type: "not_found" });
  });

  it("serves a private event's file only with its link's current t, as the page does", async () => {
    const db = databaseFromEnv(env);
    const scenario = await insertConfirmedOrder(db);
    const [event] = await db
      .update(schema.events)
      .set({ visibility: "private" })
      .where(eq(schema.events.id, scenario.event.id))
      .returning();
    const path = `/events/${event!.id}/calendar.ics`;
    expect((await exports.default.fetch(`${BASE}${path}`)).status).toBe(404);
    expect((await exports.default.fetch(`${BASE}${path}?t=wrong`)).status).toBe(404);
    const hash = privateEventHash(env, event!);
    const { response, text } = await fetchCalendar(`${path}?t=${hash}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(readCalendar(text).url).toBe(`${env.APP_URL}/events/${event!.id}/evenement-a-lopera?t=${hash}`);
  });
});
