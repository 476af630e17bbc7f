import { Download, ListChecks, Mail, Upload } from "lucide-react";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { data, Link, useLocation, useSearchParams } from "react-router";
import { toast } from "~/lib/toast";
import * as v from "valibot";
import { placeManualOrders } from "#domain/manual-orders/place-manual-orders";
import { listParticipants, type ParticipantRow } from "#domain/participants/list-participants";
import { dateFacet, withDateColumnShown } from "~/components/event-date-facet";
import { notFound } from "#domain/shared/app-error";
import { parseId, requireId } from "#domain/shared/ids";
import { DataTable } from "~/components/data-table/data-table";
import { EventPageErrorBoundary } from "~/components/event/event-page-error";
import { Button } from "~/components/ui/button";
import { answerFacets, withAnswerColumns } from "~/lib/answer-columns";
import { participantsTableConfig } from "~/lib/data-table-configs";
import { parseDataTableState } from "~/lib/data-table-url";
import { paymentStatuses } from "#domain/orders/order-status";
import { checkInStates } from "#domain/participants/check-in-state";
import { serverContext } from "~/server/context";
import { parseForm } from "~/server/forms.server";
import { getSignedIn } from "~/server/guards.server";
import { actionError, loaderError } from "~/server/route-errors.server";
import { getKnownEvent, getPrefetchedParticipants } from "~/server/session.server";
import { AddParticipantsDialog } from "./participants-add-dialog";
import { manualOrderFromForm, withFormFieldNames } from "~/lib/manual-order-form";
import { answerColumnsOf, participantColumns } from "./participants-columns";
import { participantsQuery } from "./participants.server";
import type { Route } from "./+types/participants";
import { boundedString } from "#domain/shared/bounded-string";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { actor } = getSignedIn(context);
  const { db } = context.get(serverContext);
  const eventId = parseId(params.event_id);
  const { state, ...query } = participantsQuery(new URL(request.url));
  try {
    if (eventId === null) throw notFound("events:errors.not-found");
    // With the page, in its one round trip: what the add dialog's "send the confirmation email" may still send today
    // (decision 0038) and the date filter's dates.
    const page = await listParticipants(db, actor, {
      eventId,
      ...query,
      known: getKnownEvent(context, eventId),
      prefetched: getPrefetchedParticipants(context),
    });
    return { eventId, state, ...page };
  } catch (error) {
    return loaderError(error);
  }
}

const addSchema = v.objectWithRest({ intent: v.literal("add") }, boundedString(1_000));

/** Adds participants by hand: one manual order (no payment), the confirmation email when asked. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { actor } = getSignedIn(context);
  const { db, env } = context.get(serverContext);
  const parsed = await parseForm(request, addSchema);
  if (!parsed.ok) return data({ ok: false as const, errors: parsed.errors }, { status: 400 });
  const form = manualOrderFromForm(parsed.data);
  if (!form.ok) {
    return data({ ok: false as const, errors: { formError: form.formError, fields: form.fields } }, { status: 400 });
  }
  try {
    const { participantIds } = await placeManualOrders(
      db,
      actor,
      {
        eventId: requireId(params.event_id, "events:errors.not-found"),
        orders: [form.order],
        sendEmail: form.sendEmail,
      },
      { queue: env.JOBS },
    );
    return { ok: true as const, added: participantIds.length };
  } catch (error) {
    return actionError(withFormFieldNames(error));
  }
}

export { EventPageErrorBoundary as ErrorBoundary };

/** The export link keeps the table's search and filters (and the selection's ids when given). */
export function participantsExportHref(eventId: number, search: string, ids?: number[]): string {
  const params = new URLSearchParams(search);
  if (ids?.length) params.set("ids", ids.join(","));
  return `/event/${eventId}/participants/export.csv?${params.toString()}`;
}

/** "Écrire aux participants sélectionnés" (issue 27 §1): the composer with the selection as its recipients. */
export function writeToSelectedHref(eventId: number, ids: number[]): string {
  return `/event/${eventId}/messages/new?participants=${ids.join(",")}`;
}

