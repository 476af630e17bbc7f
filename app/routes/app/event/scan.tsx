import { ArrowLeft, Camera, CameraOff, CheckCircle2, Cloud, CloudOff, Search, XCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { loadCheckInEvent } from "#domain/check-ins/check-in-event";
import { notFound } from "#domain/shared/app-error";
import { parseId } from "#domain/shared/ids";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { cn } from "~/lib/utils";
import { getInstance } from "~/middleware/i18next";
import { serverContext } from "~/server/context";
import { getSignedIn } from "~/server/guards.server";
import { loaderError } from "~/server/route-errors.server";
import type { Route } from "./+types/scan";
import { ScanCamera } from "./scan-camera";
import { beep, useScanner, type ScanDirection, type ScanFeedback, type ScannerParticipant } from "./scan-offline";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.metaTitle ?? "Guichet" }];
}

/**
 * The web scanner (issue 11 §7). It sits outside the event area's layout: a validator may scan an event's tickets
 * without being allowed to open the rest of its pages.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { actor } = getSignedIn(context);
  const { db } = context.get(serverContext);
  const { t } = getInstance(context);
  try {
    const eventId = parseId(params.event_id);
    if (eventId === null) throw notFound("events:errors.not-found");
    const event = await loadCheckInEvent(db, actor, eventId);
    const title = event.title || t("events:untitled");
    return {
      event: { id: event.id, title },
      canViewEvent: event.canView,
      metaTitle: t("check-ins:meta-title", { title, interpolation: { escapeValue: false } }),
    };
  } catch (error) {
    return loaderError(error);
  }
}

export default function ScanPage({ loaderData }: Route.ComponentProps) {
  const { event, canViewEvent } = loaderData;
  const { t } = useTranslation("check-ins");
  const scanner = useScanner(event.id);
  const [direction, setDirection] = useState<ScanDirection>("in");
  const [camera, setCamera] = useState<"off" | "on" | "unavailable">("off");
  const busy = useRef(false);

  const submit = async (what: { token: string } | { participantId: number }) => {
    if (busy.current) return;
    busy.current = true;
    try {
      const feedback = await scanner.submit(what, direction);
      beep(feedback.result === "ok");
    } finally {
      busy.current = false;
    }
  };

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-4 px-3 py-4 sm:px-6">
      <header className="flex items-center gap-2">
        {canViewEvent && (
          <Button asChild variant="ghost" size="icon" aria-label={t("back")}>
            <Link to={`/event/${event.id}`}>
              <ArrowLeft />
            </Link>
          </Button>
        )}
        <div className="min-w-0">
          <h1 className="text-xl font-semibold">{t("title")}</h1>
          <p className="truncate text-sm text-muted-foreground">{event.title}</p>
        </div>
      </header>

      <SyncStatus online={scanner.online} pending={scanner.pending} listSize={scanner.listSize} />

      <div role="radiogroup" aria-label={t("direction.label")} className="grid grid-cols-2 gap-2">
        {(["in", "out"] as const).map((value) => (
          <Button
            key={value}
            type="button"
            role="radio"
            aria-checked={direction === value}
            variant={direction === value ? "default" : "outline"}
            className="h-12 text-base"
            onClick={() => setDirection(value)}
          >
            {t(`direction.${value}`)}
          </Button>
        ))}
      </div>

      <ResultPanel feedback={scanner.feedback} />

      {camera === "on" ? (
        <div className="flex flex-col gap-2">
          <ScanCamera onCode={(token) => void submit({ token })} onUnavailable={() => setCamera("unavailable")} />
          <Button type="button" variant="outline" className="h-11" onClick={() => setCamera("off")}>
            <CameraOff /> {t("camera.stop")}
          </Button>
        </div>
      ) : (
        <Button type="button" className="h-12 text-base" onClick={() => setCamera("on")}>
          <Camera /> {t("camera.start")}
        </Button>
      )}
      {camera === "unavailable" && <p className="text-sm text-muted-foreground">{t("camera.unavailable")}</p>}

      <ManualSearch
        direction={direction}
        search={scanner.search}
        onPick={(participant) => void submit({ participantId: participant.id })}
        feedbackAt={scanner.feedback?.at ?? 0}
      />
    </div>
  );
}

function SyncStatus({ online, pending, listSize }: { online: boolean; pending: number; listSize: number }) {
  const { t } = useTranslation("check-ins");
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" aria-live="polite">
      <Badge variant={online ? "secondary" : "destructive"} data-testid="scan-online">
        {online ? <Cloud /> : <CloudOff />}
        {online ? t("status.online") : t("status.offline")}
      </Badge>
      <span data-testid="scan-pending" className={cn(pending > 0 && "font-medium text-amber-700 dark:text-amber-400")}>
        {pending > 0 ? t("status.pending", { count: pending }) : t("status.synced")}
      </span>
      <span className="text-muted-foreground">· {t("status.participants", { count: listSize })}</span>
    </div>
  );
}

function ResultPanel({ feedback }: { feedback: ScanFeedback | null }) {
  const { t } = useTranslation("check-ins");
  const ok = feedback?.result === "ok";
  const label = !feedback
    ? t("result.idle")
    : ok
      ? t(feedback.direction === "in" ? "result.ok-in" : "result.ok-out")
      : t(`result.${feedback.result as Exclude<ScanFeedback["result"], "ok">}`);
  return (
    <output
      key={feedback?.at ?? 0}
      aria-live="assertive"
      data-testid="scan-result"
      data-result={feedback?.result ?? "idle"}
      className={cn(
        "flex min-h-36 flex-col items-center justify-center gap-1 rounded-xl border-2 p-4 text-center",
        !feedback && "border-dashed text-muted-foreground",
        feedback && ok && "border-green-700 bg-green-600 text-white",
        feedback && !ok && "border-red-700 bg-red-600 text-white",
      )}
    >
      {feedback &&
        (ok ? <CheckCircle2 className="size-10" aria-hidden /> : <XCircle className="size-10" aria-hidden />)}
      <span className="text-2xl font-bold">{label}</span>
      {feedback?.name && <span className="text-lg font-medium">{feedback.name}</span>}
      {feedback?.ticketTitle && <span className="text-sm opacity-90">{feedback.ticketTitle}</span>}
      {feedback?.offline && <span className="mt-1 text-sm font-medium">{t("result.offline")}</span>}
    </output>
  );
}

function ManualSearch({
  direction,
  search,
  onPick,
  feedbackAt,
}: {
  direction: ScanDirection;
  search: (query: string) => Promise<ScannerParticipant[]>;
  onPick: (participant: ScannerParticipant) => void;
  feedbackAt: number;
}) {
  const { t } = useTranslation("check-ins");
  const [query, setQuery] = useState("");
  const [results, setResults] = useState<ScannerParticipant[] | null>(null);

  useEffect(() => {
    if (query.trim().length < 2) {
      setResults(null);
      return;
    }
    let current = true;
    const timer = window.setTimeout(() => {
      void search(query).then((found) => current && setResults(found));
    }, 250);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
    // feedbackAt: after a check-in the list shows the new state.
  }, [query, search, feedbackAt]);

  return (
    <section className="flex flex-col gap-2">
      <Label htmlFor="scan-search">{t("search.label")}</Label>
      <div className="relative">
        <Search className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input
          id="scan-search"
          type="search"
          className="h-11 pl-9"
          autoComplete="off"
          placeholder={t("search.placeholder")}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      {results && results.length === 0 && <p className="text-sm text-muted-foreground">{t("search.empty")}</p>}
      {results && results.length > 0 && (
        <ul className="divide-y rounded-lg border" aria-label={t("search.label")}>
          {results.map((participant) => (
            <li key={participant.id} className="flex items-center gap-3 p-3">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">
                  {participant.first_name} {participant.last_name}
                </p>
                <p className="truncate text-sm text-muted-foreground">
                  {participant.ticket_title} · {participant.is_in ? t("search.in") : t("search.out")}
                </p>
              </div>
              <Button
                type="button"
                size="sm"
                className="h-10 shrink-0"
                variant={direction === "in" ? "default" : "outline"}
                onClick={() => onPick(participant)}
                aria-label={`${t(direction === "in" ? "search.check-in" : "search.check-out")} : ${participant.first_name} ${participant.last_name}`}
              >
                {t(direction === "in" ? "search.check-in" : "search.check-out")}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
