import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { eventFieldsSchema } from "#domain/events/event-input-schema";
import { openStreetMapUrl } from "./map-link";

const paris = "https://www.openstreetmap.org/?mlat=45.6967&mlon=4.7886#map=16/45.6967/4.7886";

describe("openStreetMapUrl", () => {
  it("links to OpenStreetMap only for coordinates in range", () => {
    expect(openStreetMapUrl("45.6967", "4.7886")).toBe(paris);
    expect(openStreetMapUrl(45.6967, 4.7886)).toBe(paris);
    expect(openStreetMapUrl(" 45.6967 ", "+4.7886")).toBe(paris);
    expect(openStreetMapUrl("-90", "180")).toBe("https://www.openstreetmap.org/?mlat=-90&mlon=180#map=16/-90/180");
    expect(openStreetMapUrl("", "4.7")).toBeNull();
    expect(openStreetMapUrl(null, 4.7)).toBeNull();
    expect(openStreetMapUrl("95", "4.7")).toBeNull();
    expect(openStreetMapUrl("45", "-180.5")).toBeNull();
    expect(openStreetMapUrl("abc", "4.7")).toBeNull();
  });

  it("accepts exactly the coordinates the events schema stores", () => {
    const texts = [
      "45.6967",
      "45,6967",
      "45",
      "-12.5",
      "+3.25",
      "1e1",
      "0x10",
      "45.",
      ".5",
      " 7.1 ",
      "91",
      "-181",
      "Infinity",
      "",
    ];
    for (const latitude of texts) {
      for (const longitude of ["4.7886", latitude]) {
        const parsed = v.safeParse(eventFieldsSchema, { address_latitude: latitude, address_longitude: longitude });
        const stored =
          parsed.success && parsed.output.addressLatitude != null && parsed.output.addressLongitude != null;
        expect(openStreetMapUrl(latitude, longitude) !== null, `${latitude} / ${longitude}`).toBe(stored);
      }
    }
    // A French decimal comma is accepted by the server, so it gets its link too.
    expect(openStreetMapUrl("45,6967", "4,7886")).toBe(
      "https://www.openstreetmap.org/?mlat=45.6967&mlon=4.7886#map=16/45.6967/4.7886",
    );
  });
});
