/** What the event area's layout loader hands to its components (mapped from the domain in the route). */
export type EventAreaEvent = {
  id: number;
  title: string;
  status: "draft" | "published" | "archived";
  isPast: boolean;
  visibility: "public" | "private";
  startAt: Date | null;
  endAt: Date | null;
  timezone: string;
  mainPicture: string;
  primaryColor: string;
  /** Whole days before or after the start, computed on the server so both renders agree; the label is translated. */
  countdown: { days: number; phase: "before" | "after" } | null;
  /** The public page (with `?t=` when private); only meaningful once published. */
  publicPath: string;
  /** The preview of an unpublished event; null when the event has no preview key. */
  previewPath: string | null;
};

export type EventAreaPermissions = {
  update: boolean;
  publish: boolean;
  delete: boolean;
  duplicate: boolean;
};

export type EventSwitcherItem = { id: number; title: string };

/** Lifecycle actions posted to the event layout's action. */
export type EventIntent = "publish" | "visibility" | "draft" | "archive" | "unarchive" | "duplicate" | "delete";

export type EventActionResult = {
  ok: true;
  intent: EventIntent;
  visibility?: "public" | "private";
  duplicateId?: number;
};
