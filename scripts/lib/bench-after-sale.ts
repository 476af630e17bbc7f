import { randomUUID } from "node:crypto";
import { createClient } from "@libsql/client";
import { importChunks, importCells, type ImportRow } from "../../domain/participant-import/import-rows";

/**
 * The after-sale part of `npm run bench` (issue 11): the participants table's URLs (first page, a search, a sort on a
 * hidden column, the last page), check-ins through `POST /api/events/:id/check-ins`, and a 10,000-row CSV import
 * through `POST /api/events/:id/participant-import` in the page's own chunks.
 */

/** The participants page URL with the data table's query string (app/lib/data-table-url.ts). */
export function participantsUrl(
  eventId: number,
  state: { page?: number; sort?: { id: string; desc: boolean }[]; filters?: { id: string; value: string }[] },
): string {
  const query = new URLSearchParams();
  if (state.page !== undefined) query.set("page", String(state.page));
  if (state.sort) query.set("sort", JSON.stringify(state.sort));
  if (state.filters) query.set("filters", JSON.stringify(state.filters));
  const text = query.toString();
  return `/event/${eventId}/participants${text ? `?${text}` : ""}`;
}

/** The event's participant count (the last page's index) and one participant to check in and out. */
export async function readParticipantsFacts(
  file: string,
  eventId: number,
): Promise<{ total: number; participantId: number; middleEmail: string }> {
  const client = createClient({ url: `file:${file}` });
  try {
    // middle_email: one person's address, the search an organizer makes most (few matches, found anywhere in the list).
    const { rows } = await client.execute({
      sql: `select (select count(*) from participants where event_id = ?1) as total,
                   (select min(p.id) from participants p join orders o on o.id = p.order_id
                    where p.event_id = ?1 and o.status in ('paid', 'manual')) as participant_id,
                   (select email from participants where event_id = ?1 order by id
                    limit 1 offset (select count(*) / 2 from participants where event_id = ?1)) as middle_email`,
      args: [eventId],
    });
    return {
      total: Number(rows[0]!.total),
      participantId: Number(rows[0]!.participant_id),
      middleEmail: String(rows[0]!.middle_email),
    };
  } finally {
    client.close();
  }
}

export type CheckInRun = { times: number[]; results: Record<string, number>; firstError: string | null };

/** `runs` scans of one participant, in then out alternately (each a new client UUID), one at a time. */
export async function runCheckIns(
  base: string,
  eventId: number,
  participantId: number,
  token: string,
  runs: number,
): Promise<CheckInRun> {
  const times: number[] = [];
  const results: Record<string, number> = {};
  let firstError: string | null = null;
  for (let i = 0; i < runs; i++) {
    const begin = performance.now();
    const response = await fetch(`${base}/api/events/${eventId}/check-ins`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify({ participant_id: participantId, direction: i % 2 === 0 ? "in" : "out", id: randomUUID() }),
    });
    const text = await response.text();
    times.push(performance.now() - begin);
    const result =
      response.status === 200 ? String((JSON.parse(text) as { result: string }).result) : `HTTP ${response.status}`;
    results[result] = (results[result] ?? 0) + 1;
    if (response.status !== 200 && firstError === null) firstError = `HTTP ${response.status}: ${text.slice(0, 300)}`;
  }
  times.sort((a, b) => a - b);
  return { times, results, firstError };
}

export type ImportRun = {
  rows: number;
  chunks: number;
  wallMs: number;
  chunkMs: number[];
  imported: number;
  firstError: string | null;
};

/**
 * `count` rows (one place each on `ticketId`), sent as the page sends them: the capacity check, then the chunks one
 * after the other. The wall time covers the check and every chunk.
 */
export async function runImport(
  base: string,
  eventId: number,
  ticketId: number,
  token: string,
  count: number,
): Promise<ImportRun> {
  const rows: ImportRow[] = Array.from({ length: count }, (_, i) => ({
    line: i + 2,
    firstName: "Import",
    lastName: `Banc ${i}`,
    email: `import-${i}@bench.guichet.test`,
    ticketId,
    quantity: 1,
  }));
  const chunks = importChunks(rows);
  const headers = { "Content-Type": "application/json", Authorization: `Bearer ${token}` };
  const chunkMs: number[] = [];
  let imported = 0;
  let firstError: string | null = null;
  const started = performance.now();
  const check = await fetch(`${base}/api/events/${eventId}/participant-import/check`, {
    method: "POST",
    headers,
    body: JSON.stringify({ totals: [{ ticket_id: ticketId, quantity: count }] }),
  });
  const checkText = await check.text();
  if (check.status !== 200) firstError = `check: HTTP ${check.status}: ${checkText.slice(0, 300)}`;
  for (const chunk of firstError ? [] : chunks) {
    const begin = performance.now();
    const response = await fetch(`${base}/api/events/${eventId}/participant-import`, {
      method: "POST",
      headers,
      body: JSON.stringify({ rows: chunk.map(importCells), first_line: chunk[0]!.line, send_email: false }),
    });
    const text = await response.text();
    chunkMs.push(performance.now() - begin);
    if (response.status !== 200) {
      firstError = `chunk at line ${chunk[0]!.line}: HTTP ${response.status}: ${text.slice(0, 300)}`;
      break;
    }
    const body = JSON.parse(text) as { imported: number; errors: unknown[] };
    if (body.errors.length > 0) {
      firstError = `chunk at line ${chunk[0]!.line}: ${JSON.stringify(body.errors.slice(0, 3))}`;
      break;
    }
    imported += body.imported;
  }
  return { rows: count, chunks: chunks.length, wallMs: performance.now() - started, chunkMs, imported, firstError };
}
