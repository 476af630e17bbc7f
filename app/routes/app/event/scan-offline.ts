import { matchesWordStart, searchTextOf, searchWords } from "#domain/participants/word-start";
import { api, type ScannerParticipant, type ScanResultCode } from "~/lib/api-client";
import { useCallback, useEffect, useRef, useState } from "react";

/*
 * The web scanner's client side: answers from the check-in API when online, from the participants list kept in
 * localStorage when not, and a local queue of scans (each with its client UUID) that is sent again until the server
 * has it. The API is idempotent on that UUID, so sending a scan twice never writes two entries.
 */

export type ScanDirection = "in" | "out";
export type { ScannerParticipant, ScanResultCode } from "~/lib/api-client";

export type ScanFeedback = {
  result: ScanResultCode;
  direction: ScanDirection;
  /** Decided on the device: the server hears about it when the network is back. */
  offline: boolean;
  name: string | null;
  ticketTitle: string | null;
  /** `wrong_date`: the start of the date the ticket is for (null: a pass not valid on the scanned date). */
  ticketDateStart?: number | null;
  at: number;
};

/** The date a multi-date event's door is scanned for, and the passes' dates (decision 0068); null: a single date. */
export type ScanDateContext = {
  dateId: number;
  passDates: Record<number, number[]>;
  /** Each date's start, to name the date of a ticket refused offline. */
  starts: Record<number, number>;
} | null;

type QueuedScan = {
  id: string;
  token?: string;
  participant_id?: number;
  direction: ScanDirection;
  scanned_at: number;
  date_id?: number;
};

type StoredList = { since: number | null; participants: ScannerParticipant[] };

const queueKey = (eventId: number) => `guichet:scan:${eventId}:queue`;
const listKey = (eventId: number) => `guichet:scan:${eventId}:list`;

function readJson<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
}

function writeJson(key: string, value: unknown) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full (a very large event): the list stays in memory for this page's life; the queue is small.
  }
}

function base64url(bytes: Uint8Array): string {
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Same as domain/check-ins/token-hash.ts: the first 16 bytes of the token's SHA-256, base64url. */
async function tokenHash(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token.trim()));
  return base64url(new Uint8Array(digest).slice(0, 16));
}

/** `G1.{event}.{participant}.{mac}` read without checking the MAC (the hash comparison does). */
function tokenIds(token: string): { eventId: number; participantId: number } | null {
  const match = /^G1\.([1-9]\d{0,15})\.([1-9]\d{0,15})\.[\w-]{22}$/.exec(token.trim());
  return match ? { eventId: Number(match[1]), participantId: Number(match[2]) } : null;
}

/** A scan the server could not take now (no network, overloaded, rate-limited): it stays queued. */
class NetworkError extends Error {}

async function postScan(eventId: number, scan: QueuedScan) {
  let answer;
  try {
    answer = await api.checkIn(eventId, scan);
  } catch {
    throw new NetworkError("offline");
  }
  if (answer.status >= 500 || answer.status === 429) throw new NetworkError(String(answer.status));
  return answer.ok ? answer.data : null;
}

