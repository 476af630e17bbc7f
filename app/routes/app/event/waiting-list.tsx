import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { data, useFetcher } from "react-router";
import { toast } from "~/lib/toast";
import * as v from "valibot";
import { waitingListStatuses } from "#db/schema";
import { notFound } from "#domain/shared/app-error";
import { idSchema, parseId } from "#domain/shared/ids";
import { updateTicket } from "#domain/tickets/update-ticket";
import {
  listWaitingListEntries,
  type WaitingListEntryRow,
  type WaitingListTicket,
} from "#domain/waiting-list/list-waiting-list-entries";
import { offerFreedPlaces } from "#domain/waiting-list/offer-waiting-list-places";
import { offerWaitingListEntry } from "#domain/waiting-list/offer-waiting-list-entry";
import { removeWaitingListEntry } from "#domain/waiting-list/remove-waiting-list-entry";
import { DataTable } from "~/components/data-table/data-table";
import { EventPageErrorBoundary } from "~/components/event/event-page-error";
import { waitingListColumns } from "~/components/waiting-list/waiting-list-columns";
import { waitingListTableConfig } from "~/components/waiting-list/waiting-list-table-config";
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
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";
import { tableQuery } from "~/lib/data-table-url";
import { serverContext } from "~/server/context";
import { getSignedIn } from "~/server/guards.server";
import { actionError, loaderError } from "~/server/route-errors.server";
import type { Route } from "./+types/waiting-list";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { actor } = getSignedIn(context);
  const { db } = context.get(serverContext);
  const { state, offset, limit, sort, text, facet } = tableQuery(new URL(request.url), waitingListTableConfig);
  try {
    const eventId = parseId(params.event_id);
    if (eventId === null) throw notFound("events:errors.not-found");
    const page = await listWaitingListEntries(db, actor, {
      eventId,
      offset,
      limit,
      sort,
      search: text("search"),
      statuses: facet("status"),
    });
    return { eventId, state, ...page };
  } catch (error) {
    return loaderError(error);
  }
}

const actionSchema = v.variant("intent", [
  v.object({ intent: v.literal("remove"), entry_id: idSchema }),
  v.object({ intent: v.literal("offer"), entry_id: idSchema }),
  v.object({ intent: v.literal("list"), ticket_id: idSchema, waiting_list: v.picklist(["true", "false"]) }),
]);

