import { and, asc, eq, getTableColumns, gt, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { Zip, ZipDeflate } from "fflate";
import type { Database } from "#db/database";
import * as schema from "#db/schema";
import { answerText } from "../participation-forms/answer-columns";
import { loadFormQuestions, type FormQuestions } from "../participation-forms/answer-labels";
import type { FormType } from "../participation-forms/question-schema";
import { assertCanInOrganization } from "../policy";
import type { Actor } from "../shared/actor";
import { notFound } from "../shared/app-error";
import { CSV_BOM, csvRow, type CsvValue } from "../shared/csv";

/**
 * Rows read per query. Large enough that an organization with 100,000 participants stays far below the Worker's
 * per-invocation query limit (each table is read twice: once for its JSON file, once for its CSV file), small enough
 * that one page is a few megabytes at most.
 */
const EXPORT_PAGE_SIZE = 2000;

type Cell = string | number | boolean | null;
type Row = { id: number; cells: Cell[] };

/** One exported table: its file name, its column headers, and a keyset reader (rows with id > afterId, in id order). */
export type ExportSource = {
  name: string;
  header: readonly string[];
  page: (afterId: number | null, limit: number) => Promise<Row[]>;
};

/** Secrets and internal bookkeeping never leave the database: bearer tokens, signing secrets, drafts, search keys. */
const OMITTED: Record<string, readonly string[]> = {
  events: ["access_token", "private_link_version"],
  orders: ["access_token", "draft"],
  participants: ["access_token", "search_text"],
  webhook_endpoints: ["secret"],
};

function cellOf(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "string") return value;
  return JSON.stringify(value);
}

type ScopedTable = SQLiteTable & { id: SQLiteColumn; organizationId: SQLiteColumn };

/** Every column of an organization-scoped table (by its SQL name) but the omitted ones. */
function scopedSource(db: Database, name: string, table: ScopedTable, organizationId: number): ExportSource {
  const omitted = OMITTED[name] ?? [];
  const columns = Object.values(getTableColumns(table) as Record<string, SQLiteColumn>).filter(
    (column) => !omitted.includes(column.name),
  );
  const fields = Object.fromEntries(columns.map((column) => [column.name, column]));
  return {
    name,
    header: columns.map((column) => column.name),
    page: async (afterId, limit) => {
      const scope: SQL = eq(table.organizationId, organizationId);
      const rows = (await db
        .select(fields)
        .from(table)
        .where(afterId === null ? scope : and(scope, gt(table.id, afterId)))
        .orderBy(asc(table.id))
        .limit(limit)) as Record<string, unknown>[];
      return rows.map((row) => ({ id: row.id as number, cells: columns.map((column) => cellOf(row[column.name])) }));
    },
  };
}

/**
 * The answers table plus `value_label`: the answer as the organizer reads it (option titles joined with ", " instead of
 * the stored option ids, decision 0040), read with the questions of each page's events.
 */
function answersSource(db: Database, organizationId: number): ExportSource {
  const base = scopedSource(db, "answers", schema.formAnswers, organizationId);
  const at = (name: string) => base.header.indexOf(name);
  const [eventAt, formTypeAt, questionAt, valueAt] = [at("event_id"), at("form_type"), at("question_id"), at("value")];
  const questionsByEvent = new Map<number, FormQuestions>();
  return {
    name: base.name,
    header: [...base.header, "value_label"],
    page: async (afterId, limit) => {
      const rows = await base.page(afterId, limit);
      const unread = [...new Set(rows.map((row) => row.cells[eventAt] as number))].filter(
        (eventId) => !questionsByEvent.has(eventId),
      );
      // Few events per page: their forms are read once each, scoped by the organization.
      for (const eventId of unread)
        questionsByEvent.set(eventId, await loadFormQuestions(db, { id: eventId, organizationId }));
      return rows.map((row) => {
        const question = questionsByEvent
          .get(row.cells[eventAt] as number)
          ?.get(row.cells[formTypeAt] as FormType)
          ?.get(row.cells[questionAt] as string);
        const value = row.cells[valueAt] as string;
        return { id: row.id, cells: [...row.cells, answerText(question, value)] };
      });
    },
  };
}

