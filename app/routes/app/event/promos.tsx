import { PromoCodesPage } from "~/components/promo-codes/promo-codes-page";
import { EventPageErrorBoundary } from "~/components/event/event-page-error";
import { loadPromoCodesPage, promoCodesAction } from "./promos.server";
import type { Route } from "./+types/promos";

export async function loader(args: Route.LoaderArgs) {
  return loadPromoCodesPage(args);
}

export async function action(args: Route.ActionArgs) {
  return promoCodesAction(args);
}

export { EventPageErrorBoundary as ErrorBoundary };

export default function EventPromoCodes({ loaderData }: Route.ComponentProps) {
  return <PromoCodesPage data={loaderData} />;
}
