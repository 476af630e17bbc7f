import { PLATFORM_TIME_ZONE } from "#domain/events/event-time-zone";
import type { TFunction } from "i18next";
import { ArrowLeft, RotateCcw } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher } from "react-router";
import { toast } from "~/lib/toast";
import * as v from "valibot";
import { notFound } from "#domain/shared/app-error";
import { parseId } from "#domain/shared/ids";
import {
  listWebhookDeliveries,
  webhookDeliveryStatuses,
  type WebhookDeliveryRecord,
  type WebhookDeliveryStatus,
} from "#domain/webhooks/list-webhook-deliveries";
import { replayWebhookDelivery } from "#domain/webhooks/replay-webhook-delivery";
import { DataTable } from "~/components/data-table/data-table";
import type { DataTableColumn } from "~/components/data-table/features";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "~/components/ui/sheet-lazy";
import { Spinner } from "~/components/ui/spinner";
import { formatDateTime } from "#domain/shared/format";
import { tableQuery, type DataTableConfig } from "~/lib/data-table-url";
import { getInstance } from "~/middleware/i18next";
import { serverContext } from "~/server/context";
import { parseForm } from "~/server/forms.server";
import { requireOrganizationPermission } from "~/server/guards.server";
import { actionError, loaderError } from "~/server/route-errors.server";
import type { Route } from "./+types/settings-tracking-deliveries";

const deliveriesTableConfig = {
  sortable: [],
  filters: { status: webhookDeliveryStatuses },
} as const satisfies DataTableConfig;

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData && "title" in loaderData ? loaderData.title : "Guichet" }];
}

