import { ArrowLeft, Download, FileUp, Upload } from "lucide-react";
import { useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useRevalidator } from "react-router";
import { toast } from "~/lib/toast";
import { getEmailQuota } from "#domain/emails/email-quota";
import { loadManualOrderContext } from "#domain/manual-orders/load-manual-order-context";
import {
  checkImportRows,
  hasHeader,
  importCells,
  importChunks,
  IMPORT_MAX_FILE_SIZE_BYTES,
  IMPORT_MAX_FILE_SIZE_MB,
  IMPORT_MAX_ROWS,
  importTemplateCsv,
  type ImportRow,
  type ImportRowError,
} from "#domain/participant-import/import-rows";
import { parseCsv } from "#domain/participant-import/parse-csv";
import { api, errorKeyFor, type ApiError } from "~/lib/api-client";
import { notFound } from "#domain/shared/app-error";
import { parseId } from "#domain/shared/ids";
import { EventPageErrorBoundary } from "~/components/event/event-page-error";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Label } from "~/components/ui/label";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatNumber } from "#domain/shared/format";
import { getInstance } from "~/middleware/i18next";
import { serverContext } from "~/server/context";
import { getSignedIn } from "~/server/guards.server";
import { loaderError } from "~/server/route-errors.server";
import type { Route } from "./+types/participants-import";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.metaTitle ?? "Guichet" }];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { actor } = getSignedIn(context);
  const { db } = context.get(serverContext);
  const { t } = getInstance(context);
  try {
    const eventId = parseId(params.event_id);
    if (eventId === null) throw notFound("events:errors.not-found");
    // With the event, what "send the confirmation email" may still send today: one email per row (decision 0038).
    const [{ event, tickets }, emailQuota] = await Promise.all([
      loadManualOrderContext(db, actor, eventId),
      getEmailQuota(db, actor.organizationId ?? 0),
    ]);
    return {
      eventId: event.id,
      emailQuota,
      tickets: tickets.map((ticket) => ({
        id: ticket.id,
        title: ticket.title,
        ticketType: ticket.ticketType,
        remaining: ticket.amount === -1 ? null : Math.max(0, ticket.amount - ticket.purchased),
      })),
      metaTitle: t("participant-import:meta-title", {
        title: event.title || t("events:untitled"),
        interpolation: { escapeValue: false },
      }),
    };
  } catch (error) {
    return loaderError(error);
  }
}

export { EventPageErrorBoundary as ErrorBoundary };

type FileError = "too-large" | "invalid-type" | "invalid-file" | "parsing" | "too-many-rows";
type Parsed = { fileName: string; rows: ImportRow[]; errors: ImportRowError[] };
type Progress = { done: number; total: number };

const serverErrorKeys = [
  "errors.sold-out",
  "errors.rows",
  "errors.upload",
  "errors.processing",
  "errors.ticket-unknown",
  "errors.email-quota",
  "errors.email-draft",
] as const;
type ServerErrorKey = (typeof serverErrorKeys)[number];
/** The refusals whose code is a reason, not their key's (domain/emails/email-quota.ts). */
const serverErrorKeyByCode: Record<string, ServerErrorKey> = {
  email_quota_reached: "errors.email-quota",
  event_not_published: "errors.email-draft",
};

/** A refused import call, said with this page's key for the answer's code (`fallback` for any other). */
class ImportRefused extends Error {
  readonly key: ServerErrorKey;
  constructor(error: ApiError | null, fallback: ServerErrorKey) {
    super(error?.code ?? "import refused");
    this.key = errorKeyFor(error, serverErrorKeys, fallback, serverErrorKeyByCode);
  }
}

/** The message of a failed import: the refusal's key, else the generic one. */
function serverErrorKey(error: unknown): ServerErrorKey {
  return error instanceof ImportRefused ? error.key : "errors.processing";
}

const PREVIEW_ROWS = 5;
const ERRORS_SHOWN = 200;

