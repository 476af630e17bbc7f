import { CalendarDays, Gauge, Pencil, Plus, Trash2 } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { toast } from "~/lib/toast";
import { formatDateTime, formatNumber, intlLocale } from "#domain/shared/format";
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
import { Card, CardContent } from "~/components/ui/card";
import {
  draftsOf,
  type QuotaCountsView,
  type QuotaRowView,
  type QuotasActionResult,
  type QuotasPageData,
} from "./quota-types";

// The dialogs load when first opened, not with the page (issue 31 §7).
const QuotaDialog = lazy(() => import("./quota-dialogs").then((module) => ({ default: module.QuotaDialog })));
const CapacityDialog = lazy(() => import("./quota-dialogs").then((module) => ({ default: module.CapacityDialog })));

/** True from the first time `open` is true on: a lazy dialog mounts then, and stays for its closing animation. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened;
}

type Editing = { index: number; quota: QuotaRowView | null } | null;

/** Issue 30 §2: the event capacity, then each quota with its tickets, date and sold / held / remaining places. */
export function QuotasPage({ data }: { data: QuotasPageData }) {
  const { t, i18n } = useTranslation("quotas");
  const locale = intlLocale(i18n.language);
  const fetcher = useFetcher<QuotasActionResult>({ key: `quotas-${data.eventId}` });
  const [editing, setEditing] = useState<Editing>(null);
  const [capacityOpen, setCapacityOpen] = useState(false);
  const [deleting, setDeleting] = useState<QuotaRowView | null>(null);
  const handled = useRef<unknown>(null);
  const quotaDialogMounted = useOpenedOnce(editing !== null);
  const capacityDialogMounted = useOpenedOnce(capacityOpen);

  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    if (answer.ok) {
      toast.success(t(answer.intent === "delete" ? "deleted" : "saved"));
      setEditing(null);
      setCapacityOpen(false);
      setDeleting(null);
    } else if (answer.intent === "delete") {
      toast.error(t((answer.errors.formError ?? "errors:invalid-input") as never));
    }
  }, [fetcher.state, fetcher.data, t]);

  const drafts = draftsOf(data.quotas);
  const submitList = (intent: "save" | "delete", list: ReturnType<typeof draftsOf>) =>
    fetcher.submit({ intent, quotas: JSON.stringify(list) }, { method: "post" });
  const failure = fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  const dateLabel = (startAt: string) => formatDateTime(startAt, locale, data.timezone);

  return (
    <div className="grid gap-6" data-testid="quotas-page">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <h2 className="text-lg font-semibold tracking-tight">{t("title")}</h2>
          <p className="max-w-2xl text-sm text-muted-foreground">{t("description")}</p>
        </div>
        {data.canUpdate ? (
          <Button
            onClick={() => setEditing({ index: data.quotas.length, quota: null })}
            disabled={data.tickets.length === 0}
            data-testid="quota-add"
          >
            <Plus aria-hidden />
            {t("add")}
          </Button>
        ) : null}
      </div>

      <ul className="grid gap-3" data-testid="quota-list">
        <li>
          <QuotaCard
            testId="quota-event-capacity"
            name={t("event-capacity.name")}
            scope={t("event-capacity.scope")}
            counts={data.eventCapacity}
            actions={
              data.canUpdate ? (
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setCapacityOpen(true)}
                  data-testid="quota-capacity-edit"
                >
                  <Pencil aria-hidden />
                  {t("event-capacity.edit")}
                </Button>
              ) : null
            }
          />
        </li>
        {data.quotas.map((quota, index) => (
          <li key={quota.id}>
            <QuotaCard
              testId={`quota-${quota.id}`}
              name={quota.name}
              scope={
                quota.date ? (
                  <span className="inline-flex flex-wrap items-center gap-1.5">
                    <CalendarDays className="size-3.5" aria-hidden />
                    {dateLabel(quota.date.startAt)}
                    {quota.date.cancelled ? <Badge variant="destructive">{t("cancelled-date")}</Badge> : null}
                  </span>
                ) : (
                  t("all-dates")
                )
              }
              tickets={quota.tickets}
              counts={quota}
              actions={
                data.canUpdate ? (
                  <div className="flex gap-1">
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => setEditing({ index, quota })}
                      aria-label={`${t("edit")} ${quota.name}`}
                      data-testid={`quota-edit-${quota.id}`}
                    >
                      <Pencil aria-hidden />
                      <span className="sr-only sm:not-sr-only">{t("edit")}</span>
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="text-destructive hover:text-destructive"
                      onClick={() => setDeleting(quota)}
                      aria-label={`${t("delete")} ${quota.name}`}
                      data-testid={`quota-delete-${quota.id}`}
                    >
                      <Trash2 aria-hidden />
                      <span className="sr-only sm:not-sr-only">{t("delete")}</span>
                    </Button>
                  </div>
                ) : null
              }
            />
          </li>
        ))}
      </ul>

      {data.quotas.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
            <Gauge className="size-10 text-muted-foreground" aria-hidden />
            <p className="font-medium">{t("empty.title")}</p>
            <p className="max-w-md text-sm text-muted-foreground">{t("empty.description")}</p>
          </CardContent>
        </Card>
      ) : null}

      {quotaDialogMounted ? (
        <Suspense fallback={null}>
          <QuotaDialog
            open={editing !== null}
            onOpenChange={(open) => {
              if (!open) setEditing(null);
            }}
            index={editing?.index ?? 0}
            quota={editing?.quota ?? null}
            tickets={data.tickets}
            dates={data.dates}
            timezone={data.timezone}
            busy={fetcher.state !== "idle"}
            failure={failure && failure.intent === "save" ? failure : null}
            onSave={(draft) => {
              if (!editing) return;
              const list = [...drafts];
              list[editing.index] = draft;
              void submitList("save", list);
            }}
          />
        </Suspense>
      ) : null}

      {capacityDialogMounted ? (
        <Suspense fallback={null}>
          <CapacityDialog
            open={capacityOpen}
            onOpenChange={setCapacityOpen}
            size={data.eventCapacity.size}
            busy={fetcher.state !== "idle"}
            failure={failure && failure.intent === "capacity" ? failure : null}
            onSave={(capacity) =>
              void fetcher.submit(
                { intent: "capacity", quotas: JSON.stringify(drafts), ...capacity },
                { method: "post" },
              )
            }
          />
        </Suspense>
      ) : null}

      <AlertDialog open={deleting !== null} onOpenChange={(open) => (open ? null : setDeleting(null))}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t("delete-title", { name: deleting?.name ?? "" })}</AlertDialogTitle>
            <AlertDialogDescription>{t("delete-description")}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t("cancel")}</AlertDialogCancel>
            <AlertDialogAction
              className="bg-destructive text-white hover:bg-destructive/90"
              data-testid="quota-delete-confirm"
              onClick={() => {
                if (deleting)
                  void submitList(
                    "delete",
                    drafts.filter((draft) => draft.id !== deleting.id),
                  );
              }}
            >
              {t("delete-confirm")}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}

