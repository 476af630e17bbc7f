import { Mail, PenLine, UserX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDateTime } from "#domain/shared/format";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import type { MessagesHistoryData } from "./attendee-message-types";
import { MessageKindBadge, MessageStatusBadge, useSegmentDescription } from "./message-labels";
import { useDoneToast } from "./use-done-toast";

/**
 * The event's messages (issue 27 §4): each with its kind, who it went to, its state, when it left or will leave (the
 * event's time zone) and its delivery counts; then who asked for no more messages.
 */
export function MessagesHistory({ data }: { data: MessagesHistoryData }) {
  const { t, i18n } = useTranslation("attendee-messages");
  useDoneToast();
  const describe = useSegmentDescription(data.tickets);
  const newPath = `/event/${data.eventId}/messages/new`;
  const when = (at: number | null) => (at ? formatDateTime(at, i18n.language, data.timezone) : "—");

  return (
    <section className="flex min-w-0 flex-col gap-6" aria-labelledby="messages-title">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 id="messages-title" className="text-xl font-semibold">
            {t("history.title")}
          </h2>
          <p className="max-w-2xl text-sm text-muted-foreground">{t("history.description")}</p>
        </div>
        {data.messages.length > 0 ? (
          <Button asChild>
            <Link to={newPath} data-testid="messages-new">
              <PenLine />
              {t("history.new")}
            </Link>
          </Button>
        ) : null}
      </div>

      {data.messages.length === 0 ? (
        <div
          className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-background px-6 py-12 text-center"
          data-testid="messages-empty"
        >
          <Mail className="size-8 text-muted-foreground" aria-hidden />
          <div className="grid gap-1">
            <p className="font-medium">{t("history.empty-title")}</p>
            <p className="max-w-md text-sm text-muted-foreground">{t("history.empty-hint")}</p>
          </div>
          <Button asChild>
            <Link to={newPath} data-testid="messages-new">
              <PenLine />
              {t("history.new")}
            </Link>
          </Button>
        </div>
      ) : (
        <div className="rounded-xl border bg-background">
          {/* Phones: one card per message; wider screens: the table. */}
          <ul className="divide-y md:hidden" data-testid="messages-list">
            {data.messages.map((message) => (
              <li key={message.id} className="grid gap-1.5 p-4">
                <Link
                  to={`/event/${data.eventId}/messages/${message.id}`}
                  className="font-medium break-words underline-offset-4 hover:underline"
                >
                  {message.subject || t("history.no-subject")}
                </Link>
                <div className="flex flex-wrap items-center gap-1.5">
                  <MessageKindBadge kind={message.kind} />
                  <MessageStatusBadge status={message.status} />
                </div>
                <p className="text-sm text-muted-foreground">{describe(message.segment)}</p>
                <p className="text-sm text-muted-foreground">
                  {when(message.status === "scheduled" ? message.scheduledAt : message.sentAt)}
                </p>
                {message.sendCount > 0 ? (
                  <p className="text-sm tabular-nums">
                    {t("history.counts", {
                      sent: message.counts.sent,
                      failed: message.counts.failed,
                      bounced: message.counts.bounced,
                    })}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
          <Table data-testid="messages-table" className="max-md:hidden">
            <TableHeader>
              <TableRow>
                <TableHead>{t("history.subject")}</TableHead>
                <TableHead>{t("history.kind")}</TableHead>
                <TableHead>{t("history.segment")}</TableHead>
                <TableHead>{t("history.status")}</TableHead>
                <TableHead>{t("history.when")}</TableHead>
                <TableHead className="text-right">{t("history.sent")}</TableHead>
                <TableHead className="text-right">{t("history.failed")}</TableHead>
                <TableHead className="text-right">{t("history.bounced")}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.messages.map((message) => (
                <TableRow key={message.id} data-testid={`message-row-${message.id}`}>
                  <TableCell className="max-w-72 font-medium">
                    <Link
                      to={`/event/${data.eventId}/messages/${message.id}`}
                      className="block truncate underline-offset-4 hover:underline"
                    >
                      {message.subject || t("history.no-subject")}
                    </Link>
                  </TableCell>
                  <TableCell>
                    <MessageKindBadge kind={message.kind} />
                  </TableCell>
                  <TableCell className="max-w-56 truncate text-muted-foreground">{describe(message.segment)}</TableCell>
                  <TableCell>
                    <MessageStatusBadge status={message.status} />
                  </TableCell>
                  <TableCell className="whitespace-nowrap text-muted-foreground">
                    {when(message.status === "scheduled" ? message.scheduledAt : message.sentAt)}
                  </TableCell>
                  <TableCell className="text-right tabular-nums" data-testid="count-sent">
                    {message.counts.sent}
                  </TableCell>
                  <TableCell className="text-right tabular-nums" data-testid="count-failed">
                    {message.counts.failed}
                  </TableCell>
                  <TableCell className="text-right tabular-nums" data-testid="count-bounced">
                    {message.counts.bounced}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {data.hasMore ? (
            <div className="border-t p-3 text-center">
              <Button variant="outline" size="sm" asChild>
                <Link to={`?before=${data.messages[data.messages.length - 1]?.id ?? ""}`}>{t("history.older")}</Link>
              </Button>
            </div>
          ) : null}
        </div>
      )}

      <Card data-testid="messages-opt-outs">
        <CardHeader className="grid gap-1">
          <h3 className="flex items-center gap-2 font-semibold">
            <UserX className="size-4" aria-hidden />
            {t("opt-outs.title")}
          </h3>
          <p className="text-sm text-muted-foreground">{t("opt-outs.description")}</p>
        </CardHeader>
        <CardContent>
          {data.optOuts.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("opt-outs.empty")}</p>
          ) : (
            <ul className="divide-y text-sm">
              {data.optOuts.map((optOut) => (
                <li key={optOut.email} className="flex flex-wrap justify-between gap-2 py-2">
                  <span className="break-all">{optOut.email}</span>
                  <span className="text-muted-foreground">{when(optOut.createdAt)}</span>
                </li>
              ))}
            </ul>
          )}
          {data.optOutTotal > data.optOuts.length ? (
            <p className="mt-2 text-sm text-muted-foreground">
              {t("opt-outs.more", { count: data.optOutTotal - data.optOuts.length })}
            </p>
          ) : null}
        </CardContent>
      </Card>
    </section>
  );
}
