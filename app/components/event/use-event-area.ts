import { useOutletContext, useRouteLoaderData } from "react-router";
import type { loader } from "~/routes/app/event/layout";

export const eventAreaRouteId = "routes/app/event/layout";

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
