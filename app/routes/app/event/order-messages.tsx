import { EventPageErrorBoundary } from "~/components/event/event-page-error";
import { OrderMessagesPage } from "~/components/event-messages/order-messages-page";
import { loadOrderMessagesPage, orderMessagesAction } from "./order-messages.server";
import type { Route } from "./+types/order-messages";

export async function loader(args: Route.LoaderArgs) {
  return loadOrderMessagesPage(args);
}

export async function action(args: Route.ActionArgs) {
  return orderMessagesAction(args);
}

export { EventPageErrorBoundary as ErrorBoundary };

export default function EventOrderMessages({ loaderData }: Route.ComponentProps) {
  return <OrderMessagesPage data={loaderData} />;
}
