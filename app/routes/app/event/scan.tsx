import { ArrowLeft, Camera, CameraOff, CheckCircle2, Cloud, CloudOff, Keyboard, Search, XCircle } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { loadCheckInEvent } from "#domain/check-ins/check-in-event";
import { listScanDates } from "#domain/check-ins/list-scan-dates";
import { notFound } from "#domain/shared/app-error";
import { formatDateRange, formatDateTime } from "#domain/shared/format";
import { parseId } from "#domain/shared/ids";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import {
  codeRead,
  initialScanGate,
  looksLikeTicketCode,
  resultArrived,
  resultDismissed,
  type ScanGate,
} from "~/lib/scan-gate";
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
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { actor } = getSignedIn(context);
  const { db } = context.get(serverContext);
  const { t } = getInstance(context);
  try {
    const eventId = parseId(params.event_id);
    if (eventId === null) throw notFound("events:errors.not-found");
    const event = await loadCheckInEvent(db, actor, eventId);
    const title = event.title || t("events:untitled");
    // A multi-date event is scanned one date at a time (issue 30 §4): the one asked for, else the one under way.
    const scanDates = await listScanDates(db, event);
    const asked = parseId(new URL(request.url).searchParams.get("date"));
    const dateId = scanDates.dates.some((date) => date.id === asked) ? asked : scanDates.current;
    return {
      event: { id: event.id, title, startAt: event.startAt, endAt: event.endAt, timezone: event.timezone },
      scanDates: { ...scanDates, dateId },
      canViewEvent: event.canView,
      metaTitle: t("check-ins:meta-title", { title, interpolation: { escapeValue: false } }),
    };
  } catch (error) {
    return loaderError(error);
  }
}

