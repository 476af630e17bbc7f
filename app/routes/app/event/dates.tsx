import { CalendarPlus, CalendarRange, MoreHorizontal } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { data, useFetcher, useSearchParams } from "react-router";
import { toast } from "~/lib/toast";
import * as v from "valibot";
import { cancelEventDates } from "#domain/event-dates/cancel-event-dates";
import { createEventDates } from "#domain/event-dates/create-event-dates";
import { deleteEventDate } from "#domain/event-dates/delete-event-date";
import {
  changesOf,
  createDatesBodySchema,
  createInputOf,
  updateDatesBodySchema,
} from "#domain/event-dates/event-date-input-schema";
import type { EventDateItem } from "#domain/event-dates/event-date-record";
import { listEventDates, type DatesWhen } from "#domain/event-dates/list-event-dates";
import { updateEventDates } from "#domain/event-dates/update-event-dates";
import { AppError, notFound } from "#domain/shared/app-error";
import { formatDate, formatNumber, intlLocale, dateTimeFormat } from "#domain/shared/format";
import { parseId } from "#domain/shared/ids";
import { issuesToFields } from "#domain/shared/validation";
import { EventPageErrorBoundary } from "~/components/event/event-page-error";
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
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { LazyActionsMenu } from "~/components/lazy-actions-menu";
import { LazySelect } from "~/components/lazy-select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { serverContext } from "~/server/context";
import { getSignedIn } from "~/server/guards.server";
import { actionError, loaderError } from "~/server/route-errors.server";
import type { Route } from "./+types/dates";

// The dialogs load when first opened, not with every page of the event area (issue 31 §7).
const AddDateDialog = lazy(() =>
  import("~/components/event-dates/date-dialogs").then((module) => ({ default: module.AddDateDialog })),
);
const EditDatesDialog = lazy(() =>
  import("~/components/event-dates/date-dialogs").then((module) => ({ default: module.EditDatesDialog })),
);
const CancelledDateDialog = lazy(() =>
  import("~/components/event-dates/cancelled-date-dialog").then((module) => ({ default: module.CancelledDateDialog })),
);
const DateSeriesDialog = lazy(() =>
  import("~/components/event-dates/date-series-dialog").then((module) => ({ default: module.DateSeriesDialog })),
);

const WHENS = ["upcoming", "past", "all"] as const;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { actor } = getSignedIn(context);
  const { db } = context.get(serverContext);
  const url = new URL(request.url);
  const month = url.searchParams.get("month") ?? "";
  const whenParam = url.searchParams.get("when");
  const when: DatesWhen | undefined = WHENS.find((w) => w === whenParam);
  const page = Number(url.searchParams.get("page") ?? "1");
  try {
    const eventId = parseId(params.event_id);
    if (eventId === null) throw notFound("events:errors.not-found");
    const validMonth = /^\d{4}-(0[1-9]|1[0-2])$/.test(month) ? month : undefined;
    const list = await listEventDates(db, actor, {
      eventId,
      month: validMonth,
      when,
      page: Number.isSafeInteger(page) && page > 0 ? page : 1,
    });
    return { eventId, month: validMonth ?? "", when: when ?? (validMonth ? "all" : "upcoming"), ...list };
  } catch (error) {
    return loaderError(error);
  }
}

const actionSchema = v.variant("intent", [
  v.object({ intent: v.literal("create"), body: v.unknown() }),
  v.object({ intent: v.literal("update"), body: v.unknown() }),
  v.object({ intent: v.literal("cancel"), ids: v.array(v.number()) }),
  v.object({ intent: v.literal("delete"), id: v.number() }),
]);

function parseBody<S extends v.GenericSchema>(schema: S, body: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, body);
  if (!result.success) {
    throw new AppError("validation", "dates:errors.invalid-input", { fields: issuesToFields(result.issues) });
  }
  return result.output;
}

