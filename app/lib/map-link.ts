import * as v from "valibot";
import { addressLatitudeSchema, addressLongitudeSchema } from "#domain/events/event-input-schema";

/**
 * The OpenStreetMap page centred on an event's coordinates (the public page, the editor's location step), or null
 * unless both are coordinates the events schema would store: the link never points where the event cannot be.
 */
export function openStreetMapUrl(latitude: number | string | null, longitude: number | string | null): string | null {
  const lat = v.safeParse(addressLatitudeSchema, latitude);
  const lon = v.safeParse(addressLongitudeSchema, longitude);
  if (!lat.success || !lon.success || lat.output === null || lon.output === null) return null;
  return `https://www.openstreetmap.org/?mlat=${lat.output}&mlon=${lon.output}#map=16/${lat.output}/${lon.output}`;
}
