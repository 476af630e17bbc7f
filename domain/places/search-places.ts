import type { GeocodedPlace, Geocoder } from "#adapters/geocoder";
import { logger, errorFields } from "../shared/logger";

export type PlaceSearch = {
  /** offline: no geocoder is configured; the form's fields stay as typed. */
  mode: Geocoder["mode"];
  places: GeocodedPlace[];
  /** The geocoder could not be reached: nothing is suggested, and the fields are left as typed too. */
  unavailable: boolean;
};

/** Address suggestions for a location form (signed-in users only: the API's session guard). Never throws. */
export async function searchPlaces(
  geocoder: Geocoder,
  input: { query: string; language: "fr" | "en" },
): Promise<PlaceSearch> {
  const query = input.query.trim();
  if (geocoder.mode === "offline" || query.length < 3) return { mode: geocoder.mode, places: [], unavailable: false };
  try {
    return {
      mode: geocoder.mode,
      places: await geocoder.search(query, { language: input.language }),
      unavailable: false,
    };
  } catch (error) {
    logger.warn("geocoder failed", errorFields(error));
    return { mode: geocoder.mode, places: [], unavailable: true };
  }
}
