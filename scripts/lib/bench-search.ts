import { createClient } from "@libsql/client";
import { createLibsqlDatabase } from "../../db/libsql";
import { listParticipants } from "../../domain/participants/list-participants";
import type { Actor } from "../../domain/shared/actor";

/**
 * Issue 31 §4: the participants search's SQL measured directly on the SQLite file (libSQL in this process, no Worker):
 * `listParticipants` as the page calls it (the event, its questions, the page, the capped count, the token probes), a
 * search at a time, `runs` times each, after one warm-up.
 */

export type SearchProbe = { label: string; search: string };

/** A name, one email and an order number of the event's middle participant: the searches the issue measures. */
export async function readSearchProbes(file: string, eventId: number): Promise<SearchProbe[]> {
  const client = createClient({ url: `file:${file}` });
  try {
    const { rows } = await client.execute({
      // A ticket holder of a paid order: a row the table lists.
      sql: `select p.first_name, p.last_name, p.email, p.order_id from participants p join orders o on o.id = p.order_id
            where p.event_id = ?1 and p.ticket_type = 'ticket' and o.status = 'paid' and p.id >=
              (select id from participants where event_id = ?1 order by id
               limit 1 offset (select count(*) / 2 from participants where event_id = ?1))
            order by p.id limit 1`,
      args: [eventId],
    });
    const row = rows[0];
    if (!row) throw new Error(`event ${eventId} has no participants`);
    return [
      { label: "a name", search: `${String(row.first_name)} ${String(row.last_name)}` },
      { label: "one email", search: String(row.email) },
      { label: "an order number", search: String(row.order_id) },
    ];
  } finally {
    client.close();
  }
}

/** The event's organization owner, acting in it. */
async function ownerActor(file: string, eventId: number): Promise<Actor> {
  const client = createClient({ url: `file:${file}` });
  try {
    const { rows } = await client.execute({
      sql: `select m.user_id, u.email, e.organization_id from events e
            join memberships m on m.organization_id = e.organization_id and m.role = 'owner'
            join users u on u.id = m.user_id where e.id = ?1 limit 1`,
      args: [eventId],
    });
    const row = rows[0];
    if (!row) throw new Error(`event ${eventId} has no owner`);
    return {
      userId: Number(row.user_id),
      email: String(row.email),
      isAdmin: false,
      organizationId: Number(row.organization_id),
      role: "owner",
    };
  } finally {
    client.close();
  }
}

export type SearchSqlFigure = SearchProbe & { p50: number; total: number; capped: boolean; rows: number };

export async function measureSearchSql(
  file: string,
  eventId: number,
  probes: SearchProbe[],
  runs: number,
): Promise<SearchSqlFigure[]> {
  const actor = await ownerActor(file, eventId);
  const { db, close } = createLibsqlDatabase(`file:${file}`);
  const figures: SearchSqlFigure[] = [];
  try {
    for (const probe of probes) {
      const input = { eventId, offset: 0, limit: 10, sort: null, search: probe.search };
      let page = await listParticipants(db, actor, input);
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const begin = performance.now();
        page = await listParticipants(db, actor, input);
        times.push(performance.now() - begin);
      }
      times.sort((a, b) => a - b);
      figures.push({
        ...probe,
        p50: times[Math.floor(times.length / 2)]!,
        total: page.total,
        capped: page.totalCapped,
        rows: page.rows.length,
      });
    }
  } finally {
    close();
  }
  return figures;
}