export default function ScanPage({ loaderData }: Route.ComponentProps) {
  const { event, canViewEvent, scanDates } = loaderData;
  const { t, i18n } = useTranslation("check-ins");
  const [, setSearchParams] = useSearchParams();
  const dateContext = useMemo(
    () =>
      scanDates.dateId === null
        ? null
        : {
            dateId: scanDates.dateId,
            passDates: scanDates.passDates,
            starts: Object.fromEntries(scanDates.dates.map((date) => [date.id, date.startAt])),
          },
    [scanDates],
  );
  const scanDate = scanDates.dates.find((date) => date.id === scanDates.dateId) ?? null;
  const scanner = useScanner(event.id, dateContext);
  const [direction, setDirection] = useState<ScanDirection>("in");
  const [camera, setCamera] = useState<"off" | "on" | "unavailable">("off");
  const busy = useRef(false);
  // The scan gate (app/lib/scan-gate.ts) is read on every camera frame: a ref, with the result it shows mirrored in
  // state for rendering.
  const gate = useRef<ScanGate<ScanFeedback>>(initialScanGate());
  const [shown, setShown] = useState<ScanFeedback | null>(null);

  const check = async (what: { token: string } | { participantId: number }) => {
    busy.current = true;
    try {
      const feedback = await scanner.submit(what, direction);
      gate.current = resultArrived(gate.current, feedback, {
        code: "token" in what ? what.token : null,
        now: Date.now(),
      });
      setShown(gate.current.shown);
      beep(feedback.result === "ok");
    } finally {
      busy.current = false;
    }
  };

  /** A code read by the camera or typed (a handheld scanner types it and Enter): checked unless the gate holds it. */
  const onCode = (raw: string) => {
    const read = codeRead(gate.current, raw, Date.now());
    // Another code while one is being checked: not recorded, the camera reads it again on its next frame.
    if (read.submit && busy.current) return;
    gate.current = read.gate;
    if (read.submit) void check({ token: raw.trim() });
  };

  const pick = (participant: ScannerParticipant) => {
    if (busy.current) return;
    void check({ participantId: participant.id });
  };

  const dismiss = useCallback(() => {
    gate.current = resultDismissed(gate.current);
    setShown(null);
  }, []);

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

      {scanDates.dates.length > 0 && (
        <div className="flex flex-col gap-1">
          <Label htmlFor="scan-date">{t("date.label")}</Label>
          <select
            id="scan-date"
            data-testid="scan-date"
            className="h-11 rounded-md border border-input bg-background px-3 text-base"
            value={scanDates.dateId ?? ""}
            onChange={(e) => {
              dismiss();
              setSearchParams({ date: e.target.value }, { replace: true });
            }}
          >
            {scanDates.dates.map((date) => (
              <option key={date.id} value={date.id}>
                {formatDateTime(date.startAt, i18n.language, event.timezone)}
              </option>
            ))}
          </select>
        </div>
      )}

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

      <ResultPanel feedback={shown} event={event} scanDate={scanDate} onDismiss={dismiss} />

      {camera === "on" ? (
        <div className="flex flex-col gap-2">
          <ScanCamera onCode={onCode} onUnavailable={() => setCamera("unavailable")} />
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

      <CodeEntry onCode={onCode} />

      <ManualSearch
        direction={direction}
        search={scanner.search}
        onPick={pick}
        onCode={onCode}
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

type ScanEvent = { title: string; startAt: Date | null; endAt: Date | null; timezone: string };

function ResultPanel({
  feedback,
  event,
  scanDate,
  onDismiss,
}: {
  feedback: ScanFeedback | null;
  event: ScanEvent;
  /** The date scanned on a multi-date event. */
  scanDate: { startAt: number; endAt: number | null } | null;
  onDismiss: () => void;
}) {
  const { t, i18n } = useTranslation("check-ins");
  const ok = feedback?.result === "ok";
  const label = !feedback
    ? t("result.idle")
    : ok
      ? t(feedback.direction === "in" ? "result.ok-in" : "result.ok-out")
      : t(`result.${feedback.result as Exclude<ScanFeedback["result"], "ok">}`);
  const date = scanDate
    ? formatDateRange(scanDate.startAt, scanDate.endAt, i18n.language, event.timezone)
    : event.startAt
      ? formatDateRange(event.startAt, event.endAt, i18n.language, event.timezone)
      : null;
  // A ticket for another date names its date; a pass not valid on this one says so.
  const otherDate =
    feedback?.result === "wrong_date"
      ? feedback.ticketDateStart
        ? t("result.ticket-date", {
            date: formatDateTime(feedback.ticketDateStart, i18n.language, event.timezone),
            interpolation: { escapeValue: false },
          })
        : t("result.pass-not-valid")
      : null;
  const against = date
    ? t("result.checked-against", { event: event.title, date, interpolation: { escapeValue: false } })
    : t("result.checked-against-undated", { event: event.title, interpolation: { escapeValue: false } });
  // The result stays until another code answers or the volunteer taps it away (app/lib/scan-gate.ts).
  return (
    <button
      type="button"
      onClick={onDismiss}
      disabled={!feedback}
      data-testid="scan-result-dismiss"
      className="block w-full rounded-xl text-left outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-default"
    >
      <output
        key={feedback?.at ?? 0}
        aria-live="assertive"
        data-testid="scan-result"
        data-result={feedback?.result ?? "idle"}
        className={cn(
          "flex min-h-36 flex-col items-center justify-center gap-1 rounded-xl border-2 p-4 text-center",
          !feedback && "border-dashed text-muted-foreground",
          // -700 shades: white text keeps 4.5:1 on them (the -600 ones give about 3.3:1).
          feedback && ok && "border-green-800 bg-green-700 text-white",
          feedback && !ok && "border-red-800 bg-red-700 text-white",
        )}
      >
        {feedback &&
          (ok ? <CheckCircle2 className="size-10" aria-hidden /> : <XCircle className="size-10" aria-hidden />)}
        <span className="text-2xl font-bold">{label}</span>
        {feedback?.name && <span className="text-lg font-medium wrap-anywhere">{feedback.name}</span>}
        {feedback?.ticketTitle && (
          <span className="text-sm wrap-anywhere" data-testid="scan-result-ticket">
            {t("result.ticket", { ticket: feedback.ticketTitle, interpolation: { escapeValue: false } })}
          </span>
        )}
        {otherDate && (
          <span className="text-base font-semibold wrap-anywhere" data-testid="scan-result-date">
            {otherDate}
          </span>
        )}
        {feedback && (
          <span className="text-sm wrap-anywhere" data-testid="scan-result-against">
            {against}
          </span>
        )}
        {feedback?.offline && <span className="mt-1 text-sm font-medium">{t("result.offline")}</span>}
        {feedback && <span className="mt-2 text-xs underline underline-offset-2">{t("result.tap-to-clear")}</span>}
      </output>
    </button>
  );
}

/** Where a code is typed, or sent by a handheld scanner that acts as a keyboard (the code, then Enter). */
function CodeEntry({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useTranslation("check-ins");
  // Uncontrolled, as the manual search: a handheld scanner types a code in a few milliseconds, and a controlled
  // input's value written back by a render of the page would drop the characters typed since.
  const input = useRef<HTMLInputElement>(null);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const code = input.current?.value ?? "";
    if (code.trim() === "") return;
    onCode(code);
    // Emptied and kept focused: the handheld scanner's next code goes in at once.
    if (input.current) input.current.value = "";
  };
  return (
    <form className="flex flex-col gap-2" onSubmit={submit} data-testid="scan-code-form">
      <Label htmlFor="scan-code">{t("code.label")}</Label>
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <Keyboard className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            id="scan-code"
            className="h-11 pl-9 font-mono"
            autoComplete="off"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="go"
            placeholder={t("code.placeholder")}
            aria-describedby="scan-code-hint"
            ref={input}
            defaultValue=""
          />
        </div>
        <Button type="submit" className="h-11 shrink-0">
          {t("code.submit")}
        </Button>
      </div>
      <p id="scan-code-hint" className="text-sm text-muted-foreground">
        {t("code.hint")}
      </p>
    </form>
  );
}

function ManualSearch({
  direction,
  search,
  onPick,
  onCode,
  feedbackAt,
}: {
  direction: ScanDirection;
  search: (query: string) => Promise<ScannerParticipant[]>;
  onPick: (participant: ScannerParticipant) => void;
  onCode: (code: string) => void;
  feedbackAt: number;
}) {
  const { t } = useTranslation("check-ins");
  // The box keeps what is typed (uncontrolled) and the state follows it: a render of the page while someone types
  // fast wrote a controlled value one keystroke behind back into the box, and the next keystroke was added to that
  // (« Clairxvi1 » for « Claviermx2v2i91 », seen in the keyboard e2e test).
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState("");
  const [results, setResults] = useState<ScannerParticipant[] | null>(null);

  const isCode = looksLikeTicketCode(query);

  useEffect(() => {
    if (query.trim().length < 2 || looksLikeTicketCode(query)) {
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
          ref={input}
          defaultValue=""
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      {isCode && (
        <div className="flex flex-wrap items-center gap-2 rounded-lg border p-3 text-sm">
          <span className="min-w-0 flex-1">{t("search.is-code")}</span>
          <Button
            type="button"
            size="sm"
            className="h-10"
            onClick={() => {
              onCode(query);
              setQuery("");
              if (input.current) input.current.value = "";
            }}
          >
            {t("code.submit")}
          </Button>
        </div>
      )}
      {!isCode && results && results.length === 0 && (
        <p className="text-sm text-muted-foreground">{t("search.empty")}</p>
      )}
      {!isCode && results && results.length > 0 && (
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
