import { TicketsPage } from "~/components/tickets/tickets-page";
import { loadTicketsPage, ticketsAction } from "./tickets.server";
import type { Route } from "./+types/tickets";

export async function loader(args: Route.LoaderArgs) {
  return loadTicketsPage(args, "ticket");
}

export async function action(args: Route.ActionArgs) {
  return ticketsAction(args);
}

export default function EventTickets({ loaderData }: Route.ComponentProps) {
  if (!loaderData) return null;
  return <TicketsPage data={loaderData} />;
}
