import { ArrowLeft, Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useActionData, useNavigation, useSubmit } from "react-router";
import { notFound } from "#domain/shared/app-error";
import { parseId } from "#domain/shared/ids";
import { listTickets } from "#domain/tickets/list-tickets";
import { ticketTaxRateChoices } from "#domain/tickets/ticket-tax-rate";
import { eventPermissions } from "#domain/events/event-access";
import { locateEvent } from "#domain/events/locate-event";
import { FormError } from "~/components/form-error";
import { TicketFormFields } from "~/components/tickets/ticket-form-fields";
import { TicketValidFor } from "~/components/quotas/ticket-valid-for";
import { getTicketDates } from "#domain/quotas/get-ticket-dates";
import { TicketStatusBadge } from "~/components/tickets/ticket-status-badge";
import type { TicketsActionResult } from "~/components/tickets/ticket-types";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "~/components/ui/alert-dialog-lazy";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardFooter } from "~/components/ui/card";
import { Spinner } from "~/components/ui/spinner";
import { eventPath } from "~/lib/event-navigation";
import { useFocusFirstInvalid } from "~/lib/use-focus-first-invalid";
import { serverContext } from "~/server/context";
import { getSignedIn } from "~/server/guards.server";
import { loaderError } from "~/server/route-errors.server";
import { ticketsAction, toTicketView } from "./tickets.server";
import type { Route } from "./+types/tickets-edit";

/** /event/:event_id/tickets/:ticket_id — one ticket or add-on, every field. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { actor } = getSignedIn(context);
  const { db } = context.get(serverContext);
  const eventId = parseId(params.event_id);
  const location = eventId === null ? null : await locateEvent(db, actor, { eventId });
  // The layout shows the no-access screens.
  if (location?.kind !== "accessible") return null;
  try {
    const { event, tickets } = await listTickets(db, actor, { eventId: location.event.id });
    const ticket = tickets.find((t) => t.id === parseId(params.ticket_id));
    if (!ticket) throw notFound("tickets:errors.not-found");
    const permissions = eventPermissions(actor, { organizationId: event.organizationId, roles: location.eventRoles });
    const ticketDates = await getTicketDates(db, actor, { eventId: event.id, ticketId: ticket.id });
    return {
      eventId: event.id,
      timezone: event.timezone,
      ticket: toTicketView(ticket),
      // Only a ticket of a multi-date event chooses its dates (decision 0068).
      validFor:
        ticket.ticketType === "ticket" && ticketDates.dates.length > 0
          ? {
              dates: ticketDates.dates.map((date) => ({
                id: date.id,
                startAt: date.startAt.toISOString(),
                cancelled: date.status === "cancelled",
              })),
              dateIds: ticketDates.dateIds,
              locked: ticketDates.locked,
            }
          : null,
      canUpdate: permissions.canUpdate,
      taxRates: await ticketTaxRateChoices(db, event.organizationId),
    };
  } catch (error) {
    return loaderError(error);
  }
}

export async function action(args: Route.ActionArgs) {
  return ticketsAction(args, { redirectAfterUpdate: true });
}

export default function EditTicket({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("tickets");
  const result = useActionData<TicketsActionResult>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const refused = result && !result.ok ? result : null;
  useFocusFirstInvalid(formRef, refused?.errors);
  if (!loaderData) return null;
  const { ticket, eventId, timezone, canUpdate, taxRates, validFor } = loaderData;
  const section = ticket.ticketType === "addon" ? "addons" : "tickets";
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";

  return (
    <div className="grid max-w-3xl gap-6" data-testid="ticket-edit-page">
      <div className="grid gap-3">
        <Link
          to={eventPath(eventId, section)}
          className="inline-flex w-fit items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft className="size-4" aria-hidden />
          {t(section === "addons" ? "form.back-addons" : "form.back-tickets")}
        </Link>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-lg font-semibold tracking-tight">{t(`${section}.edit`)}</h2>
          <TicketStatusBadge status={ticket.status} explanation={ticket.explanation} color={ticket.color} />
        </div>
      </div>
      <Card>
        <Form method="post" ref={formRef} noValidate className="contents">
          <input type="hidden" name="intent" value="update" />
          <CardContent className="grid gap-4">
            <FormError message={refused && !refused.errors.fields ? refused.errors.formError : undefined} />
            <TicketFormFields
              key={ticket.id}
              ticket={ticket}
              ticketType={ticket.ticketType}
              timezone={timezone}
              taxRates={taxRates}
              errors={refused?.errors}
              values={refused?.values}
              disabled={!canUpdate}
            />
            {validFor ? (
              <TicketValidFor
                key={`valid-for-${ticket.id}`}
                view={validFor}
                timezone={timezone}
                disabled={!canUpdate}
                error={refused?.errors.fields?.date_ids}
              />
            ) : null}
          </CardContent>
          {canUpdate ? (
            <CardFooter className="flex-wrap justify-between gap-3 border-t">
              <Button
                type="button"
                variant="ghost"
                className="text-destructive hover:text-destructive"
                onClick={() => setConfirmDelete(true)}
              >
                <Trash2 className="size-4" aria-hidden />
                {t("list.delete")}
              </Button>
              <div className="flex gap-2">
                <Button variant="outline" asChild>
                  <Link to={eventPath(eventId, section)}>{t("form.cancel")}</Link>
                </Button>
                <Button type="submit" disabled={busy} data-testid="ticket-save">
                  {busy ? <Spinner label={null} /> : null}
                  {t("form.save")}
                </Button>
              </div>
            </CardFooter>
          ) : null}
        </Form>
      </Card>
      <AlertDialog open={confirmDelete} onOpenChange={setConfirmDelete}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t("delete.title", { title: ticket.title })}</AlertDialogTitle>
            <AlertDialogDescription>{t("delete.description")}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t("delete.cancel")}</AlertDialogCancel>
            <AlertDialogAction
              className="bg-destructive text-white hover:bg-destructive/90"
              onClick={() => void submit({ intent: "delete", ticket_type: ticket.ticketType }, { method: "post" })}
            >
              {t("delete.confirm")}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
