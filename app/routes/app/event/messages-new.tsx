import type { ShouldRevalidateFunctionArgs } from "react-router";
import { MessageComposer } from "~/components/attendee-messages/message-composer";
import { EventPageErrorBoundary } from "~/components/event/event-page-error";
import { loadNewMessage, messageAction } from "./messages.server";
import type { Route } from "./+types/messages-new";

export async function loader(args: Route.LoaderArgs) {
  return loadNewMessage(args);
}

export async function action(args: Route.ActionArgs) {
  return messageAction(args);
}

export { EventPageErrorBoundary as ErrorBoundary };

/** The composer's preview, test and count (messages/tools) change nothing here: no reload. */
export function shouldRevalidate({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formAction?.endsWith("/messages/tools")) return false;
  return defaultShouldRevalidate;
}

export default function EventMessageNew({ loaderData }: Route.ComponentProps) {
  return <MessageComposer key="new" data={loaderData} />;
}