/** Spec §3/§5/§8: the CSV import — checked in the browser, then sent in chunks with a progress bar. */
export default function ParticipantsImport({ loaderData }: Route.ComponentProps) {
  const { eventId, tickets, emailQuota } = loaderData;
  const { t, i18n } = useTranslation("participant-import");
  const inputRef = useRef<HTMLInputElement>(null);
  const [fileError, setFileError] = useState<FileError | null>(null);
  const [parsed, setParsed] = useState<Parsed | null>(null);
  const [sendEmail, setSendEmail] = useState(false);
  const [progress, setProgress] = useState<Progress | null>(null);
  const revalidator = useRevalidator();
  const [serverError, setServerError] = useState<ServerErrorKey | null>(null);
  const [doneCount, setDoneCount] = useState<number | null>(null);
  // Rows of the current file already written by earlier chunks: a retry after a failed chunk resumes after them
  // instead of importing them twice (each chunk is one atomic batch on the server).
  const [importedRows, setImportedRows] = useState(0);
  const ticketTitles = useMemo(() => new Map(tickets.map((ticket) => [ticket.id, ticket.title])), [tickets]);
  const template = useMemo(() => {
    // The sample row names a ticket of this event, a ticket rather than an add-on when there is one.
    const sample = tickets.find((ticket) => ticket.ticketType === "ticket") ?? tickets[0];
    return `data:text/csv;charset=utf-8,${encodeURIComponent(importTemplateCsv(sample?.id ?? null))}`;
  }, [tickets]);
  const sizeVars = { maxFileSize: IMPORT_MAX_FILE_SIZE_MB, maxRows: formatNumber(IMPORT_MAX_ROWS, i18n.language) };

  const readFile = async (file: File | undefined) => {
    setParsed(null);
    setFileError(null);
    setServerError(null);
    setDoneCount(null);
    setImportedRows(0);
    if (!file) return;
    if (!/\.csv$/i.test(file.name)) return setFileError("invalid-type");
    if (file.size > IMPORT_MAX_FILE_SIZE_BYTES) return setFileError("too-large");
    let records: string[][] | null;
    try {
      records = parseCsv(await file.text());
    } catch {
      records = null;
    }
    if (!records) return setFileError("parsing");
    const withHeader = hasHeader(records[0]);
    const body = withHeader ? records.slice(1) : records;
    if (body.every((cells) => cells.every((cell) => cell.trim() === ""))) return setFileError("invalid-file");
    if (body.length > IMPORT_MAX_ROWS) return setFileError("too-many-rows");
    const checked = checkImportRows(body, new Set(tickets.map((ticket) => ticket.id)), withHeader ? 2 : 1);
    setParsed({ fileName: file.name, ...checked });
  };

  const runImport = async () => {
    if (!parsed || parsed.errors.length > 0 || parsed.rows.length === 0) return;
    setServerError(null);
    const remaining = parsed.rows.slice(importedRows);
    const totals = new Map<number, number>();
    for (const row of remaining) totals.set(row.ticketId, (totals.get(row.ticketId) ?? 0) + row.quantity);
    setProgress({ done: importedRows, total: parsed.rows.length });
    try {
      // With emails, the check reserves the remaining rows' sends against the daily quota, or refuses the import whole.
      const check = await api.checkParticipantImport(eventId, {
        totals: [...totals].map(([ticket_id, quantity]) => ({ ticket_id, quantity })),
        emails: sendEmail ? remaining.length : 0,
      });
      if (!check.ok) throw new ImportRefused(check.error, "errors.processing");
      const emailReservation = check.data?.email_reservation ?? undefined;
      let done = importedRows;
      for (const chunk of importChunks(remaining)) {
        // Sent as cleaned cells; each row keeps its file line so a server-side error names the right line.
        const answer = await api.importParticipants(eventId, {
          rows: chunk.map(importCells),
          first_line: chunk[0]!.line,
          send_email: sendEmail,
          email_reservation: emailReservation,
        });
        if (!answer.ok) throw new ImportRefused(answer.error, "errors.upload");
        if (answer.data.errors?.length) {
          setParsed({ ...parsed, errors: answer.data.errors });
          throw new ImportRefused(null, "errors.rows");
        }
        done += chunk.length;
        setImportedRows(done);
        setProgress({ done, total: parsed.rows.length });
      }
      setImportedRows(0);
      setDoneCount(done);
      setParsed(null);
      if (inputRef.current) inputRef.current.value = "";
      toast.success(t("done", { count: done }));
    } catch (error) {
      setServerError(serverErrorKey(error));
    } finally {
      setProgress(null);
      // The rows went through the API, not a route action: reload the remaining places (even after a partial import).
      void revalidator.revalidate();
    }
  };

  const participantCount = parsed?.rows.reduce((sum, row) => sum + row.quantity, 0) ?? 0;
  const importing = progress !== null;

  return (
    <div className="flex w-full min-w-0 flex-col gap-6">
      <div className="flex flex-wrap items-center gap-2">
        <Button asChild variant="ghost" size="sm">
          <Link to={`/event/${eventId}/participants`}>
            <ArrowLeft /> {t("back")}
          </Link>
        </Button>
      </div>
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <p className="max-w-prose text-muted-foreground">{t("intro")}</p>
      </header>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <section className="flex min-w-0 flex-col gap-4">
          <div className="flex flex-col gap-2">
            <Label htmlFor="import-file">{t("file.label")}</Label>
            <input
              ref={inputRef}
              id="import-file"
              type="file"
              accept=".csv,text/csv"
              disabled={importing}
              className="block w-full rounded-md border bg-background p-2 text-sm file:mr-3 file:rounded file:border-0 file:bg-primary file:px-3 file:py-1.5 file:text-primary-foreground"
              aria-describedby="import-file-hint"
              onChange={(e) => void readFile(e.target.files?.[0])}
            />
            <p id="import-file-hint" className="text-sm text-muted-foreground">
              {t("file.hint", sizeVars)}
            </p>
            <div>
              <Button asChild variant="outline" size="sm">
                <a href={template} download="modele-import-participants.csv">
                  <Download /> {t("template")}
                </a>
              </Button>
            </div>
          </div>

          {fileError && (
            <Alert variant="destructive" role="alert">
              <AlertDescription>{t(`errors.${fileError}`, sizeVars)}</AlertDescription>
            </Alert>
          )}
          {serverError && (
            <Alert variant="destructive" role="alert">
              <AlertDescription>
                {t(serverError, sizeVars)}
                {parsed && importedRows > 0 && <> {t("resume", { done: importedRows, total: parsed.rows.length })}</>}
              </AlertDescription>
            </Alert>
          )}
          {doneCount !== null && (
            <Alert role="status">
              <AlertDescription>{t("done", { count: doneCount })}</AlertDescription>
            </Alert>
          )}

          {parsed && (
            <section className="flex flex-col gap-3" aria-labelledby="import-preview-title">
              <h2 id="import-preview-title" className="flex items-center gap-2 text-lg font-semibold">
                <FileUp className="size-5" aria-hidden /> {t("preview.title")} · {parsed.fileName}
              </h2>
              {parsed.errors.length > 0 ? (
                <>
                  <p role="alert" className="font-medium text-destructive">
                    {t("preview.errors", { count: parsed.errors.length })}
                  </p>
                  <div className="max-h-96 overflow-auto rounded-md border">
                    <Table data-testid="import-errors">
                      <TableHeader>
                        <TableRow>
                          <TableHead className="w-20">{t("preview.line")}</TableHead>
                          <TableHead>{t("preview.message")}</TableHead>
                        </TableRow>
                      </TableHeader>
                      <TableBody>
                        {parsed.errors.slice(0, ERRORS_SHOWN).map((error, index) => (
                          <TableRow key={`${error.line}-${error.key}-${index}`}>
                            <TableCell className="tabular-nums">{error.line}</TableCell>
                            <TableCell className="whitespace-normal">{t(error.key)}</TableCell>
                          </TableRow>
                        ))}
                      </TableBody>
                    </Table>
                  </div>
                  {parsed.errors.length > ERRORS_SHOWN && (
                    <p className="text-sm text-muted-foreground">
                      {t("preview.more", { count: parsed.errors.length - ERRORS_SHOWN })}
                    </p>
                  )}
                </>
              ) : (
                <>
                  <p data-testid="import-ready">
                    {t("preview.rows", { count: parsed.rows.length })} ·{" "}
                    {t("preview.participants", { count: participantCount })}
                  </p>
                  <div className="overflow-x-auto rounded-md border">
                    <Table>
                      <TableHeader>
                        <TableRow>
                          <TableHead>{t("preview.line")}</TableHead>
                          <TableHead>{t("preview.first-name")}</TableHead>
                          <TableHead>{t("preview.last-name")}</TableHead>
                          <TableHead>{t("preview.email")}</TableHead>
                          <TableHead>{t("preview.ticket")}</TableHead>
                          <TableHead className="text-right">{t("preview.quantity")}</TableHead>
                        </TableRow>
                      </TableHeader>
                      <TableBody>
                        {parsed.rows.slice(0, PREVIEW_ROWS).map((row) => (
                          <TableRow key={row.line}>
                            <TableCell className="tabular-nums">{row.line}</TableCell>
                            <TableCell>{row.firstName}</TableCell>
                            <TableCell>{row.lastName}</TableCell>
                            <TableCell>{row.email}</TableCell>
                            <TableCell>{ticketTitles.get(row.ticketId)}</TableCell>
                            <TableCell className="text-right tabular-nums">{row.quantity}</TableCell>
                          </TableRow>
                        ))}
                      </TableBody>
                    </Table>
                  </div>
                  {parsed.rows.length > PREVIEW_ROWS && (
                    <p className="text-sm text-muted-foreground">
                      {t("preview.more", { count: parsed.rows.length - PREVIEW_ROWS })}
                    </p>
                  )}
                </>
              )}
              <div className="flex items-center gap-2">
                <Checkbox
                  id="import-send-email"
                  checked={sendEmail}
                  disabled={importing}
                  onCheckedChange={(value) => setSendEmail(value === true)}
                />
                <Label htmlFor="import-send-email">{t("send-email")}</Label>
              </div>
              <p className="-mt-2 text-sm text-muted-foreground" data-testid="email-quota">
                {t("email-quota", {
                  remaining: formatNumber(emailQuota.remaining, i18n.language),
                  limit: formatNumber(emailQuota.limit, i18n.language),
                })}
              </p>
              <div>
                <Button
                  type="button"
                  disabled={importing || parsed.errors.length > 0 || parsed.rows.length === 0}
                  onClick={() => void runImport()}
                >
                  <Upload /> {t("import")}
                </Button>
              </div>
            </section>
          )}

          {progress && (
            <div className="flex flex-col gap-1" data-testid="import-progress">
              <div
                role="progressbar"
                aria-label={t("progress", progress)}
                aria-valuemin={0}
                aria-valuemax={progress.total}
                aria-valuenow={progress.done}
                className="h-3 w-full overflow-hidden rounded-full bg-muted"
              >
                <div
                  className="h-full bg-primary transition-[width]"
                  style={{ width: `${(progress.done / Math.max(1, progress.total)) * 100}%` }}
                />
              </div>
              <p className="text-sm text-muted-foreground tabular-nums">{t("progress", progress)}</p>
            </div>
          )}
        </section>

        <aside className="flex min-w-0 flex-col gap-2">
          <h2 className="text-lg font-semibold">{t("tickets.title")}</h2>
          <div className="overflow-x-auto rounded-md border">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>{t("tickets.id")}</TableHead>
                  <TableHead>{t("tickets.name")}</TableHead>
                  <TableHead className="text-right">{t("tickets.remaining")}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {tickets.map((ticket) => (
                  <TableRow key={ticket.id}>
                    <TableCell className="font-mono tabular-nums">{ticket.id}</TableCell>
                    <TableCell className="whitespace-normal">{ticket.title}</TableCell>
                    <TableCell className="text-right tabular-nums">
                      {ticket.remaining === null ? t("tickets.unlimited") : ticket.remaining}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        </aside>
      </div>
    </div>
  );
}
