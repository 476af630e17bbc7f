import * as v from "valibot";
import { addressLatitudeSchema, addressLongitudeSchema } from "#domain/events/event-input-schema";
import { isUnsetPlace } from "#domain/shared/place";

/**
 * The OpenStreetMap page centred on an event's coordinates (the public page, the editor's location step), or null
 * unless both are coordinates the events schema would store: the link never points where the event cannot be. The
 * spec's default 50/50 is no place.
 */
export function openStreetMapUrl(latitude: number | string | null, longitude: number | string | null): string | null {
  const lat = v.safeParse(addressLatitudeSchema, latitude);
  const lon = v.safeParse(addressLongitudeSchema, longitude);
  if (!lat.success || !lon.success || lat.output === null || lon.output === null) return null;
  // The spec's 50/50 default is "no place" (a point in Kazakhstan nobody chose), never a link.
  if (isUnsetPlace(lat.output, lon.output)) return null;
  return `https://www.openstreetmap.org/?mlat=${lat.output}&mlon=${lon.output}#map=16/${lat.output}/${lon.output}`;
}
