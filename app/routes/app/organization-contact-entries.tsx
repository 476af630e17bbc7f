import { PLATFORM_TIME_ZONE } from "#domain/events/event-time-zone";
import { Mail, MailOpen } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { data, useFetcher } from "react-router";
import { toast } from "~/lib/toast";
import * as v from "valibot";
import { queryContactEntries, type ContactEntry } from "#domain/contact-entries/list-contact-entries";
import { setContactEntryRead } from "#domain/contact-entries/set-contact-entry-read";
import { DataTable } from "~/components/data-table/data-table";
import type { DataTableColumn } from "~/components/data-table/features";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "~/components/ui/sheet-lazy";
import { tableQuery, type DataTableConfig } from "~/lib/data-table-url";
import { formatTableDateTime } from "~/components/data-table/table-date";
import { formatDateTime } from "#domain/shared/format";
import { getInstance } from "~/middleware/i18next";
import { serverContext } from "~/server/context";
import { parseForm } from "~/server/forms.server";
import { requireOrganizationPermission } from "~/server/guards.server";
import { actionError } from "~/server/route-errors.server";
import type { Route } from "./+types/organization-contact-entries";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "Guichet" }];
}

/** Newest first by id (spec §2): the inbox has no other order. */
const contactEntriesTableConfig = {
  sortable: [],
  filters: { search: "text", status: ["read", "unread"] },
} as const satisfies DataTableConfig;

/** Spec §2 /organization/contact-entries: the contact-form inbox on the shared data table. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor, currentOrganization } = requireOrganizationPermission(context, "contact-entries:view");
  const { offset, limit, text, facet } = tableQuery(new URL(request.url), contactEntriesTableConfig);
  const status = facet("status");
  const page = await queryContactEntries(context.get(serverContext).db, actor, actor.organizationId, {
    offset,
    limit,
    search: text("search"),
    read: status.length === 1 ? status[0]! : null,
  });
  return {
    title: getInstance(context).t("contact:inbox.meta-title"),
    organization: currentOrganization.title,
    ...page,
  };
}

const actionSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^\d+$/), v.toNumber()),
  isRead: v.picklist(["true", "false"]),
});

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = requireOrganizationPermission(context, "contact-entries:view");
  const parsed = await parseForm(request, actionSchema);
  if (!parsed.ok) return { ok: false as const, errors: parsed.errors };
  try {
    const entry = await setContactEntryRead(
      context.get(serverContext).db,
      actor,
      actor.organizationId,
      parsed.data.id,
      parsed.data.isRead === "true",
    );
    return { ok: true as const, isRead: entry.isRead };
  } catch (error) {
    return actionError(error);
  }
}

/**
 * A toggle whose request fails (network error, a server error) answers like a refused one instead of throwing to the
 * route's error boundary: the row rolls back and a toast says so (spec §4, §8). The error status tells the router
 * that nothing changed (loaders on the default rule do not revalidate).
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch (error) {
    // A redirect (signed out meanwhile) still goes where the server sends it.
    if (error instanceof Response) throw error;
    return data({ ok: false as const }, { status: 503 });
  }
}

type Row = Omit<ContactEntry, "createdAt"> & { createdAt: Date | string };
type ActionData = { ok: true; isRead: boolean } | { ok: false };

/** Answers already toasted: several controls show one entry's state and share its fetcher, the toast is shown once. */
const toastedAnswers = new WeakSet<object>();

/** The read state shown for a row: the submitted one while the change runs (instant), the server's otherwise. */
function useReadToggle(entry: Row) {
  const { t } = useTranslation("contact");
  const fetcher = useFetcher<typeof clientAction>({ key: `contact-read-${entry.id}` });
  const pending = fetcher.formData?.get("isRead");
  const isRead = typeof pending === "string" ? pending === "true" : entry.isRead;
  const answer = fetcher.data as ActionData | undefined;
  useEffect(() => {
    // A refused or failed change: the loader's value is shown again (rolled back) and the user is told.
    if (fetcher.state !== "idle" || !answer || answer.ok || toastedAnswers.has(answer)) return;
    toastedAnswers.add(answer);
    toast.error(t("inbox.toggle-failed"), { id: `contact-read-failed-${entry.id}` });
  }, [fetcher.state, answer, t, entry.id]);
  const set = (next: boolean) => fetcher.submit({ id: String(entry.id), isRead: String(next) }, { method: "post" });
  return { isRead, set };
}

/** `compact`: the icon alone (the table's row, where the badge beside it already says the state), named for readers. */
function ReadToggle({ entry, compact = false }: { entry: Row; compact?: boolean }) {
  const { t } = useTranslation("contact");
  const { isRead, set } = useReadToggle(entry);
  const label = isRead ? t("inbox.mark-unread") : t("inbox.mark-read");
  return (
    <Button
      type="button"
      variant="ghost"
      size={compact ? "icon" : "sm"}
      onClick={(event) => {
        event.stopPropagation();
        void set(!isRead);
      }}
      data-testid="read-toggle"
      aria-pressed={isRead}
      aria-label={compact ? label : undefined}
      title={compact ? label : undefined}
    >
      {isRead ? <MailOpen aria-hidden /> : <Mail aria-hidden />}
      {compact ? null : label}
    </Button>
  );
}

