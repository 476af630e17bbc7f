import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import { createSession } from "#domain/auth/sessions";
import { createEventsWorld } from "../support/event-fixtures";
import { apiClient } from "./api-client";

// GET /api/geocode (issue 25 §8): signed-in only; without GEOCODER the offline mode suggests nothing.
const db = createD1Database(env.DB);
const tokens: Record<string, string> = {};
const call = apiClient(tokens);

beforeAll(async () => {
  const world = await createEventsWorld(db);
  tokens.owner = (await createSession(db, world.users.owner.id)).token;
});

describe("GET /api/geocode", () => {
  it("answers the offline mode with no suggestion, and refuses a signed-out caller or an empty query", async () => {
    expect(await call("/geocode?q=Place%20Bellecour%20Lyon")).toEqual({
      status: 200,
      json: { mode: "offline", places: [], unavailable: false },
    });
    expect((await call("/geocode?q=Place%20Bellecour", { as: "nobody" })).status).toBe(401);
    expect((await call("/geocode?q=%20%20")).status).toBe(400);
  });
});