/** « Retirer » someone, or a ticket's list switched on or off (the ticket's own update: event:update). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { actor } = getSignedIn(context);
  const { db, env } = context.get(serverContext);
  const parsed = v.safeParse(actionSchema, Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ ok: false as const, intent: null }, { status: 400 });
  const body = parsed.output;
  try {
    const eventId = parseId(params.event_id);
    if (eventId === null) throw notFound("events:errors.not-found");
    if (body.intent === "remove") {
      const removed = await removeWaitingListEntry(db, actor, { eventId, entryId: body.entry_id });
      // An offer taken back: its places go to the next person in line.
      if (removed.previousStatus === "offered") await offerFreedPlaces(db, env, { eventId });
    } else if (body.intent === "offer") {
      const offer = await offerWaitingListEntry(db, { jobs: env }, actor, { eventId, entryId: body.entry_id });
      return { ok: true as const, intent: body.intent, offeredQuantity: offer.offeredQuantity };
    } else {
      await updateTicket(db, actor, {
        eventId,
        ticketId: body.ticket_id,
        fields: { waitingList: body.waiting_list === "true" },
      });
    }
    return { ok: true as const, intent: body.intent };
  } catch (error) {
    return actionError(error, { intent: body.intent });
  }
}

export { EventPageErrorBoundary as ErrorBoundary };

export default function WaitingList({ loaderData }: Route.ComponentProps) {
  const { rows, total, timezone, canManage, canUpdateTickets, tickets } = loaderData;
  const { t, i18n } = useTranslation("waiting-list");
  // The offer's refusals are the booking's messages (waiting-list-no-place…): loaded with the page, not on a miss.
  const { t: tRefusal } = useTranslation(["booking", "errors"]);
  const [removing, setRemoving] = useState<WaitingListEntryRow | null>(null);
  const removal = useFetcher<typeof action>({ key: "waiting-list-remove" });
  const removed = useRef<{ answer: unknown; name: string } | null>(null);

  useEffect(() => {
    const answer = removal.data;
    if (removal.state !== "idle" || !answer || removed.current?.answer === answer) return;
    const name = removed.current?.name ?? "";
    removed.current = { answer, name };
    if (answer.ok) toast.success(t("page.removed-toast", { name }));
    else toast.error(t("page.remove-failed"));
  }, [removal.state, removal.data, t]);

  const offer = useFetcher<typeof action>({ key: "waiting-list-offer" });
  const offered = useRef<{ answer: unknown; name: string } | null>(null);
  useEffect(() => {
    const answer = offer.data;
    if (offer.state !== "idle" || !answer || offered.current?.answer === answer) return;
    const name = offered.current?.name ?? "";
    offered.current = { answer, name };
    if (answer.ok && "offeredQuantity" in answer) {
      toast.success(t("page.offered-toast", { name, count: answer.offeredQuantity }));
    } else if (!answer.ok) {
      const key = "errors" in answer ? answer.errors.formError : undefined;
      toast.error(key ? tRefusal(key as never) : t("page.offer-failed"));
    }
  }, [offer.state, offer.data, t, tRefusal]);

  const columns = useMemo(
    () =>
      waitingListColumns({
        timezone,
        language: i18n.language,
        canManage,
        t,
        onRemove: setRemoving,
        onOffer: (row) => {
          offered.current = { answer: offered.current?.answer, name: `${row.firstName} ${row.lastName}`.trim() };
          void offer.submit({ intent: "offer", entry_id: String(row.id) }, { method: "post" });
        },
      }),
    // offer.submit is stable across renders.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [timezone, i18n.language, canManage, t],
  );
  const removingName = removing ? `${removing.firstName} ${removing.lastName}`.trim() : "";

  return (
    <section className="flex min-w-0 flex-col gap-4" aria-labelledby="waiting-list-title">
      <div>
        <h2 id="waiting-list-title" className="text-xl font-semibold">
          {t("page.title")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("page.description")}</p>
      </div>

      <TicketLists tickets={tickets} canUpdate={canUpdateTickets} />

      <DataTable<WaitingListEntryRow>
        label={t("page.title")}
        columns={columns}
        rows={rows}
        total={total}
        config={waitingListTableConfig}
        getRowId={(row) => String(row.id)}
        searchPlaceholder={t("page.search-placeholder")}
        facets={[
          {
            id: "status",
            title: t("page.filters.status"),
            options: waitingListStatuses.map((status) => ({ value: status, label: t(`page.status.${status}`) })),
          },
        ]}
        emptyState={
          <div className="rounded-xl border border-dashed bg-background px-6 py-12 text-center">
            <p className="font-medium">{t("page.empty-title")}</p>
            <p className="mt-1 text-sm text-muted-foreground">{t("page.empty-hint")}</p>
          </div>
        }
      />

      <AlertDialog open={removing !== null} onOpenChange={(open) => (open ? null : setRemoving(null))}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t("page.remove-title", { name: removingName })}</AlertDialogTitle>
            <AlertDialogDescription>{t("page.remove-body")}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t("page.cancel")}</AlertDialogCancel>
            <AlertDialogAction
              variant="destructive"
              data-testid="waiting-list-remove-confirm"
              onClick={() => {
                if (!removing) return;
                removed.current = { answer: removed.current?.answer, name: removingName };
                void removal.submit({ intent: "remove", entry_id: String(removing.id) }, { method: "post" });
                setRemoving(null);
              }}
            >
              {t("page.remove-confirm")}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </section>
  );
}

/** Each ticket's list, on or off, with how many people are in line (issue 28 §3: the organizer turns a list off). */
function TicketLists({ tickets, canUpdate }: { tickets: WaitingListTicket[]; canUpdate: boolean }) {
  const { t } = useTranslation("waiting-list");
  return (
    <Card data-testid="waiting-list-tickets">
      <CardHeader>
        <CardTitle>{t("page.tickets-title")}</CardTitle>
        <CardDescription>{t("page.tickets-hint")}</CardDescription>
      </CardHeader>
      <CardContent>
        {tickets.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("page.no-tickets")}</p>
        ) : (
          <ul className="divide-y">
            {tickets.map((ticket) => (
              <TicketListRow key={ticket.id} ticket={ticket} canUpdate={canUpdate} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function TicketListRow({ ticket, canUpdate }: { ticket: WaitingListTicket; canUpdate: boolean }) {
  const { t } = useTranslation("waiting-list");
  const fetcher = useFetcher<typeof action>({ key: `waiting-list-ticket-${ticket.id}` });
  const handled = useRef<unknown>(null);
  // Shown at once, the answer then confirms it (or the loader's value comes back after a refusal).
  const pending = fetcher.formData?.get("waiting_list");
  const on = pending === undefined || pending === null ? ticket.waitingList : pending === "true";
  const id = `waiting-list-ticket-${ticket.id}`;

  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    if (answer.ok) toast.success(t(ticket.waitingList ? "page.list-on" : "page.list-off", { title: ticket.title }));
    else toast.error(t("page.list-failed"));
  }, [fetcher.state, fetcher.data, t, ticket.waitingList, ticket.title]);

  return (
    <li className="flex items-center justify-between gap-4 py-3 first:pt-0 last:pb-0">
      <div className="grid min-w-0 gap-0.5">
        <Label htmlFor={id} className="truncate">
          {ticket.title}
        </Label>
        <span className="text-sm text-muted-foreground">{t("page.ticket-open", { count: ticket.open })}</span>
      </div>
      <Switch
        id={id}
        checked={on}
        disabled={!canUpdate}
        aria-label={t("page.ticket-switch", { title: ticket.title })}
        data-testid="waiting-list-ticket-switch"
        onCheckedChange={(checked) =>
          void fetcher.submit(
            { intent: "list", ticket_id: String(ticket.id), waiting_list: String(checked) },
            { method: "post" },
          )
        }
      />
    </li>
  );
}
