import { EventPageErrorBoundary } from "~/components/event/event-page-error";
import { QuotasPage } from "~/components/quotas/quotas-page";
import { loadQuotasPage, quotasAction } from "./quotas.server";
import type { Route } from "./+types/quotas";

export async function loader(args: Route.LoaderArgs) {
  return loadQuotasPage(args);
}

export async function action(args: Route.ActionArgs) {
  return quotasAction(args);
}

export { EventPageErrorBoundary as ErrorBoundary };

export default function EventQuotas({ loaderData }: Route.ComponentProps) {
  return <QuotasPage data={loaderData} />;
}
