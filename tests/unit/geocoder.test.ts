import { afterEach, describe, expect, it, vi } from "vitest";
import { GEOCODER_USER_AGENT, geocoderFromEnv } from "../../adapters/geocoder";
import { searchPlaces } from "../../domain/places/search-places";
import { isUnsetPlace } from "../../domain/shared/place";
import { editorValuesFromEvent } from "../../app/lib/event-editor-values";
import { openStreetMapUrl } from "../../app/lib/map-link";

afterEach(() => vi.unstubAllGlobals());

function stubFetch(answer: () => Response) {
  const calls: { url: string; headers: Headers }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(input), headers: new Headers(init?.headers) });
      return answer();
    }),
  );
  return calls;
}

describe("the spec's 50/50 default is no place", () => {
  it("is recognized as numbers or as typed text, and nothing else is", () => {
    expect(isUnsetPlace(50, 50)).toBe(true);
    expect(isUnsetPlace("50", "50,0")).toBe(true);
    expect(isUnsetPlace(50, 50.1)).toBe(false);
    expect(isUnsetPlace(45.7676, 4.8344)).toBe(false);
    expect(isUnsetPlace("", "")).toBe(false);
    expect(isUnsetPlace(null, null)).toBe(false);
  });

  it("gets no map link, and the event editor shows its fields empty", () => {
    expect(openStreetMapUrl(50, 50)).toBeNull();
    expect(openStreetMapUrl("50", "50")).toBeNull();
    expect(openStreetMapUrl(45.7676, 4.8344)).toContain("mlat=45.7676&mlon=4.8344");
    const event = {
      title: "Concert",
      smallDescription: "",
      description: "",
      startAt: null,
      endAt: null,
      timezone: "Europe/Paris",
      addressName: "",
      addressLabel: "",
      addressLatitude: 50,
      addressLongitude: 50,
      primaryColor: "#4f46e5",
      theme: "light" as const,
    };
    expect(editorValuesFromEvent(event)).toMatchObject({ address_latitude: "", address_longitude: "" });
    expect(editorValuesFromEvent({ ...event, addressLatitude: 45.7676, addressLongitude: 4.8344 })).toMatchObject({
      address_latitude: "45.7676",
      address_longitude: "4.8344",
    });
  });
});

describe("geocoder adapter", () => {
  it("offline (unset or unknown GEOCODER): no request, no suggestion", async () => {
    const calls = stubFetch(() => new Response("[]"));
    for (const env of [{}, { GEOCODER: "off" }]) {
      const geocoder = geocoderFromEnv(env);
      expect(geocoder.mode).toBe("offline");
      expect(await searchPlaces(geocoder, { query: "Place Bellecour, Lyon", language: "fr" })).toEqual({
        mode: "offline",
        places: [],
        unavailable: false,
      });
    }
    expect(calls).toEqual([]);
  });

  it("asks Nominatim once with a User-Agent and the language, and keeps valid places rounded to micro-degrees", async () => {
    const calls = stubFetch(() =>
      Response.json([
        { display_name: "Place Bellecour, Lyon, France", lat: "45.757814123", lon: "4.832011987" },
        { display_name: "", lat: "1", lon: "2" },
        { display_name: "Nowhere", lat: "95", lon: "2" },
      ]),
    );
    const geocoder = geocoderFromEnv({ GEOCODER: "nominatim", APP_URL: "https://guichet.example" });
    const found = await searchPlaces(geocoder, { query: "  Place Bellecour  ", language: "en" });
    expect(found).toEqual({
      mode: "nominatim",
      places: [{ label: "Place Bellecour, Lyon, France", latitude: 45.757814, longitude: 4.832012 }],
      unavailable: false,
    });
    expect(calls).toHaveLength(1);
    const url = new URL(calls[0]!.url);
    expect(url.origin + url.pathname).toBe("https://nominatim.openstreetmap.org/search");
    expect(url.searchParams.get("q")).toBe("Place Bellecour");
    expect(url.searchParams.get("format")).toBe("jsonv2");
    expect(url.searchParams.get("accept-language")).toBe("en");
    expect(calls[0]!.headers.get("User-Agent")).toBe(`${GEOCODER_USER_AGENT} https://guichet.example`);
  });

  it("uses GEOCODER_URL, and a failing server suggests nothing rather than failing the form", async () => {
    const calls = stubFetch(() => new Response("busy", { status: 503 }));
    const geocoder = geocoderFromEnv({ GEOCODER: "nominatim", GEOCODER_URL: "https://geo.example/" });
    expect(await searchPlaces(geocoder, { query: "Opéra de Lyon", language: "fr" })).toEqual({
      mode: "nominatim",
      places: [],
      unavailable: true,
    });
    expect(calls[0]!.url.startsWith("https://geo.example/search?")).toBe(true);
    // Too short to search: not sent.
    expect((await searchPlaces(geocoder, { query: "ab", language: "fr" })).places).toEqual([]);
    expect(calls).toHaveLength(1);
  });
});
