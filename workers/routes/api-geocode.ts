import { Hono } from "hono";
import * as v from "valibot";
import { geocoderFromEnv } from "#adapters/geocoder";
import { searchPlaces } from "#domain/places/search-places";
import { AppError } from "#domain/shared/app-error";
import type { ApiEnv } from "../middleware/api-session";

/** GET /api/geocode?q= — ours: address suggestions for the location forms (adapters/geocoder.ts). */
export const geocodeApiRoutes = new Hono<ApiEnv>();

export const querySchema = v.object({ q: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200)) });

geocodeApiRoutes.get("/", async (c) => {
  const parsed = v.safeParse(querySchema, { q: c.req.query("q") ?? "" });
  if (!parsed.success) throw new AppError("validation", "errors:invalid-input");
  const search = await searchPlaces(geocoderFromEnv(c.env), {
    query: parsed.output.q,
    language: c.get("language") === "en" ? "en" : "fr",
  });
  return c.json(search);
});
