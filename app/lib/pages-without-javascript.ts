/**
 * Route ids of pages served as HTML alone, without client JavaScript (app/root.tsx leaves out <Scripts />): the public
 * event page has nothing interactive (links only), and React with React Router alone weigh more than its budget
 * (100 KB gzipped; scripts/lib/page-weight.ts). The auth pages (120 KB budget) work as plain HTML forms posting to
 * their route actions, with <details> menus and server-side autofocus (app/routes/auth/form-focus.ts); their layouts
 * are listed so that any page added under them is served the same way. A page that becomes interactive leaves this
 * list.
 */
export const pagesWithoutJavaScript: ReadonlySet<string> = new Set([
  "routes/public/event-page",
  "routes/public/event-preview",
  "routes/public/organizer-page",
  "routes/public/privacy",
  "routes/public/developers-webhooks",
  // Booking works as plain HTML forms (ticket choice → booking page → order action → checkout or order page): React
  // and React Router alone weigh about 120 KB gzipped, over the public page's 100 KB (docs/contracts/public-booking.md).
  "routes/public/event-booking",
  // Joining a sold-out ticket's waiting list (issue 28 §3): one plain HTML form, like the booking.
  "routes/public/event-waiting-list",
  // Issue 31 §2: the waiting room of an on-sale, which reloads itself by a meta refresh.
  "routes/public/event-waiting-room",
  "routes/public/order-page",
  // The opt-out link of a message (issue 27 §5): one plain HTML form.
  "routes/public/message-opt-out",
  // The demo checkout (no Stripe key): two buttons of a plain HTML form.
  "routes/public/demo-checkout",
  // The booking widget's pages (issue 26 §5): the same forms, with one inline script that reports the page's height
  // and a completed order to the framing page (app/lib/embed-frame.tsx).
  "routes/embed/embed-event",
  "routes/embed/event-booking",
  "routes/embed/event-waiting-room",
  "routes/embed/embed-order",
  "routes/auth/layout",
  "routes/auth/login",
  "routes/auth/login-password",
  "routes/auth/register",
  "routes/auth/register-validate-email",
  "routes/auth/register-password",
  "routes/auth/open-layout",
  "routes/auth/reset-password",
]);

export function pageLoadsJavaScript(routeIds: Iterable<string>): boolean {
  for (const id of routeIds) if (pagesWithoutJavaScript.has(id)) return false;
  return true;
}
