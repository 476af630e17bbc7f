/**
 * The spec's default coordinates of an organization (POST /organizers: latitude 50, longitude 50) name a point in
 * Kazakhstan nobody chose: shown as "no place" (empty fields, no map link) wherever coordinates are shown.
 */
export const DEFAULT_PLACE_COORDINATE = 50;

const asNumber = (value: number | string | null | undefined) =>
  typeof value === "number"
    ? value
    : typeof value === "string" && value.trim() !== ""
      ? Number(value.replace(",", "."))
      : NaN;

/** True when the coordinates are the spec's 50/50 default, i.e. no place was ever given. */
export function isUnsetPlace(
  latitude: number | string | null | undefined,
  longitude: number | string | null | undefined,
): boolean {
  return asNumber(latitude) === DEFAULT_PLACE_COORDINATE && asNumber(longitude) === DEFAULT_PLACE_COORDINATE;
}
