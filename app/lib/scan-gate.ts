/*
 * Which codes the web scanner acts on, and which result stays on its screen (issue 25 §3). A camera reads the ticket
 * held in front of it five times a second: acting on each read would answer "Entrée validée" and then, for the same
 * guest, "Déjà entré". So a code is ignored while it keeps being read and for SAME_CODE_QUIET_MS after it was last
 * read; the result on screen stays until another code gives its own or the volunteer taps it away. Every recent code
 * is remembered, not only the last one: two tickets in the frame are read in turn, and each must still count once. A
 * handheld scanner (a keyboard that types the code and Enter) goes through the same gate: a double trigger is the
 * same guest.
 */

/** How long a code must be out of view (or unsent) before the same code counts as a new scan. */
export const SAME_CODE_QUIET_MS = 4000;

export type ScanGate<Result> = {
  /** Each code acted on lately, with when it was last read, acted on or not (epoch ms). */
  recent: Readonly<Record<string, number>>;
  /** The result on screen; null shows "ready to scan". */
  shown: Result | null;
};

export function initialScanGate<Result>(): ScanGate<Result> {
  return { recent: {}, shown: null };
}

export function normalizeScannedCode(raw: string): string {
  return raw.trim();
}

/** The recent codes still inside their quiet time at `now`, with `code` last read at `at`. */
function remember(recent: Readonly<Record<string, number>>, code: string, at: number, now: number) {
  const kept: Record<string, number> = {};
  for (const [key, seenAt] of Object.entries(recent)) if (now - seenAt < SAME_CODE_QUIET_MS) kept[key] = seenAt;
  kept[code] = Math.max(kept[code] ?? 0, at);
  return kept;
}

/**
 * A code was read (camera frame) or typed: `submit` says whether to check it now. An ignored read of a code pushes
 * its quiet time on, so a ticket held in view for a minute is checked once.
 */
export function codeRead<Result>(
  gate: ScanGate<Result>,
  raw: string,
  now: number,
): { gate: ScanGate<Result>; submit: boolean } {
  const code = normalizeScannedCode(raw);
  if (code === "") return { gate, submit: false };
  const seenAt = gate.recent[code];
  const submit = seenAt === undefined || now - seenAt >= SAME_CODE_QUIET_MS;
  return { gate: { ...gate, recent: remember(gate.recent, code, now, now) }, submit };
}

/**
 * The answer to a checked code (or to a manual pick, `code` null) goes on screen. The quiet time of a code restarts
 * when its answer arrives: a slow network does not shorten it.
 */
export function resultArrived<Result>(
  gate: ScanGate<Result>,
  result: Result,
  input: { code: string | null; now: number },
): ScanGate<Result> {
  if (input.code === null) return { ...gate, shown: result };
  return { recent: remember(gate.recent, normalizeScannedCode(input.code), input.now, input.now), shown: result };
}

/**
 * The volunteer tapped the result away: the screen is ready for the next guest. The ticket still in view stays
 * ignored until it has been out of view for the quiet time; another code is checked at once.
 */
export function resultDismissed<Result>(gate: ScanGate<Result>): ScanGate<Result> {
  return { ...gate, shown: null };
}

/** A ticket's QR code (`G1.{event}.{participant}.{mac}`), typed or pasted where a name was expected. */
export function looksLikeTicketCode(text: string): boolean {
  return /^G1\.\d{1,16}\.\d{1,16}\.[\w-]{8,}$/.test(normalizeScannedCode(text));
}
