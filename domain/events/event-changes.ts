import type { EventRow } from "./event-record";

/** Where an event takes place, coordinates in degrees. */
export type EventPlace = { name: string; label: string; latitude: number | null; longitude: number | null };

/** One change participants are told about (issue 27 §3): the start, the end or the place, before and after. */
export type EventChange =
  | { field: "start_at" | "end_at"; before: Date | null; after: Date | null }
  | { field: "place"; before: EventPlace; after: EventPlace };

/** The columns the calendar entry and the change notice depend on, as stored (coordinates in micro-degrees). */
export type ScheduleColumns = Pick<
  EventRow,
  "startAt" | "endAt" | "addressName" | "addressLabel" | "addressLatitude" | "addressLongitude"
>;

const MICRO = 1_000_000;
const time = (date: Date | null | undefined) => (date ? date.getTime() : null);
const degrees = (micro: number | null) => (micro === null ? null : micro / MICRO);

function placeOf(columns: ScheduleColumns): EventPlace {
  return {
    name: columns.addressName,
    label: columns.addressLabel,
    latitude: degrees(columns.addressLatitude),
    longitude: degrees(columns.addressLongitude),
  };
}

/**
 * What a write changes of the start, the end and the place (name, address or coordinates), from the stored row and
 * the columns the write sets (a column left out, `undefined`, keeps its value). Empty when none of them changes: no
 * new calendar SEQUENCE, no notice to offer.
 */
export function eventScheduleChanges(before: ScheduleColumns, set: Partial<ScheduleColumns>): EventChange[] {
  const after: ScheduleColumns = {
    startAt: set.startAt !== undefined ? set.startAt : before.startAt,
    endAt: set.endAt !== undefined ? set.endAt : before.endAt,
    addressName: set.addressName ?? before.addressName,
    addressLabel: set.addressLabel ?? before.addressLabel,
    addressLatitude: set.addressLatitude !== undefined ? set.addressLatitude : before.addressLatitude,
    addressLongitude: set.addressLongitude !== undefined ? set.addressLongitude : before.addressLongitude,
  };
  const changes: EventChange[] = [];
  if (time(before.startAt) !== time(after.startAt)) {
    changes.push({ field: "start_at", before: before.startAt, after: after.startAt });
  }
  if (time(before.endAt) !== time(after.endAt)) {
    changes.push({ field: "end_at", before: before.endAt, after: after.endAt });
  }
  const placeMoved =
    before.addressName.trim() !== after.addressName.trim() ||
    before.addressLabel.trim() !== after.addressLabel.trim() ||
    before.addressLatitude !== after.addressLatitude ||
    before.addressLongitude !== after.addressLongitude;
  if (placeMoved) changes.push({ field: "place", before: placeOf(before), after: placeOf(after) });
  return changes;
}