/** The detail page's delete redirects here with ?deleted=1: say it once, then drop the flag. */
function useDeletedToast(message: string) {
  const [params, setParams] = useSearchParams();
  const deleted = params.has("deleted");
  useEffect(() => {
    if (!deleted) return;
    toast.success(message);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("deleted");
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [deleted, message, setParams]);
}

export default function Participants({ loaderData }: Route.ComponentProps) {
  const { eventId, rows, total, timezone, tickets, emailQuota, eventStatus, answerColumns } = loaderData;
  const { t, i18n } = useTranslation("participants");
  const { t: tOrders } = useTranslation("orders");
  const location = useLocation();
  const [searchParams] = useSearchParams();
  useDeletedToast(t("toasts.deleted"));
  // The questions change only when the forms do: the config keeps its identity across the table's own navigations.
  const questionsKey = JSON.stringify(answerColumns);
  const questions = useMemo(() => JSON.parse(questionsKey) as typeof answerColumns, [questionsKey]);
  const hasDates = loaderData.dates.length > 0;
  const config = useMemo(
    () => withDateColumnShown(withAnswerColumns(participantsTableConfig, questions), hasDates),
    [questions, hasDates],
  );
  const columns = useMemo(
    () => [
      ...participantColumns({ eventId, timezone, language: i18n.language, t }),
      ...answerColumnsOf<ParticipantRow>(questions),
    ],
    [eventId, timezone, i18n.language, t, questions],
  );
  const facets = [
    {
      id: "ticket",
      title: t("filters.ticket"),
      // Rows are ticket holders: an add-on is shown with its holder, not filtered on (decision 0045).
      options: tickets
        .filter((ticket) => ticket.ticketType === "ticket")
        .map((ticket) => ({ value: String(ticket.id), label: ticket.title })),
    },
    ...dateFacet(loaderData.dates, timezone, i18n.language, t("filters.date")),
    {
      id: "order_status",
      title: t("filters.order_status"),
      options: paymentStatuses.map((status) => ({ value: status, label: tOrders(`status.${status}`) })),
    },
    {
      id: "check_in",
      title: t("filters.check_in"),
      options: checkInStates.map((state) => ({ value: state, label: t(`check-in.${state}`) })),
    },
    ...answerFacets(questions, parseDataTableState(searchParams, config), t("answers.answered")),
  ];

  return (
    <section className="flex min-w-0 flex-col gap-4" aria-labelledby="participants-title">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="participants-title" className="text-xl font-semibold">
            {t("title")}
          </h2>
          <p className="text-sm text-muted-foreground">{t("description")}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" asChild>
            <Link to={`/event/${eventId}/answers`}>
              <ListChecks />
              {t("answers.nav")}
            </Link>
          </Button>
          {loaderData.canManage ? (
            <>
              <Button variant="outline" size="sm" asChild>
                <Link to={`/event/${eventId}/participants/import`}>
                  <Upload />
                  {t("import")}
                </Link>
              </Button>
              <AddParticipantsDialog
                tickets={tickets}
                dates={loaderData.dates}
                timezone={timezone}
                emailQuota={emailQuota}
                sendsEmail={eventStatus !== "draft"}
              />
            </>
          ) : null}
        </div>
      </div>
      <DataTable<ParticipantRow>
        label={t("title")}
        columns={columns}
        rows={rows}
        total={total}
        totalCapped={loaderData.totalCapped}
        config={config}
        getRowId={(row) => String(row.id)}
        searchPlaceholder={t("search-placeholder")}
        facets={facets}
        rowHref={(row) => `/event/${eventId}/participants/${row.id}`}
        toolbarEnd={
          loaderData.canManage ? (
            <Button variant="outline" size="sm" asChild>
              <a href={participantsExportHref(eventId, location.search)} download data-testid="participants-export">
                <Download />
                {t("export")}
              </a>
            </Button>
          ) : null
        }
        bulkActions={
          loaderData.canManage || loaderData.canMessage
            ? (selected) => (
                <>
                  {loaderData.canMessage ? (
                    <Button variant="outline" size="sm" asChild>
                      <Link
                        to={writeToSelectedHref(
                          eventId,
                          selected.map((row) => row.id),
                        )}
                        data-testid="participants-write-selected"
                      >
                        <Mail />
                        {t("write-selected")}
                      </Link>
                    </Button>
                  ) : null}
                  {loaderData.canManage ? (
                    <Button variant="outline" size="sm" asChild>
                      <a
                        href={participantsExportHref(
                          eventId,
                          location.search,
                          selected.map((row) => row.id),
                        )}
                        download
                      >
                        <Download />
                        {t("export-selected")}
                      </a>
                    </Button>
                  ) : null}
                </>
              )
            : undefined
        }
        emptyState={
          <div className="rounded-xl border border-dashed bg-background px-6 py-12 text-center">
            <p className="font-medium">{t("empty-title")}</p>
            <p className="mt-1 text-sm text-muted-foreground">{t("empty-hint")}</p>
          </div>
        }
      />
    </section>
  );
}
