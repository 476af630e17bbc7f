import { EventPageErrorBoundary } from "~/components/event/event-page-error";
import { ParticipationFormsPage } from "~/components/participation-forms/participation-forms-page";
import { loadParticipationFormsPage, participationFormsAction } from "./order-fields.server";
import type { Route } from "./+types/order-fields";

export async function loader(args: Route.LoaderArgs) {
  return loadParticipationFormsPage(args);
}

export async function action(args: Route.ActionArgs) {
  return participationFormsAction(args);
}

export { EventPageErrorBoundary as ErrorBoundary };

export default function EventOrderFields({ loaderData }: Route.ComponentProps) {
  return <ParticipationFormsPage data={loaderData} />;
}
