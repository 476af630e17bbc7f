import { redirect } from "react-router";
import type { Route } from "./+types/catch-all";

/** Spec §2: an unknown page of the event area leads back to the event's dashboard. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/event/${encodeURIComponent(params.event_id)}`);
}

export function action({ params }: Route.ActionArgs) {
  return redirect(`/event/${encodeURIComponent(params.event_id)}`);
}
