import { useOutletContext, useRouteLoaderData, type ShouldRevalidateFunctionArgs } from "react-router";
import type { loader } from "~/routes/app/event/layout";

const eventAreaRouteId = "routes/app/event/layout";

/** What the event layout shares with its pages through the outlet. */
export type EventAreaOutletContext = {
  openPublishDialog: () => void;
  copyLink: () => Promise<void>;
};

export function useEventAreaOutlet(): EventAreaOutletContext {
  return useOutletContext<EventAreaOutletContext>();
}

/** The event layout's data, for the pages inside it (null outside the event area or on a no-access screen). */
export function useEventAreaData() {
  const data = useRouteLoaderData<typeof loader>(eventAreaRouteId);
  return data && data.kind === "found" ? data : null;
}

/** The one-shot flags of the event area's address (spec §2): ?publish=true and ?from-create. */
export const eventAreaFlags = ["publish", "from-create"] as const;

/**
 * True when a navigation only drops the one-shot flags from the address (the layout does it once it has opened their
 * dialog): nothing to reload for that.
 */
export function onlyEventAreaFlagsDropped({
  currentUrl,
  nextUrl,
}: Pick<ShouldRevalidateFunctionArgs, "currentUrl" | "nextUrl">) {
  if (currentUrl.pathname !== nextUrl.pathname) return false;
  const current = new URLSearchParams(currentUrl.search);
  if (!eventAreaFlags.some((flag) => current.has(flag))) return false;
  for (const flag of eventAreaFlags) current.delete(flag);
  return current.toString() === new URLSearchParams(nextUrl.search).toString();
}