export function useScanner(eventId: number, dateContext: ScanDateContext = null) {
  const [online, setOnline] = useState(true);
  const [pending, setPending] = useState(0);
  const [listSize, setListSize] = useState(0);
  const [feedback, setFeedback] = useState<ScanFeedback | null>(null);
  const list = useRef(new Map<number, ScannerParticipant>());
  const since = useRef<number | null>(null);
  const flushing = useRef(false);

  const saveList = useCallback(() => {
    writeJson(listKey(eventId), {
      since: since.current,
      participants: [...list.current.values()],
    } satisfies StoredList);
    setListSize(list.current.size);
  }, [eventId]);

  const queue = useCallback(() => readJson<QueuedScan[]>(queueKey(eventId), []), [eventId]);
  const setQueue = useCallback(
    (items: QueuedScan[]) => {
      writeJson(queueKey(eventId), items);
      setPending(items.length);
    },
    [eventId],
  );

  const flush = useCallback(async () => {
    if (flushing.current) return;
    flushing.current = true;
    try {
      for (let items = queue(); items.length > 0; items = queue()) {
        const [first] = items;
        try {
          await postScan(eventId, first!);
        } catch (error) {
          if (error instanceof NetworkError) {
            setOnline(false);
            return;
          }
          throw error;
        }
        setOnline(true);
        setQueue(queue().filter((item) => item.id !== first!.id));
      }
    } finally {
      flushing.current = false;
    }
  }, [eventId, queue, setQueue]);

  const refreshList = useCallback(async () => {
    const startedSince = since.current;
    let after: number | null = null;
    let serverTime: number | null = null;
    try {
      do {
        const answer = await api.checkInList(eventId, { limit: 5000, since: startedSince, after });
        if (!answer.ok) return;
        const page = answer.data;
        for (const participant of page.participants) list.current.set(participant.id, participant);
        serverTime ??= page.server_time;
        after = page.next_after;
      } while (after !== null);
      since.current = serverTime;
      saveList();
      setOnline(true);
    } catch {
      setOnline(false);
    }
  }, [eventId, saveList]);

  useEffect(() => {
    const stored = readJson<StoredList>(listKey(eventId), { since: null, participants: [] });
    list.current = new Map(stored.participants.map((p) => [p.id, p]));
    since.current = stored.since;
    setListSize(list.current.size);
    setPending(queue().length);
    setOnline(navigator.onLine);
    void refreshList().then(flush);
    const goOnline = () => {
      setOnline(true);
      void flush().then(refreshList);
    };
    const goOffline = () => setOnline(false);
    window.addEventListener("online", goOnline);
    window.addEventListener("offline", goOffline);
    const timer = window.setInterval(() => {
      if (navigator.onLine) void flush().then(refreshList);
    }, 20_000);
    return () => {
      window.removeEventListener("online", goOnline);
      window.removeEventListener("offline", goOffline);
      window.clearInterval(timer);
    };
  }, [eventId, flush, queue, refreshList]);

  /** The answer on the device, from the kept list: the same rules as the server's. */
  const decideLocally = useCallback(
    async (scan: QueuedScan): Promise<{ result: ScanResultCode; participant: ScannerParticipant | null }> => {
      let participantId = scan.participant_id;
      if (scan.token !== undefined) {
        const ids = tokenIds(scan.token);
        if (!ids) return { result: "invalid", participant: null };
        if (ids.eventId !== eventId) return { result: "wrong_event", participant: null };
        participantId = ids.participantId;
      }
      const participant = participantId !== undefined ? list.current.get(participantId) : undefined;
      if (!participant) return { result: "invalid", participant: null };
      if (scan.token !== undefined && (await tokenHash(scan.token)) !== participant.token_hash)
        return { result: "invalid", participant: null };
      if (participant.cancelled) return { result: "cancelled", participant };
      if (scan.date_id !== undefined) {
        const pass = dateContext?.passDates[participant.ticket_id];
        const wrongDate =
          participant.date_id !== null && participant.date_id !== undefined
            ? participant.date_id !== scan.date_id
            : pass !== undefined && !pass.includes(scan.date_id);
        if (wrongDate) return { result: "wrong_date", participant };
        // A pass enters once per date: its in/out state on another date is not known here, the server decides.
        if (pass !== undefined) return { result: "ok", participant };
      }
      if (scan.direction === "in" && participant.is_in) return { result: "already_in", participant };
      if (scan.direction === "out" && !participant.is_in) return { result: "not_in", participant };
      return { result: "ok", participant };
    },
    [eventId, dateContext],
  );

  const submit = useCallback(
    async (what: { token: string } | { participantId: number }, direction: ScanDirection) => {
      const scan: QueuedScan = {
        id: crypto.randomUUID(),
        direction,
        scanned_at: Date.now(),
        ...("token" in what ? { token: what.token.trim() } : { participant_id: what.participantId }),
        ...(dateContext ? { date_id: dateContext.dateId } : {}),
      };
      const show = (
        result: ScanResultCode,
        offline: boolean,
        name: string | null,
        ticketTitle: string | null,
        ticketDateStart: number | null = null,
      ) => {
        const next = { result, direction, offline, name, ticketTitle, ticketDateStart, at: Date.now() };
        setFeedback(next);
        return next;
      };
      if (navigator.onLine) {
        try {
          const answer = await postScan(eventId, scan);
          setOnline(true);
          if (!answer) return show("invalid", false, null, null);
          const known = answer.participant ? list.current.get(answer.participant.id) : undefined;
          if (known && answer.participant) {
            list.current.set(known.id, { ...known, is_in: answer.participant.is_in });
            setListSize(list.current.size);
          }
          const name = answer.participant ? `${answer.participant.first_name} ${answer.participant.last_name}` : null;
          return show(answer.result, false, name, answer.ticket?.title ?? null, answer.ticket_date?.start_at ?? null);
        } catch (error) {
          if (!(error instanceof NetworkError)) throw error;
          setOnline(false);
        }
      }
      const { result, participant } = await decideLocally(scan);
      const name = participant ? `${participant.first_name} ${participant.last_name}` : null;
      if (result === "ok" && participant) {
        list.current.set(participant.id, { ...participant, is_in: direction === "in" });
        saveList();
        setQueue([...queue(), scan]);
      }
      const ticketDate =
        result === "wrong_date" && participant?.date_id ? dateContext?.starts[participant.date_id] : null;
      return show(result, result === "ok", name, participant?.ticket_title ?? null, ticketDate ?? null);
    },
    [dateContext, decideLocally, eventId, queue, saveList, setQueue],
  );

  /** The manual search: the server when online, the kept list otherwise. */
  const search = useCallback(
    async (query: string): Promise<ScannerParticipant[]> => {
      const text = query.trim();
      if (text.length < 2) return [];
      if (navigator.onLine) {
        try {
          const answer = await api.searchCheckIns(eventId, text);
          if (answer.ok) {
            const found = answer.data.participants;
            // The server's answer is fresher than the kept list; a scan made offline is still in the queue.
            return found.map((p) => ({ ...p, is_in: list.current.get(p.id)?.is_in ?? p.is_in }));
          }
        } catch {
          setOnline(false);
        }
      }
      // The server's rule (decision 0077): each typed word starts a word of the name or email, or the number typed.
      const words = searchWords(text);
      const number = /^\d{1,15}$/.test(text) ? Number(text) : null;
      return [...list.current.values()]
        .filter((p) => {
          const searchText = searchTextOf({ firstName: p.first_name, lastName: p.last_name, email: p.email });
          return p.id === number || words.every((word) => matchesWordStart(searchText, word));
        })
        .sort(byName)
        .slice(0, 20);
    },
    [eventId],
  );

  return { online, pending, listSize, feedback, submit, search, flush };
}

/** As the server answers: by last name, first name, then number. */
function byName(a: ScannerParticipant, b: ScannerParticipant): number {
  return a.last_name.localeCompare(b.last_name) || a.first_name.localeCompare(b.first_name) || a.id - b.id;
}

/** A short beep with the Web Audio API (no sound file to download): high for ok, low and longer for a refusal. */
export function beep(ok: boolean) {
  try {
    const AudioContextClass = window.AudioContext;
    if (!AudioContextClass) return;
    const context = new AudioContextClass();
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = ok ? "sine" : "square";
    oscillator.frequency.value = ok ? 880 : 220;
    gain.gain.value = 0.15;
    oscillator.connect(gain).connect(context.destination);
    const duration = ok ? 0.15 : 0.45;
    oscillator.start();
    oscillator.stop(context.currentTime + duration);
    oscillator.onended = () => void context.close();
  } catch {
    // No audio output: the colour and the text still say it.
  }
}
