import { AppError } from "../shared/app-error";

export const MAX_DATE_CAPACITY = 1_000_000;
export const DATE_ADDRESS_MAX_LENGTH = 300;

/** What a date may have besides its times: its own capacity (-1: none) and a place other than the event's. */
export type DateExtras = { capacity?: number; addressLabel?: string | null; addressName?: string | null };

function invalid(field: string, key: string): AppError {
  return new AppError("validation", key, { fields: { [field]: key } });
}

export function checkCapacity(capacity: number | undefined): void {
  if (capacity === undefined) return;
  if (!Number.isInteger(capacity) || capacity < -1 || capacity > MAX_DATE_CAPACITY)
    throw invalid("capacity", "dates:errors.capacity-invalid");
}

/** Trims the place; an empty label means the event's own place (NULL). */
export function normalizePlace(extras: DateExtras): { addressLabel?: string | null; addressName?: string | null } {
  const out: { addressLabel?: string | null; addressName?: string | null } = {};
  for (const key of ["addressLabel", "addressName"] as const) {
    const value = extras[key];
    if (value === undefined) continue;
    const trimmed = value?.trim() ?? "";
    if (trimmed.length > DATE_ADDRESS_MAX_LENGTH)
      throw invalid(key === "addressLabel" ? "address_label" : "address_name", "dates:errors.address-too-long");
    out[key] = trimmed === "" ? null : trimmed;
  }
  return out;
}

export function checkTimes(startAt: Date, endAt: Date | null | undefined): void {
  if (!Number.isFinite(startAt.getTime())) throw invalid("start_at", "dates:errors.start-invalid");
  if (endAt && (!Number.isFinite(endAt.getTime()) || endAt.getTime() <= startAt.getTime()))
    throw invalid("end_at", "dates:errors.end-before-start");
}
