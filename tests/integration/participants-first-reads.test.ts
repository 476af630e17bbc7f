import { env } from "cloudflare:workers";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createD1Database } from "#db/d1";
import { participants } from "#db/schema";
import { searchTextOf } from "#domain/participants/word-start";
import { createSession } from "#domain/auth/sessions";
import { listParticipants } from "#domain/participants/list-participants";
import { serverContext } from "~/server/context";
import { getKnownEvent, getPrefetchedParticipants, sessionMiddleware } from "~/server/session.server";
import { insertEventsWorld, insertOrder, insertTicket } from "../support/fixtures";

/**
 * Decision 0075 on D1: the participants page's first reads go in the session's round trip once the isolate knows the
 * event's organization, and the page built from them is the page read on its own.
 */
describe("the participants page's first reads, with the session", () => {
  const db = createD1Database(env.DB);
  let world: Awaited<ReturnType<typeof insertEventsWorld>>;
  beforeAll(async () => {
    world = await insertEventsWorld(db);
    const ticket = await insertTicket(db, world.event, { title: "Plein tarif", price: 1200 });
    const { participants: rows } = await insertOrder(db, world.event, {
      status: "paid",
      places: [{ ticket, count: 4 }],
    });
    for (const row of rows) {
      await db
        .update(participants)
        .set({ searchText: searchTextOf(row) })
        .where(eq(participants.id, row.id));
    }
  });

  /** The real session middleware on a GET of `path`; the request's context afterwards. */
  async function throughSession(path: string, token: string) {
    const request = new Request(`http://localhost${path}`, { headers: { Cookie: `guichet_session=${token}` } });
    const context = new RouterContextProvider();
    context.set(serverContext, {
      env: {} as Env,
      ctx: {} as ExecutionContext,
      db,
      appVersion: "test",
      cspNonce: "test-nonce",
    });
    await sessionMiddleware(
      { request, context, params: {}, unstable_pattern: "" } as never,
      async () => new Response(),
    );
    return context;
  }

  const page = (query: string) => `/event/${world.event.id}/participants${query}`;

  it("reads them on a read of the page or its data once the event is known, and only there", async () => {
    const { token } = await createSession(db, world.users.owner.id);
    // This isolate may not know the event yet: the first read of the event area teaches it.
    await throughSession(`/event/${world.event.id}`, token);
    for (const path of [
      page(""),
      page(".data"),
      page(".data?_routes=root,routes/app/event/participants"),
      page(`.data?filters=${encodeURIComponent(JSON.stringify([{ id: "search", value: "durand" }]))}`),
    ]) {
      expect(getPrefetchedParticipants(await throughSession(path, token)), path).not.toBeNull();
    }
    for (const path of [page(".data?_routes=root"), `/event/${world.event.id}/orders`, `/event/${world.event.id}`]) {
      expect(getPrefetchedParticipants(await throughSession(path, token)), path).toBeNull();
    }
  });

  it("gives the page the loader reads on its own, for the owner and a team member", async () => {
    for (const [user, actor] of [
      [world.users.owner, world.actors.owner],
      [world.users.guestManager, world.actors.guestManager],
    ] as const) {
      const { token } = await createSession(db, user.id);
      for (const query of ["", `?filters=${encodeURIComponent(JSON.stringify([{ id: "search", value: "alex" }]))}`]) {
        const context = await throughSession(page(query), token);
        const prefetched = getPrefetchedParticipants(context);
        expect(prefetched).not.toBeNull();
        const search = query ? "alex" : "";
        const input = { eventId: world.event.id, offset: 0, limit: 10, sort: null, search, now: prefetched!.now };
        const known = getKnownEvent(context, world.event.id);
        const withSession = await listParticipants(db, actor, { ...input, known, prefetched });
        expect(withSession.rows).toHaveLength(4);
        expect(withSession).toEqual(await listParticipants(db, actor, input));
      }
    }
  });

  it("reads no row for another organization's member, whose page is refused", async () => {
    const { token } = await createSession(db, world.users.foreignOwner.id);
    const context = await throughSession(page(""), token);
    const prefetched = getPrefetchedParticipants(context);
    expect(prefetched?.results.filter((rows) => Array.isArray(rows) && rows.length > 0)).toEqual([[{ total: 0 }]]);
    await expect(
      listParticipants(db, world.actors.foreignOwner, {
        eventId: world.event.id,
        offset: 0,
        limit: 10,
        sort: null,
        known: getKnownEvent(context, world.event.id),
        prefetched,
      }),
    ).rejects.toMatchObject({ code: "not_found" });
  });
});
