/**
 * Route ids of the pages styled by their own small stylesheet inlined in their HTML (app/routes/public/public.css,
 * docs/decisions/0030-lighthouse.md) instead of the app's: the public event page and the booking flow, where a buyer
 * on a phone waits for the first paint. Each renders <PublicStyles /> (its error boundary too).
 */
export const pagesWithPublicStylesheet: ReadonlySet<string> = new Set([
  "routes/public/event-page",
  "routes/public/event-preview",
  "routes/public/event-booking",
  "routes/public/event-waiting-list",
  "routes/public/event-waiting-room",
  "routes/public/demo-checkout",
  "routes/public/order-page",
  // The booking widget's pages (issue 26 §5).
  "routes/embed/embed-event",
  "routes/embed/event-booking",
  "routes/embed/event-waiting-room",
  "routes/embed/embed-order",
]);

export function pageLoadsAppStylesheet(routeIds: Iterable<string>): boolean {
  for (const id of routeIds) if (pagesWithPublicStylesheet.has(id)) return false;
  return true;
}
