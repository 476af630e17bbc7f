/**
 * Route ids of pages served as HTML alone, without client JavaScript (app/root.tsx leaves out <Scripts />): the public
 * event page has nothing interactive (links only), and React with React Router alone weigh more than its budget
 * (100 KB gzipped; scripts/lib/page-weight.ts). A page that becomes interactive leaves this list.
 */
export const pagesWithoutJavaScript: ReadonlySet<string> = new Set([
  "routes/public/event-page",
  "routes/public/event-preview",
]);

export function pageLoadsJavaScript(routeIds: Iterable<string>): boolean {
  for (const id of routeIds) if (pagesWithoutJavaScript.has(id)) return false;
  return true;
}
