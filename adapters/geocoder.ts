/*
 * Address search for the organization and event location forms. With GEOCODER=nominatim the Worker asks a
 * Nominatim-compatible server (GEOCODER_URL, default OpenStreetMap's) once per click on "Rechercher", with a
 * User-Agent naming the application, as OpenStreetMap's usage policy asks (no search-as-you-type). Unset, or any other
 * value, is the offline mode: no suggestion, the fields stay as typed.
 */

export type GeocoderEnv = { GEOCODER?: string; GEOCODER_URL?: string; APP_URL?: string };

export type GeocodedPlace = { label: string; latitude: number; longitude: number };

export type Geocoder = {
  mode: "nominatim" | "offline";
  search(query: string, options?: { language?: "fr" | "en"; limit?: number }): Promise<GeocodedPlace[]>;
};

const NOMINATIM_URL = "https://nominatim.openstreetmap.org";
export const GEOCODER_USER_AGENT = "Guichet/1.0 (event ticketing back-office)";

const offline: Geocoder = { mode: "offline", search: async () => [] };

type NominatimResult = { display_name?: unknown; lat?: unknown; lon?: unknown };

function toPlace(result: NominatimResult): GeocodedPlace | null {
  const latitude = Number(result.lat);
  const longitude = Number(result.lon);
  if (typeof result.display_name !== "string" || !result.display_name.trim()) return null;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  // Six decimals: what the database keeps (micro-degrees).
  const round = (value: number) => Math.round(value * 1e6) / 1e6;
  return { label: result.display_name.trim().slice(0, 255), latitude: round(latitude), longitude: round(longitude) };
}

export function nominatimGeocoder(options: { baseUrl?: string; appUrl?: string } = {}): Geocoder {
  const base = (options.baseUrl || NOMINATIM_URL).replace(/\/+$/, "");
  const userAgent = options.appUrl ? `${GEOCODER_USER_AGENT} ${options.appUrl}` : GEOCODER_USER_AGENT;
  return {
    mode: "nominatim",
    async search(query, { language = "fr", limit = 5 } = {}) {
      const q = query.trim().slice(0, 200);
      if (q.length < 3) return [];
      const url = `${base}/search?${new URLSearchParams({ q, format: "jsonv2", limit: String(limit), "accept-language": language })}`;
      const response = await fetch(url, {
        headers: { "User-Agent": userAgent, Accept: "application/json" },
        signal: AbortSignal.timeout(5_000),
      });
      if (!response.ok) throw new Error(`The geocoder answered ${response.status}`);
      const body: unknown = await response.json();
      if (!Array.isArray(body)) return [];
      return body
        .map((result) => toPlace(result as NominatimResult))
        .filter((place): place is GeocodedPlace => place !== null)
        .slice(0, limit);
    },
  };
}

export function geocoderFromEnv(env: GeocoderEnv): Geocoder {
  return env.GEOCODER === "nominatim" ? nominatimGeocoder({ baseUrl: env.GEOCODER_URL, appUrl: env.APP_URL }) : offline;
}