/** The page's writes, as JSON: the same bodies and use-cases as /api/events/:id/dates. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { actor } = getSignedIn(context);
  const { db } = context.get(serverContext);
  const parsed = v.safeParse(actionSchema, await request.json().catch(() => null));
  if (!parsed.success) return data({ ok: false as const, intent: null, count: 0 }, { status: 400 });
  const payload = parsed.output;
  try {
    const eventId = parseId(params.event_id);
    if (eventId === null) throw notFound("events:errors.not-found");
    if (payload.intent === "create") {
      const body = parseBody(createDatesBodySchema, payload.body);
      const dates = await createEventDates(db, actor, { eventId, ...createInputOf(body) });
      return { ok: true as const, intent: payload.intent, count: dates.length };
    }
    if (payload.intent === "update") {
      const body = parseBody(updateDatesBodySchema, payload.body);
      const { changes } = changesOf(body);
      const dates = await updateEventDates(db, actor, { eventId, targets: { ids: body.ids ?? [] }, changes });
      return { ok: true as const, intent: payload.intent, count: dates.length };
    }
    if (payload.intent === "cancel") {
      const dates = await cancelEventDates(db, actor, { eventId, targets: { ids: payload.ids } });
      return { ok: true as const, intent: payload.intent, count: dates.length };
    }
    await deleteEventDate(db, actor, { eventId, dateId: payload.id });
    return { ok: true as const, intent: payload.intent, count: 1 };
  } catch (error) {
    return actionError(error, {}, { intent: payload.intent, count: 0 });
  }
}

export { EventPageErrorBoundary as ErrorBoundary };

/** True from the first time `open` is true on: a lazy dialog mounts then, and stays for its closing animation. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened;
}

type DateRow = Omit<EventDateItem, "startAt" | "endAt"> & { startAt: Date | string; endAt: Date | string | null };

const statusVariant = { on_sale: "success", sold_out: "warning", cancelled: "secondary" } as const;

export default function EventDates({ loaderData }: Route.ComponentProps) {
  const { items, total, page, perPage, timeZone, months, eventDateCount, canUpdate, month, when, eventId } = loaderData;
  const { t, i18n } = useTranslation("dates");
  const { t: tErrors } = useTranslation(["dates", "errors"]);
  const locale = intlLocale(i18n.language);
  const [, setSearchParams] = useSearchParams();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [dialog, setDialog] = useState<"add" | "series" | "edit" | null>(null);
  const [editIds, setEditIds] = useState<number[]>([]);
  const [cancelIds, setCancelIds] = useState<number[] | null>(null);
  const [deleting, setDeleting] = useState<DateRow | null>(null);
  // Issue 30 §4: the cancelled date whose participants are being moved, refunded or written to.
  const [followUpId, setFollowUpId] = useState<number | null>(null);
  const followUpOpened = useOpenedOnce(followUpId !== null);
  const cancelling = useRef<number[]>([]);
  const addOpened = useOpenedOnce(dialog === "add");
  const seriesOpened = useOpenedOnce(dialog === "series");
  const editOpened = useOpenedOnce(dialog === "edit");
  const fetcher = useFetcher<typeof action>({ key: "event-dates" });
  const handled = useRef<unknown>(fetcher.data);

  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    if (!answer.ok) {
      // Dialogs show their own errors; the table's actions answer here.
      if (answer.intent === "cancel" || answer.intent === "delete") {
        const key = "errors" in answer ? answer.errors.formError : undefined;
        toast.error(tErrors((key ?? "errors:internal-error") as never));
      }
      return;
    }
    if (answer.intent === "cancel") {
      toast.success(t("toast.cancelled", { count: answer.count }));
      // One date cancelled with places sold: what happens to its participants comes next.
      const [only] = cancelling.current;
      if (cancelling.current.length === 1 && items.some((item) => item.id === only && item.sold > 0))
        setFollowUpId(only!);
    }
    if (answer.intent === "delete") toast.success(t("toast.deleted"));
    setSelected(new Set());
  }, [fetcher.state, fetcher.data, t, tErrors, items]);

  const pages = Math.max(1, Math.ceil(total / perPage));
  const followUp = items.find((row) => row.id === followUpId) ?? null;
  const dayFormat = dateTimeFormat(locale, {
    timeZone,
    weekday: "short",
    day: "numeric",
    month: "long",
    year: "numeric",
  });
  const timeFormat = dateTimeFormat(locale, { timeZone, hour: "2-digit", minute: "2-digit" });
  const dayOf = (row: DateRow) => dayFormat.format(new Date(row.startAt));
  const timeOf = (row: DateRow) =>
    row.endAt
      ? `${timeFormat.format(new Date(row.startAt))} – ${timeFormat.format(new Date(row.endAt))}`
      : timeFormat.format(new Date(row.startAt));

  const setFilter = (changes: Record<string, string | null>) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === "") next.delete(key);
          else next.set(key, value);
        }
        if (!("page" in changes)) next.delete("page");
        return next;
      },
      { preventScrollReset: true },
    );

  const pageIds = items.map((row) => row.id);
  const allSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const toggle = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const monthLabel = (value: string) =>
    dateTimeFormat(locale, { timeZone: "UTC", month: "long", year: "numeric" }).format(
      new Date(`${value}-15T12:00:00Z`),
    );

  return (
    <section className="flex min-w-0 flex-col gap-4" aria-labelledby="dates-title">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="dates-title" className="text-xl font-semibold">
            {t("title")}
          </h2>
          <p className="text-sm text-muted-foreground">{t("description")}</p>
        </div>
        {canUpdate ? (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setDialog("add")} data-testid="dates-add">
              <CalendarPlus aria-hidden />
              {t("add-date")}
            </Button>
            <Button onClick={() => setDialog("series")} data-testid="dates-add-series">
              <CalendarRange aria-hidden />
              {t("add-series")}
            </Button>
          </div>
        ) : null}
      </div>

      {eventDateCount === 0 ? (
        <div className="rounded-xl border border-dashed bg-background px-6 py-12 text-center" data-testid="dates-empty">
          <p className="font-medium">{t("empty.title")}</p>
          <p className="mx-auto mt-1 max-w-prose text-sm text-muted-foreground">{t("empty.single")}</p>
        </div>
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-2">
            <LazySelect
              value={when}
              onValueChange={(value) => setFilter({ when: value })}
              valueLabel={t(`filter.${when}`)}
              options={WHENS.map((value) => ({ value, label: t(`filter.${value}`) }))}
              className="w-40"
              aria-label={t("filter.label")}
              data-testid="dates-when"
            />
            <LazySelect
              value={month || "any"}
              onValueChange={(value) => setFilter({ month: value === "any" ? null : value })}
              valueLabel={month ? monthLabel(month) : t("filter.all-months")}
              options={[
                { value: "any", label: t("filter.all-months") },
                ...months.map((value) => ({ value, label: monthLabel(value) })),
              ]}
              className="w-48"
              aria-label={t("filter.month")}
              data-testid="dates-month"
            />
            <span className="text-sm text-muted-foreground" data-testid="dates-total">
              {t("total", { count: total })}
            </span>
          </div>

          {canUpdate && selected.size > 0 ? (
            <div
              className="flex flex-wrap items-center gap-2 rounded-lg border bg-muted/40 px-3 py-2"
              data-testid="dates-selection"
            >
              <span className="text-sm font-medium">{t("selection.count", { count: selected.size })}</span>
              <Button
                size="sm"
                variant="outline"
                onClick={() => {
                  setEditIds([...selected]);
                  setDialog("edit");
                }}
              >
                {t("selection.edit")}
              </Button>
              <Button size="sm" variant="outline" onClick={() => setCancelIds([...selected])}>
                {t("selection.cancel")}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
                {t("selection.clear")}
              </Button>
            </div>
          ) : null}

          {items.length === 0 ? (
            <p className="rounded-xl border border-dashed px-6 py-8 text-center text-sm text-muted-foreground">
              {t("empty.filtered")}
            </p>
          ) : (
            <div className="overflow-x-auto rounded-xl border bg-background">
              <Table data-testid="dates-table">
                <TableHeader>
                  <TableRow>
                    {canUpdate ? (
                      <TableHead className="w-10">
                        <Checkbox
                          checked={allSelected}
                          aria-label={t("table.select-all")}
                          onCheckedChange={(checked) =>
                            setSelected((current) => {
                              const next = new Set(current);
                              for (const id of pageIds) {
                                if (checked === true) next.add(id);
                                else next.delete(id);
                              }
                              return next;
                            })
                          }
                        />
                      </TableHead>
                    ) : null}
                    <TableHead>{t("table.date")}</TableHead>
                    <TableHead className="hidden sm:table-cell">{t("table.time")}</TableHead>
                    <TableHead className="hidden md:table-cell">{t("table.place")}</TableHead>
                    <TableHead className="hidden sm:table-cell">{t("table.status")}</TableHead>
                    <TableHead>{t("table.sales")}</TableHead>
                    {canUpdate ? <TableHead className="w-12 text-right">{t("table.actions")}</TableHead> : null}
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {items.map((row) => (
                    <TableRow
                      key={row.id}
                      data-testid="date-row"
                      data-state={selected.has(row.id) ? "selected" : undefined}
                    >
                      {canUpdate ? (
                        <TableCell>
                          <Checkbox
                            checked={selected.has(row.id)}
                            aria-label={t("table.select", { date: `${dayOf(row)} ${timeOf(row)}` })}
                            onCheckedChange={(checked) => toggle(row.id, checked === true)}
                          />
                        </TableCell>
                      ) : null}
                      <TableCell className="font-medium whitespace-nowrap">
                        {dayOf(row)}
                        {/* On a phone the time and status go under the day: the sales and actions stay in view. */}
                        <span className="block font-normal text-muted-foreground tabular-nums sm:hidden">
                          {timeOf(row)}
                        </span>
                        <Badge variant={statusVariant[row.status]} className="mt-1 sm:hidden">
                          {t(`status.${row.status}`)}
                        </Badge>
                      </TableCell>
                      <TableCell className="hidden whitespace-nowrap tabular-nums sm:table-cell">
                        {timeOf(row)}
                      </TableCell>
                      <TableCell className="hidden max-w-56 truncate text-muted-foreground md:table-cell">
                        {row.addressName || row.addressLabel || t("table.event-place")}
                      </TableCell>
                      <TableCell className="hidden sm:table-cell">
                        <Badge variant={statusVariant[row.status]} data-testid="date-status">
                          {t(`status.${row.status}`)}
                        </Badge>
                      </TableCell>
                      <TableCell className="whitespace-normal sm:whitespace-nowrap" data-testid="date-sales">
                        <span className="tabular-nums">
                          {formatNumber(row.sold, i18n.language)} /{" "}
                          {row.capacity < 0 ? t("table.unlimited") : formatNumber(row.capacity, i18n.language)}
                        </span>
                        {row.remaining !== null && row.status !== "cancelled" ? (
                          <span className="block text-xs text-muted-foreground">
                            {t("table.remaining", { count: row.remaining })}
                          </span>
                        ) : null}
                        {row.held > 0 ? (
                          <span className="block text-xs text-muted-foreground">
                            {t("table.held", { count: row.held })}
                          </span>
                        ) : null}
                      </TableCell>
                      {canUpdate ? (
                        <TableCell className="text-right">
                          <LazyActionsMenu
                            trigger={
                              <Button
                                variant="ghost"
                                size="icon"
                                aria-label={t("table.row-actions", { date: `${dayOf(row)} ${timeOf(row)}` })}
                              >
                                <MoreHorizontal aria-hidden />
                              </Button>
                            }
                            items={[
                              {
                                label: t("table.edit"),
                                onSelect: () => {
                                  setEditIds([row.id]);
                                  setDialog("edit");
                                },
                              },
                              row.status !== "cancelled"
                                ? { label: t("table.cancel"), onSelect: () => setCancelIds([row.id]) }
                                : row.sold > 0 && {
                                    label: t("follow-up.open"),
                                    onSelect: () => setFollowUpId(row.id),
                                    testId: "date-follow-up",
                                  },
                              row.sold === 0 &&
                                row.held === 0 && {
                                  label: t("table.delete"),
                                  destructive: true,
                                  onSelect: () => setDeleting(row),
                                },
                            ]}
                          />
                        </TableCell>
                      ) : null}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          )}

          {pages > 1 ? (
            <div className="flex items-center justify-end gap-2">
              <span className="text-sm text-muted-foreground">{t("page", { page, pages })}</span>
              <Button
                variant="outline"
                size="sm"
                disabled={page <= 1}
                onClick={() => setFilter({ page: String(page - 1) })}
                aria-label={t("previous")}
              >
                ‹
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={page >= pages}
                onClick={() => setFilter({ page: String(page + 1) })}
                aria-label={t("next")}
                data-testid="dates-next-page"
              >
                ›
              </Button>
            </div>
          ) : null}
        </>
      )}

      <Suspense fallback={null}>
        {addOpened ? (
          <AddDateDialog
            open={dialog === "add"}
            onOpenChange={(open) => setDialog(open ? "add" : null)}
            timeZone={timeZone}
          />
        ) : null}
        {seriesOpened ? (
          <DateSeriesDialog
            open={dialog === "series"}
            onOpenChange={(open) => setDialog(open ? "series" : null)}
            timeZone={timeZone}
          />
        ) : null}
        {editOpened ? (
          <EditDatesDialog
            // Each target gets a fresh form, filled with its date when it is one.
            key={editIds.join(",")}
            open={dialog === "edit"}
            onOpenChange={(open) => setDialog(open ? "edit" : null)}
            ids={editIds}
            single={editIds.length === 1 ? (items.find((row) => row.id === editIds[0]) ?? null) : null}
            timeZone={timeZone}
            onDone={() => setSelected(new Set())}
          />
        ) : null}
        {followUpOpened && followUp ? (
          <CancelledDateDialog
            open={followUpId !== null}
            onOpenChange={(open) => (open ? null : setFollowUpId(null))}
            eventId={eventId}
            date={{ id: followUp.id, label: `${dayOf(followUp)} ${timeOf(followUp)}`, sold: followUp.sold }}
            targets={items
              .filter((row) => row.status !== "cancelled")
              .map((row) => ({ id: row.id, label: `${dayOf(row)} ${timeOf(row)}`, remaining: row.remaining }))}
          />
        ) : null}
      </Suspense>

      <AlertDialog open={cancelIds !== null} onOpenChange={(open) => (open ? null : setCancelIds(null))}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t("cancel-dialog.title", { count: cancelIds?.length ?? 0 })}</AlertDialogTitle>
            <AlertDialogDescription>{t("cancel-dialog.description")}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t("cancel-dialog.back")}</AlertDialogCancel>
            <AlertDialogAction
              variant="destructive"
              data-testid="dates-cancel-confirm"
              onClick={() => {
                if (!cancelIds) return;
                cancelling.current = cancelIds;
                void fetcher.submit(
                  { intent: "cancel", ids: cancelIds },
                  { method: "post", encType: "application/json" },
                );
                setCancelIds(null);
              }}
            >
              {t("cancel-dialog.confirm")}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>

      <AlertDialog open={deleting !== null} onOpenChange={(open) => (open ? null : setDeleting(null))}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t("delete-dialog.title")}</AlertDialogTitle>
            <AlertDialogDescription>
              {t("delete-dialog.description", {
                date: deleting ? `${formatDate(deleting.startAt, i18n.language, timeZone)} ${timeOf(deleting)}` : "",
              })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t("cancel-dialog.back")}</AlertDialogCancel>
            <AlertDialogAction
              variant="destructive"
              data-testid="dates-delete-confirm"
              onClick={() => {
                if (!deleting) return;
                void fetcher.submit(
                  { intent: "delete", id: deleting.id },
                  { method: "post", encType: "application/json" },
                );
                setDeleting(null);
              }}
            >
              {t("delete-dialog.confirm")}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </section>
  );
}
