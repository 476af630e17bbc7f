import {
  CalendarClock,
  ChevronDown,
  Copy,
  ExternalLink,
  Eye,
  Globe,
  Lock,
  MoreHorizontal,
  Pencil,
  Rocket,
} from "lucide-react";
import { lazy, Suspense, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { bannerSrcSet, bannerUrlForWidth } from "#domain/images/banner";
import { Link } from "react-router";
import { toast } from "~/lib/toast";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { LazyDropdownMenu } from "~/components/lazy-dropdown-menu";
import { LazyTooltip } from "~/components/lazy-tooltip";
import { Spinner } from "~/components/ui/spinner";
import { formatDateRange } from "#domain/shared/format";
import { cn } from "~/lib/utils";
import type { EventAreaEvent, EventAreaPermissions, EventIntent, EventSwitcherItem } from "./event-area-types";

export type ConfirmedIntent = "draft" | "archive";

const loadSwitcher = () => import("./event-header-menus").then((module) => module.EventSwitcherMenu);
const loadMoreMenu = () => import("./event-header-menus").then((module) => module.EventMoreMenu);
const StatusConfirmDialog = lazy(() =>
  import("./status-confirm-dialog").then((module) => ({ default: module.StatusConfirmDialog })),
);

function eventCoverStyle(primaryColor: string): React.CSSProperties {
  return {
    backgroundImage: `linear-gradient(135deg, ${primaryColor} 0%, color-mix(in oklab, ${primaryColor} 45%, white) 100%)`,
  };
}

/** Spec §5: a link is shared only once the event is published. */
export function useCopyEventLink(event: Pick<EventAreaEvent, "status" | "publicPath">) {
  const { t } = useTranslation("event-area");
  return async () => {
    if (event.status !== "published") {
      toast.error(t("header.publish-first"));
      return;
    }
    try {
      await navigator.clipboard.writeText(new URL(event.publicPath, window.location.origin).href);
      toast.success(t("header.link-copied"));
    } catch {
      toast.error(t("header.copy-failed"));
    }
  };
}

/**
 * 'Copier le lien'. On an unpublished event it stays visible but disabled (aria-disabled, so it can still be focused
 * and hovered), with its reason as a tooltip: 'Vous devez publier l'événement avant de pouvoir le partager.'
 */
export function CopyLinkButton({
  event,
  className,
  size,
  testId,
}: {
  event: Pick<EventAreaEvent, "status" | "publicPath">;
  className?: string;
  size?: "sm" | "default";
  testId: string;
}) {
  const { t } = useTranslation("event-area");
  const copyLink = useCopyEventLink(event);
  const reasonId = useId();
  if (event.status === "published") {
    return (
      <Button variant="outline" size={size} className={className} onClick={() => void copyLink()} data-testid={testId}>
        <Copy aria-hidden />
        {t("header.copy-link")}
      </Button>
    );
  }
  return (
    <>
      <LazyTooltip
        contentTestId={`${testId}-reason`}
        content={t("header.publish-first")}
        trigger={
          <Button
            variant="outline"
            size={size}
            className={cn(className, "cursor-not-allowed opacity-50 hover:bg-background")}
            aria-disabled="true"
            aria-describedby={reasonId}
            onClick={(click) => click.preventDefault()}
            data-testid={testId}
          >
            <Copy aria-hidden />
            {t("header.copy-link")}
          </Button>
        }
      />
      <span id={reasonId} className="sr-only">
        {t("header.publish-first")}
      </span>
    </>
  );
}

/** The page a preview button opens: the public page once published, the preview of an unpublished event. */
export function previewHref(event: Pick<EventAreaEvent, "status" | "publicPath" | "previewPath">): string | null {
  return event.status === "published" ? event.publicPath : event.previewPath;
}

export function EventHeaderCard({
  event,
  events,
  permissions,
  busyIntent,
  onIntent,
  onPublish,
  onDelete,
}: {
  event: EventAreaEvent;
  events: EventSwitcherItem[];
  permissions: EventAreaPermissions;
  busyIntent: EventIntent | null;
  onIntent: (intent: Exclude<EventIntent, "publish" | "visibility" | "delete">) => void;
  onPublish: () => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation("event-area");
  const { t: tEvents } = useTranslation("events");
  const title = event.title || tEvents("untitled");
  const published = event.status === "published";
  const preview = previewHref(event);
  const busy = busyIntent !== null;
  const [confirming, setConfirming] = useState<ConfirmedIntent | null>(null);
  const [dialogLoaded, setDialogLoaded] = useState(false);
  if (confirming && !dialogLoaded) setDialogLoaded(true);

  return (
    <section
      aria-labelledby="event-header-title"
      className="overflow-hidden rounded-xl border bg-background shadow-xs"
      data-testid="event-header-card"
    >
      <div className="grid grid-cols-[5.5rem_minmax(0,1fr)] gap-x-4 gap-y-3 p-4 sm:grid-cols-[11rem_minmax(0,1fr)] md:p-5 lg:grid-cols-[13rem_minmax(0,1fr)]">
        <div
          className="relative aspect-video w-full self-start overflow-hidden rounded-lg bg-muted sm:row-span-2"
          style={event.mainPicture ? undefined : eventCoverStyle(event.primaryColor)}
          data-testid="event-cover"
        >
          {event.mainPicture ? (
            <img
              src={bannerUrlForWidth(event.mainPicture, 640)}
              srcSet={bannerSrcSet(event.mainPicture)}
              sizes="(min-width: 1024px) 208px, (min-width: 640px) 176px, 100vw"
              alt={t("header.cover-alt")}
              className="absolute inset-0 size-full object-cover"
            />
          ) : null}
          {event.countdown ? (
            <Badge
              className="absolute top-1.5 left-1.5 bg-background/90 px-1.5 font-semibold text-foreground tabular-nums shadow-sm sm:top-2 sm:left-2 sm:px-2"
              title={t(`header.countdown-${event.countdown.phase}-long`, { count: event.countdown.days })}
            >
              <span aria-hidden data-testid="event-countdown">
                {t(`header.countdown-${event.countdown.phase}`, { count: event.countdown.days })}
              </span>
              <span className="sr-only">
                {t(`header.countdown-${event.countdown.phase}-long`, { count: event.countdown.days })}
              </span>
            </Badge>
          ) : null}
        </div>

        <div className="flex min-w-0 flex-col gap-2 sm:gap-3">
          <div className="flex min-w-0 items-start gap-2">
            <LazyDropdownMenu
              load={loadSwitcher}
              menuProps={{ event, events }}
              trigger={
                <button
                  type="button"
                  className="group -mx-1.5 flex min-w-0 items-center gap-1.5 rounded-md px-1.5 py-0.5 text-left outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
                  aria-label={`${title} — ${t("header.switcher")}`}
                  data-testid="event-switcher"
                >
                  <h1
                    id="event-header-title"
                    className="line-clamp-2 text-lg font-semibold tracking-tight break-words sm:text-xl md:text-2xl"
                  >
                    {title}
                  </h1>
                  <ChevronDown className="size-5 shrink-0 text-muted-foreground" aria-hidden />
                </button>
              }
            />
          </div>

          <p className="flex items-start gap-2 text-sm text-muted-foreground">
            <CalendarClock className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span className="sr-only">{t("header.dates")}</span>
            <span data-testid="event-dates">
              {event.startAt
                ? formatDateRange(event.startAt, event.endAt, i18n.language, event.timezone)
                : t("header.no-date")}
            </span>
          </p>

          <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="event-status-line">
            {published ? (
              <>
                <span className="text-muted-foreground">{t("header.status")}</span>
                <Badge variant="default" data-testid="event-status">
                  {tEvents(event.isPast ? "status.past" : "status.published")}
                </Badge>
                <span className="text-muted-foreground sm:ml-2">{t("header.visibility")}</span>
                <Badge variant={event.visibility === "public" ? "success" : "secondary"}>
                  {event.visibility === "public" ? <Globe aria-hidden /> : <Lock aria-hidden />}
                  {tEvents(`visibility.${event.visibility}`)}
                </Badge>
                {permissions.update ? (
                  <Button
                    variant="link"
                    size="sm"
                    className="h-auto p-0"
                    onClick={onPublish}
                    data-testid="edit-visibility"
                  >
                    {t("header.edit-visibility")}
                  </Button>
                ) : null}
              </>
            ) : (
              <>
                <span className="text-muted-foreground">{t("header.status")}</span>
                <Badge variant={event.status === "archived" ? "secondary" : "outline"} data-testid="event-status">
                  {tEvents(`status.${event.status}`)}
                </Badge>
              </>
            )}
          </p>
        </div>

        <div className="col-span-2 flex flex-wrap items-center gap-2 sm:col-span-1 sm:col-start-2">
          {preview ? (
            <Button variant="outline" size="sm" asChild>
              <a href={preview} target="_blank" rel="noopener noreferrer" data-testid="preview-button">
                {published ? <ExternalLink aria-hidden /> : <Eye aria-hidden />}
                {t(published ? "header.view-page" : "header.preview")}
              </a>
            </Button>
          ) : (
            <Button
              variant="outline"
              size="sm"
              disabled
              title={t("header.preview-unavailable")}
              data-testid="preview-button"
            >
              <Eye aria-hidden />
              {t("header.preview")}
            </Button>
          )}
          <CopyLinkButton event={event} size="sm" testId="copy-link-button" />
          {permissions.update ? (
            <Button variant="outline" size="sm" asChild>
              <Link to={`/event/update/${event.id}`}>
                <Pencil aria-hidden />
                {t("header.edit")}
              </Link>
            </Button>
          ) : null}
          {event.status === "draft" && permissions.publish ? (
            <Button size="sm" onClick={onPublish} disabled={busy} data-testid="publish-button">
              {busyIntent === "publish" ? <Spinner label={null} /> : <Rocket aria-hidden />}
              {t("header.publish")}
            </Button>
          ) : null}
          {permissions.duplicate || permissions.publish || permissions.update || permissions.delete ? (
            <LazyDropdownMenu
              load={loadMoreMenu}
              menuProps={{
                published,
                status: event.status,
                permissions,
                onIntent,
                onConfirm: setConfirming,
                onDelete,
              }}
              trigger={
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={t("header.more")}
                  disabled={busy}
                  data-testid="event-more-menu"
                >
                  {busy && busyIntent !== "publish" && busyIntent !== "visibility" ? (
                    <Spinner label={null} />
                  ) : (
                    <MoreHorizontal aria-hidden />
                  )}
                </Button>
              }
            />
          ) : null}
        </div>
      </div>
      {/* Loaded the first time it opens; it stays mounted after, so that it closes with its animation. */}
      {dialogLoaded ? (
        <Suspense fallback={null}>
          <StatusConfirmDialog
            intent={confirming}
            published={published}
            onCancel={() => setConfirming(null)}
            onConfirm={(intent) => {
              setConfirming(null);
              onIntent(intent);
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