function QuotaCard(props: {
  testId: string;
  name: string;
  scope: React.ReactNode;
  tickets?: { id: number; title: string }[];
  counts: QuotaCountsView;
  actions: React.ReactNode;
}) {
  const { t, i18n } = useTranslation("quotas");
  const locale = intlLocale(i18n.language);
  const { counts } = props;
  const summary =
    counts.size < 0 || counts.remaining === null
      ? t("counts.summary-unlimited", {
          sold: formatNumber(counts.sold, locale),
          held: formatNumber(counts.held, locale),
        })
      : t("counts.summary", {
          sold: formatNumber(counts.sold, locale),
          held: formatNumber(counts.held, locale),
          remaining: formatNumber(counts.remaining, locale),
          size: formatNumber(counts.size, locale),
        });
  return (
    <Card className="gap-3 py-4" data-testid={props.testId}>
      <CardContent className="grid gap-3 px-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0 space-y-1">
            <p className="font-medium break-words">{props.name}</p>
            <div className="text-sm text-muted-foreground">{props.scope}</div>
          </div>
          {props.actions}
        </div>
        {props.tickets ? (
          <div className="flex flex-wrap gap-1">
            {props.tickets.map((ticket) => (
              <Badge key={ticket.id} variant="secondary" className="max-w-56 truncate">
                {ticket.title}
              </Badge>
            ))}
          </div>
        ) : null}
        <div className="grid gap-1.5">
          <QuotaBar counts={counts} label={summary} />
          <p className="text-sm tabular-nums" data-testid={`${props.testId}-counts`}>
            {summary}
          </p>
        </div>
      </CardContent>
    </Card>
  );
}

/** Sold then held places as parts of the size: full when nothing is left. */
function QuotaBar({ counts, label }: { counts: QuotaCountsView; label: string }) {
  if (counts.size < 0) return null;
  const share = (part: number) => (counts.size === 0 ? 0 : Math.min(100, (part / counts.size) * 100));
  const sold = counts.size === 0 ? 100 : share(counts.sold);
  const held = Math.min(100 - sold, share(counts.held));
  return (
    <div className="flex h-2 w-full overflow-hidden rounded-full bg-muted" role="img" aria-label={label}>
      <div className="h-full bg-primary" style={{ width: `${sold}%` }} />
      <div className="h-full bg-amber-400" style={{ width: `${held}%` }} />
    </div>
  );
}
