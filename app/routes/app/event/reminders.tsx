import { EventPageErrorBoundary } from "~/components/event/event-page-error";
import { RemindersPage } from "~/components/reminders/reminders-page";
import { loadRemindersPage, remindersAction } from "./reminders.server";
import type { Route } from "./+types/reminders";

export async function loader(args: Route.LoaderArgs) {
  return loadRemindersPage(args);
}

export async function action(args: Route.ActionArgs) {
  return remindersAction(args);
}

export { EventPageErrorBoundary as ErrorBoundary };

export default function EventReminders({ loaderData }: Route.ComponentProps) {
  return <RemindersPage data={loaderData} />;
}
