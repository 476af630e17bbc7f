import { EventPageErrorBoundary } from "~/components/event/event-page-error";
import { OrderFormsPage } from "~/components/order-forms/order-forms-page";
import { loadOrderFormsPage, orderFormsAction } from "./order-fields.server";
import type { Route } from "./+types/order-fields";

export async function loader(args: Route.LoaderArgs) {
  return loadOrderFormsPage(args);
}

export async function action(args: Route.ActionArgs) {
  return orderFormsAction(args);
}

export { EventPageErrorBoundary as ErrorBoundary };

export default function EventOrderFields({ loaderData }: Route.ComponentProps) {
  return <OrderFormsPage data={loaderData} />;
}
