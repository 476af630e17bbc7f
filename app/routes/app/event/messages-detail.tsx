import type { ShouldRevalidateFunctionArgs } from "react-router";
import { MessageComposer } from "~/components/attendee-messages/message-composer";
import { MessageDetail } from "~/components/attendee-messages/message-detail";
import { EventPageErrorBoundary } from "~/components/event/event-page-error";
import { loadMessageDetail, messageAction } from "./messages.server";
import type { Route } from "./+types/messages-detail";

export async function loader(args: Route.LoaderArgs) {
  return loadMessageDetail(args);
}

export async function action(args: Route.ActionArgs) {
  return messageAction(args);
}

export { EventPageErrorBoundary as ErrorBoundary };

/**
 * The composer's preview, test and count (messages/tools) change nothing here: no reload. A refused send still changes
 * the message (a send past the quota marks it refused): read it again after any of its own actions.
 */
export function shouldRevalidate({
  formAction,
  formMethod,
  currentUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formAction?.endsWith("/messages/tools")) return false;
  return (formMethod === "POST" && formAction === currentUrl.pathname) || defaultShouldRevalidate;
}

export default function EventMessageDetail({ loaderData }: Route.ComponentProps) {
  if (loaderData.mode === "compose")
    return <MessageComposer key={`${loaderData.message.id}-${loaderData.message.status}`} data={loaderData} />;
  return <MessageDetail data={loaderData} />;
}