function StatusBadge({ entry }: { entry: Row }) {
  const { t } = useTranslation("contact");
  const { isRead } = useReadToggle(entry);
  return (
    <Badge variant={isRead ? "outline" : "default"} data-testid="read-status">
      {isRead ? t("inbox.status-read") : t("inbox.status-unread")}
    </Badge>
  );
}

function EntrySheet({ entry, onClose }: { entry: Row | null; onClose: () => void }) {
  const { t, i18n } = useTranslation("contact");
  return (
    <Sheet open={entry !== null} onOpenChange={(open) => (!open ? onClose() : undefined)}>
      <SheetContent className="w-full sm:max-w-lg" data-testid="contact-entry-sheet">
        {entry ? (
          <>
            <SheetHeader>
              <SheetTitle>{entry.subject || t("inbox.no-subject")}</SheetTitle>
              <SheetDescription>
                {entry.fullName} · {entry.email}
                <br />
                {t("inbox.received", { date: formatDateTime(entry.createdAt, i18n.language, PLATFORM_TIME_ZONE) })}
              </SheetDescription>
            </SheetHeader>
            <div className="space-y-4 px-4">
              <p className="text-sm whitespace-pre-wrap">{entry.message}</p>
              <div className="flex flex-wrap gap-2">
                <Button asChild>
                  <a href={`mailto:${entry.email}?subject=${encodeURIComponent(`Re: ${entry.subject}`)}`}>
                    {t("inbox.reply")}
                  </a>
                </Button>
                <ReadToggle entry={entry} />
              </div>
            </div>
          </>
        ) : null}
      </SheetContent>
    </Sheet>
  );
}

function OpenEntryButton({ entry, onOpen }: { entry: Row; onOpen: (entry: Row) => void }) {
  const { t } = useTranslation("contact");
  const { isRead, set } = useReadToggle(entry);
  return (
    <button
      type="button"
      className={isRead ? "text-left hover:underline" : "text-left font-semibold hover:underline"}
      aria-label={t("inbox.open", { name: entry.fullName })}
      onClick={() => {
        // Spec §2: opening an unread entry marks it read.
        if (!isRead) void set(true);
        onOpen(entry);
      }}
    >
      {entry.fullName || entry.email}
    </button>
  );
}

export default function ContactEntries({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("contact");
  const [openId, setOpenId] = useState<number | null>(null);
  const rows = loaderData.rows as Row[];
  const open = rows.find((row) => row.id === openId) ?? null;
  // Stable between renders: a new column list would remount every cell (and the buttons in them) on each render.
  const columns = useMemo<DataTableColumn<Row>[]>(
    () => [
      {
        id: "name",
        header: t("inbox.columns.name"),
        size: 170,

        enableHiding: false,
        cell: ({ row }) => <OpenEntryButton entry={row.original} onOpen={(entry) => setOpenId(entry.id)} />,
      },
      { id: "email", header: t("inbox.columns.email"), size: 210, cell: ({ row }) => row.original.email },
      {
        id: "subject",
        header: t("inbox.columns.subject"),
        size: 250,

        cell: ({ row }) => <span className="line-clamp-1">{row.original.subject || t("inbox.no-subject")}</span>,
      },
      {
        id: "date",
        header: t("inbox.columns.date"),
        size: 150,

        cell: ({ row }) => formatTableDateTime(row.original.createdAt, i18n.language, PLATFORM_TIME_ZONE),
      },
      {
        id: "status",
        header: t("inbox.columns.status"),
        size: 150,

        enableHiding: false,
        cell: ({ row }) => (
          <div className="flex items-center gap-2">
            <StatusBadge entry={row.original} />
            <ReadToggle entry={row.original} compact />
          </div>
        ),
      },
    ],
    [t, i18n.language],
  );
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">{t("inbox.title")}</h1>
        <p className="text-sm text-muted-foreground">
          {t("inbox.subtitle", { organization: loaderData.organization })}
        </p>
      </div>
      <DataTable
        columns={columns}
        rows={rows}
        total={loaderData.total}
        config={contactEntriesTableConfig}
        getRowId={(row) => String(row.id)}
        label={t("inbox.title")}
        searchPlaceholder={t("inbox.search")}
        facets={[
          {
            id: "status",
            title: t("inbox.filter"),
            options: [
              { value: "unread", label: t("inbox.unread") },
              { value: "read", label: t("inbox.read") },
            ],
          },
        ]}
        emptyState={<p className="py-10 text-center text-sm text-muted-foreground">{t("inbox.empty")}</p>}
      />
      <EntrySheet entry={open} onClose={() => setOpenId(null)} />
    </div>
  );
}
