// The maths live in the domain (the PDF ticket uses them too); the app imports them from here.
export * from "#domain/shared/colour-contrast";

/**
 * The keyboard focus ring of a button painted in the organizer's colour: whatever that colour, a ring of its own colour
 * (or a translucent one) can vanish on it, so the ring is two bands that differ from each other — a light offset
 * against the button and a dark ring against the page (the other way round on the dark theme) — and one of them always
 * stands out from the button and one from the page.
 */
export const ORGANIZER_FOCUS_RING =
  "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-slate-900 focus-visible:ring-offset-2 focus-visible:ring-offset-white dark:focus-visible:ring-white dark:focus-visible:ring-offset-slate-950";