function membersSource(db: Database, organizationId: number): ExportSource {
  const header = ["user_id", "email", "first_name", "last_name", "role", "member_since"];
  return {
    name: "members",
    header,
    page: async (afterId, limit) => {
      const scope = eq(schema.memberships.organizationId, organizationId);
      const rows = await db
        .select({
          membershipId: schema.memberships.id,
          userId: schema.users.id,
          email: schema.users.email,
          firstName: schema.users.firstName,
          lastName: schema.users.lastName,
          role: schema.memberships.role,
          createdAt: schema.memberships.createdAt,
        })
        .from(schema.memberships)
        .innerJoin(schema.users, eq(schema.users.id, schema.memberships.userId))
        .where(afterId === null ? scope : and(scope, gt(schema.memberships.id, afterId)))
        .orderBy(asc(schema.memberships.id))
        .limit(limit);
      return rows.map((row) => ({
        id: row.membershipId,
        cells: [row.userId, row.email, row.firstName, row.lastName, row.role, cellOf(row.createdAt)],
      }));
    },
  };
}

function organizationSource(db: Database, organizationId: number): ExportSource {
  const columns = Object.values(getTableColumns(schema.organizations) as Record<string, SQLiteColumn>);
  const fields = Object.fromEntries(columns.map((column) => [column.name, column]));
  return {
    name: "organization",
    header: columns.map((column) => column.name),
    page: async (afterId) => {
      if (afterId !== null) return [];
      const rows = (await db
        .select(fields)
        .from(schema.organizations)
        .where(eq(schema.organizations.id, organizationId))
        .limit(1)) as Record<string, unknown>[];
      return rows.map((row) => ({ id: row.id as number, cells: columns.map((column) => cellOf(row[column.name])) }));
    },
  };
}

/** The files of the export, in the order they are written. */
function exportSources(db: Database, organizationId: number): ExportSource[] {
  const scoped = (name: string, table: ScopedTable) => scopedSource(db, name, table, organizationId);
  return [
    organizationSource(db, organizationId),
    membersSource(db, organizationId),
    scoped("events", schema.events),
    scoped("event_team", schema.eventAccesses),
    scoped("tickets", schema.tickets),
    scoped("promo_codes", schema.promoCodes),
    scoped("forms", schema.participationForms),
    scoped("orders", schema.orders),
    scoped("order_items", schema.orderItems),
    scoped("participants", schema.participants),
    answersSource(db, organizationId),
    scoped("entries", schema.entries),
    scoped("transactions", schema.transactions),
    scoped("payouts", schema.payouts),
    scoped("contact_entries", schema.contactEntries),
    scoped("webhook_endpoints", schema.webhookEndpoints),
  ];
}

const encoder = new TextEncoder();

function jsonLine(header: readonly string[], row: Row): string {
  return JSON.stringify(Object.fromEntries(header.map((name, i) => [name, row.cells[i]])));
}

const csvCells = (row: Row): CsvValue[] => row.cells.map((cell) => (typeof cell === "boolean" ? String(cell) : cell));

/**
 * Writes every file into `zip`, one page at a time, yielding after each page so that the stream pulls the next page
 * only once the zip's output of the previous one has been handed on.
 */
