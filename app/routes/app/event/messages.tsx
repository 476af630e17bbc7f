import { MessagesHistory } from "~/components/attendee-messages/messages-history";
import { EventPageErrorBoundary } from "~/components/event/event-page-error";
import { loadMessagesHistory } from "./messages.server";
import type { Route } from "./+types/messages";

export async function loader(args: Route.LoaderArgs) {
  return loadMessagesHistory(args);
}

export { EventPageErrorBoundary as ErrorBoundary };

export default function EventMessages({ loaderData }: Route.ComponentProps) {
  return <MessagesHistory data={loaderData} />;
}
