import type { ShouldRevalidateFunctionArgs } from "react-router";

type FrameArgs = Pick<
  ShouldRevalidateFunctionArgs,
  "currentUrl" | "nextUrl" | "currentParams" | "nextParams" | "formMethod"
>;

/**
 * With single fetch, React Router reloads every loader on every navigation unless a route opts out. The frames around
 * a page (the signed-in shell, the event area) read only the session and their own route parameters, never the query,
 * so a plain navigation inside the same frame (another page of the event, a table's paging, sorting or search) keeps
 * their data and only the page's loader runs. A submission (its action may change what the frame shows), an explicit
 * revalidation (the same address) or another frame (another event) reloads them.
 */
export function isNavigationWithinFrame(args: FrameArgs, frameParams: readonly string[] = []): boolean {
  if (args.formMethod && args.formMethod.toUpperCase() !== "GET") return false;
  if (args.currentUrl.href === args.nextUrl.href) return false;
  return frameParams.every((name) => args.currentParams[name] === args.nextParams[name]);
}