async function* writeFiles(zip: Zip, sources: ExportSource[], readme: string, pageSize: number) {
  const readmeFile = new ZipDeflate("README.txt", { level: 6 });
  zip.add(readmeFile);
  readmeFile.push(encoder.encode(readme), true);
  for (const source of sources) {
    for (const format of ["json", "csv"] as const) {
      const file = new ZipDeflate(`${format}/${source.name}.${format}`, { level: 6 });
      zip.add(file);
      file.push(encoder.encode(format === "json" ? "[" : CSV_BOM + csvRow(source.header)));
      let afterId: number | null = null;
      let first = true;
      for (;;) {
        const rows = await source.page(afterId, pageSize);
        if (rows.length > 0) {
          const text =
            format === "json"
              ? rows.map((row) => `${first && row === rows[0] ? "" : ","}\n${jsonLine(source.header, row)}`).join("")
              : rows.map((row) => csvRow(csvCells(row))).join("");
          first = false;
          file.push(encoder.encode(text));
          yield;
        }
        if (rows.length < pageSize) break;
        afterId = rows[rows.length - 1]!.id;
      }
      file.push(encoder.encode(format === "json" ? "\n]\n" : ""), true);
      yield;
    }
  }
  zip.end();
}

/** A zip stream of the sources: pulled page by page, so only one page and the compressor's window are in memory. */
function zipStream(sources: ExportSource[], readme: string, pageSize = EXPORT_PAGE_SIZE) {
  let steps: AsyncGenerator<undefined, void> | null = null;
  let emitted = false;
  let finished = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const zip = new Zip((error, chunk, final) => {
        if (error) {
          controller.error(error);
          return;
        }
        if (chunk.length > 0) {
          controller.enqueue(chunk);
          emitted = true;
        }
        if (final) {
          finished = true;
          controller.close();
        }
      });
      steps = writeFiles(zip, sources, readme, pageSize);
    },
    // Each pull enqueues or closes: a pull that does neither would never be called again.
    async pull() {
      emitted = false;
      while (!emitted && !finished) {
        const step = await steps!.next();
        if (step.done) break;
      }
    },
    async cancel() {
      await steps?.return();
    },
  });
}

function readmeText(organization: { id: number; title: string }, now: Date, sources: ExportSource[]): string {
  return [
    `Guichet — export of the organization "${organization.title}" (id ${organization.id})`,
    `Exported at ${now.toISOString()} (UTC).`,
    "",
    "Each table is given twice: json/<table>.json (a list of objects) and csv/<table>.csv (UTF-8 with BOM).",
    "Amounts are integer cents (EUR); times are ISO 8601 UTC. Access tokens and webhook signing secrets are left out.",
    "",
    `Tables: ${sources.map((source) => source.name).join(", ")}.`,
    "",
  ].join("\n");
}

/**
 * Everything the organization holds (issue 14 §5): the organization, its members, events, team, tickets, promo codes,
 * forms, orders and their lines, participants, answers, entries, transactions, payouts, contact entries and webhook
 * endpoints (without their secrets), each as JSON and CSV in one zip, streamed page by page (keyset on id) so that an
 * organization with 100,000 participants never sits in memory. Owners only (privacy:export); recorded in the audit log.
 */
export async function exportOrganizationData(
  db: Database,
  actor: Actor,
  input: { organizationId: number; now?: Date; pageSize?: number },
): Promise<{ filename: string; stream: ReadableStream<Uint8Array> }> {
  assertCanInOrganization(actor, "privacy:export", input.organizationId);
  const now = input.now ?? new Date();
  const [organization] = await db
    .select({ id: schema.organizations.id, title: schema.organizations.title })
    .from(schema.organizations)
    .where(eq(schema.organizations.id, input.organizationId))
    .limit(1);
  if (!organization) throw notFound();
  await db.insert(schema.auditLogs).values({
    organizationId: organization.id,
    userId: actor.userId,
    action: "privacy.export",
    targetType: "organization",
    targetId: String(organization.id),
    data: JSON.stringify({ email: actor.email }),
    createdAt: now,
  });
  const sources = exportSources(db, organization.id);
  return {
    filename: `guichet-export-${organization.id}-${now.toISOString().slice(0, 10)}.zip`,
    stream: zipStream(sources, readmeText(organization, now, sources), input.pageSize ?? EXPORT_PAGE_SIZE),
  };
}