/** An endpoint's delivery log (issue 12 §6), newest first, paged and filtered in SQL. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { actor } = requireOrganizationPermission(context, "integrations:manage");
  const { db } = context.get(serverContext);
  const { state, offset, limit, facet } = tableQuery(new URL(request.url), deliveriesTableConfig);
  try {
    const endpointId = parseId(params.endpoint_id);
    if (endpointId === null) throw notFound();
    const page = await listWebhookDeliveries(db, actor, {
      endpointId,
      page: Math.floor(offset / limit),
      pageSize: limit,
      statuses: facet("status"),
    });
    return { title: getInstance(context).t("webhooks:deliveries.meta-title"), state, ...page };
  } catch (error) {
    return loaderError(error, { forbiddenTo: "/settings/tracking" });
  }
}

const actionSchema = v.object({ deliveryId: v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1)) });

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = requireOrganizationPermission(context, "integrations:manage");
  const parsed = await parseForm(request, actionSchema);
  if (!parsed.ok) return { ok: false as const, errors: parsed.errors };
  try {
    await replayWebhookDelivery(context.get(serverContext).db, actor, parsed.data.deliveryId);
    return { ok: true as const };
  } catch (error) {
    return actionError(error);
  }
}

const statusVariant: Record<WebhookDeliveryStatus, "default" | "secondary" | "destructive"> = {
  succeeded: "default",
  pending: "secondary",
  failed: "destructive",
};

function ReplayButton({ delivery }: { delivery: WebhookDeliveryRecord }) {
  const { t } = useTranslation("webhooks");
  const fetcher = useFetcher<typeof action>();
  const answer = fetcher.data as { ok: boolean; errors?: { formError?: string } } | undefined;
  useEffect(() => {
    if (!answer) return;
    if (answer.ok) toast.success(t("messages.replayed"));
    else if (answer.errors?.formError) toast.error(t(answer.errors.formError as never));
  }, [answer, t]);
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={delivery.status === "pending" || fetcher.state !== "idle"}
      onClick={() => fetcher.submit({ deliveryId: String(delivery.id) }, { method: "post" })}
    >
      {fetcher.state !== "idle" ? <Spinner label={null} /> : <RotateCcw aria-hidden />}
      {t("deliveries.replay")}
    </Button>
  );
}

function deliveryColumns(
  t: TFunction<"webhooks">,
  language: string,
  open: (delivery: WebhookDeliveryRecord) => void,
): DataTableColumn<WebhookDeliveryRecord>[] {
  // Dates wrap onto two lines rather than widen their columns: the whole log, replay included, fits at 1280 px.
  const date = (value: Date | null) => (
    <span className="block whitespace-normal">{value ? formatDateTime(value, language, PLATFORM_TIME_ZONE) : "—"}</span>
  );
  return [
    {
      id: "event_type",
      header: t("deliveries.columns.event_type"),
      size: 190,
      enableHiding: false,
      cell: ({ row }) => (
        <button
          type="button"
          className="text-left font-medium hover:underline"
          onClick={() => open(row.original)}
          data-testid="delivery-open"
        >
          {t(`types.${row.original.eventType}` as never, { defaultValue: row.original.eventType })}
          <code className="block text-xs font-normal text-muted-foreground">{row.original.eventType}</code>
        </button>
      ),
    },
    {
      id: "status",
      header: t("deliveries.columns.status"),
      size: 110,
      cell: ({ row }) => (
        <Badge variant={statusVariant[row.original.status]} data-testid="delivery-status">
          {t(`deliveries.status.${row.original.status}`)}
        </Badge>
      ),
    },
    { id: "attempts", header: t("deliveries.columns.attempts"), size: 90, cell: ({ row }) => row.original.attempts },
    {
      id: "last_response",
      header: t("deliveries.columns.last_response"),
      size: 100,
      cell: ({ row }) =>
        row.original.lastResponseStatus !== null ? (
          <code>{row.original.lastResponseStatus}</code>
        ) : (
          <span className="block truncate text-muted-foreground" title={row.original.lastError ?? undefined}>
            {row.original.lastError ?? "—"}
          </span>
        ),
    },
    {
      id: "created_at",
      header: t("deliveries.columns.created_at"),
      size: 130,
      cell: ({ row }) => date(row.original.createdAt),
    },
    {
      id: "next_attempt",
      header: t("deliveries.columns.next_attempt"),
      size: 130,
      cell: ({ row }) => date(row.original.nextAttemptAt),
    },
    {
      id: "actions",
      header: t("deliveries.columns.actions"),
      size: 140,
      enableHiding: false,
      cell: ({ row }) => <ReplayButton delivery={row.original} />,
    },
  ];
}

function DeliverySheet({ delivery, onClose }: { delivery: WebhookDeliveryRecord | null; onClose: () => void }) {
  const { t, i18n } = useTranslation("webhooks");
  const payload = useMemo(() => {
    if (!delivery) return "";
    try {
      return JSON.stringify(JSON.parse(delivery.payload), null, 2);
    } catch {
      return delivery.payload;
    }
  }, [delivery]);
  return (
    <Sheet open={delivery !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <SheetContent className="w-full overflow-y-auto sm:max-w-xl">
        {delivery ? (
          <>
            <SheetHeader>
              <SheetTitle>{t(`types.${delivery.eventType}` as never, { defaultValue: delivery.eventType })}</SheetTitle>
              <SheetDescription>
                {t("deliveries.message-id")} : <code>{delivery.messageId}</code>
              </SheetDescription>
            </SheetHeader>
            <div className="grid gap-6 px-4 pb-6">
              <section className="grid gap-2">
                <h3 className="text-sm font-semibold">{t("deliveries.attempts")}</h3>
                {delivery.attemptLog.length === 0 ? (
                  <p className="text-sm text-muted-foreground">{t("deliveries.no-attempt")}</p>
                ) : (
                  <ol className="grid gap-2">
                    {delivery.attemptLog.map((attempt) => (
                      <li
                        key={attempt.attempt}
                        className="rounded-md border p-3 text-sm"
                        data-testid="delivery-attempt"
                      >
                        <p className="font-medium">
                          {t("deliveries.attempt", { n: attempt.attempt })} ·{" "}
                          {formatDateTime(attempt.attemptedAt, i18n.language, PLATFORM_TIME_ZONE)}
                        </p>
                        <p>
                          {attempt.responseStatus !== null
                            ? t("deliveries.response", { status: attempt.responseStatus, ms: attempt.durationMs })
                            : t("deliveries.error", { error: attempt.error ?? "—" })}
                        </p>
                        {attempt.responseExcerpt ? (
                          <pre className="mt-2 max-h-32 overflow-auto rounded bg-muted p-2 text-xs whitespace-pre-wrap">
                            {attempt.responseExcerpt}
                          </pre>
                        ) : null}
                      </li>
                    ))}
                  </ol>
                )}
              </section>
              <section className="grid gap-2">
                <h3 className="text-sm font-semibold">{t("deliveries.payload")}</h3>
                <pre className="max-h-96 overflow-auto rounded-md bg-muted p-3 text-xs">{payload}</pre>
              </section>
            </div>
          </>
        ) : null}
      </SheetContent>
    </Sheet>
  );
}

export default function SettingsTrackingDeliveries({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("webhooks");
  const [opened, setOpened] = useState<WebhookDeliveryRecord | null>(null);
  const columns = useMemo(() => deliveryColumns(t, i18n.language, setOpened), [t, i18n.language]);
  if (!("endpoint" in loaderData)) return null;
  const { endpoint, rows, total } = loaderData;
  return (
    <div className="flex flex-col gap-4">
      <Button asChild variant="ghost" size="sm" className="self-start">
        <Link to="/settings/tracking">
          <ArrowLeft aria-hidden />
          {t("deliveries.back")}
        </Link>
      </Button>
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">{t("deliveries.title")}</h1>
        <p className="break-all text-muted-foreground">{t("deliveries.subtitle", { url: endpoint.url })}</p>
      </header>
      <DataTable
        columns={columns}
        rows={rows}
        total={total}
        config={deliveriesTableConfig}
        getRowId={(row) => String(row.id)}
        label={t("deliveries.title")}
        facets={[
          {
            id: "status",
            title: t("deliveries.filter-status"),
            options: webhookDeliveryStatuses.map((status) => ({
              value: status,
              label: t(`deliveries.status.${status}`),
            })),
          },
        ]}
        emptyState={<p className="py-10 text-center text-muted-foreground">{t("deliveries.empty")}</p>}
      />
      <DeliverySheet delivery={opened} onClose={() => setOpened(null)} />
    </div>
  );
}
