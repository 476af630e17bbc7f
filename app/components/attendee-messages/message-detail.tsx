import { ArrowLeft, RefreshCw, RotateCcw } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher, useRevalidator } from "react-router";
import { toast } from "~/lib/toast";
import { formatDateTime, formatNumber } from "#domain/shared/format";
import { descriptionContentClass } from "~/components/event-editor/description-editor-skeleton";
import { FormError } from "~/components/form-error";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "~/components/ui/alert-dialog-lazy";
import { useLazyDialogTrigger } from "~/components/ui/lazy-dialog-trigger";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { Spinner } from "~/components/ui/spinner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { cn } from "~/lib/utils";
import type { MessageActionResult, MessageDetailData, RecipientState } from "./attendee-message-types";
import { MessageKindBadge, MessageStatusBadge, RecipientStateBadge, useSegmentDescription } from "./message-labels";
import { useDoneToast } from "./use-done-toast";

type DetailData = Extract<MessageDetailData, { mode: "detail" }>;
const states: RecipientState[] = ["queued", "sending", "sent", "failed", "bounced"];

/**
 * A message that went out (issue 27 §4): what was sent, its counts by delivery state, the recipients (paged,
 * filtered by state) with a retry for each failed one, and « Envoyer à nouveau » after an explicit confirmation.
 */
export function MessageDetail({ data }: { data: DetailData }) {
  const { t, i18n } = useTranslation("attendee-messages");
  useDoneToast();
  const { message, counts } = data;
  const describe = useSegmentDescription(data.tickets);
  const basePath = `/event/${data.eventId}/messages`;
  const selfPath = `${basePath}/${message.id}`;
  const sender = useFetcher<MessageActionResult>({ key: `message-${data.eventId}-${message.id}` });
  const resendDialog = useLazyDialogTrigger();
  const failure = sender.data && !sender.data.ok ? sender.data : null;
  const total = states.reduce((sum, state) => sum + counts[state], 0);
  const when = (at: number | null) => (at ? formatDateTime(at, i18n.language, data.timezone) : "—");
  const retry = (recipientId: number) =>
    void sender.submit({ intent: "retry", recipient_id: String(recipientId) }, { method: "post", action: selfPath });
  const filterHref = (state: RecipientState | null) => (state ? `${selfPath}?state=${state}` : selfPath);

  // While it is being sent, the counts move: read them again every few seconds until it is done.
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (message.status !== "sending") return;
    const timer = setInterval(() => void revalidate(), 4000);
    return () => clearInterval(timer);
  }, [message.status, revalidate]);

  useEffect(() => {
    if (sender.state === "idle" && sender.data?.ok && sender.data.intent === "retry") toast.success(t("toasts.retry"));
  }, [sender.state, sender.data, t]);

  return (
    <div className="grid gap-6" data-testid="message-detail">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <Link
            to={basePath}
            className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
          >
            <ArrowLeft className="size-4" aria-hidden />
            {t("compose.back")}
          </Link>
          <h2 className="flex flex-wrap items-center gap-2 text-xl font-semibold break-words">
            {message.subject}
            <MessageKindBadge kind={message.kind} />
            <MessageStatusBadge status={message.status} />
          </h2>
          <p className="text-sm text-muted-foreground">
            {t("detail.sent-at", { date: when(message.sentAt) })}
            {message.sendCount > 1 ? ` · ${t("detail.send-number", { count: message.sendCount })}` : null}
          </p>
          <p className="text-sm text-muted-foreground" data-testid="message-segment">
            {t("detail.segment", { segment: describe(message.segment) })}
          </p>
        </div>
        {message.status === "sent" ? (
          <>
            {/* The dialog's code loads when it first opens: the trigger is server-rendered with the page. */}
            <Button
              {...resendDialog.triggerProps}
              variant="outline"
              disabled={sender.state !== "idle"}
              data-testid="message-resend"
            >
              {sender.state !== "idle" ? <Spinner label={null} /> : <RefreshCw />}
              {t("detail.resend")}
            </Button>
            <AlertDialog open={resendDialog.open} onOpenChange={resendDialog.setOpen}>
              <AlertDialogContent onCloseAutoFocus={resendDialog.onCloseAutoFocus}>
                <AlertDialogHeader>
                  <AlertDialogTitle>{t("detail.resend-title")}</AlertDialogTitle>
                  <AlertDialogDescription>{t("detail.resend-description")}</AlertDialogDescription>
                </AlertDialogHeader>
                <AlertDialogFooter>
                  <AlertDialogCancel>{t("compose.cancel")}</AlertDialogCancel>
                  <AlertDialogAction
                    onClick={() => void sender.submit({ intent: "resend" }, { method: "post", action: selfPath })}
                    data-testid="message-resend-confirm"
                  >
                    {t("detail.resend-confirm")}
                  </AlertDialogAction>
                </AlertDialogFooter>
              </AlertDialogContent>
            </AlertDialog>
          </>
        ) : null}
      </div>
      <FormError message={failure?.errors.formError} />
      {failure?.quota ? (
        <p className="text-sm text-destructive" data-testid="message-quota-error">
          {t("compose.quota-refused", {
            count: failure.quota.recipients,
            formatted: formatNumber(failure.quota.recipients, i18n.language),
            remaining: formatNumber(failure.quota.remaining, i18n.language),
          })}
        </p>
      ) : null}

      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" data-testid="message-counts">
        <li className="rounded-xl border bg-background p-3">
          <p className="text-xs text-muted-foreground">{t("detail.total")}</p>
          <p className="text-2xl font-semibold tabular-nums">{formatNumber(total, i18n.language)}</p>
        </li>
        {states.map((state) => (
          <li key={state} className="rounded-xl border bg-background p-3" data-testid={`message-count-${state}`}>
            <p className="text-xs text-muted-foreground">{t(`recipient-state.${state}`)}</p>
            <p className="text-2xl font-semibold tabular-nums">{formatNumber(counts[state], i18n.language)}</p>
          </li>
        ))}
      </ul>

      <Card>
        <CardHeader>
          <h3 className="font-semibold">{t("detail.content")}</h3>
        </CardHeader>
        <CardContent>
          <div
            className={cn("max-w-3xl", descriptionContentClass)}
            // Sanitized by the domain when stored (the description's allowlist); variables shown as written.
            dangerouslySetInnerHTML={{ __html: message.body }}
          />
        </CardContent>
      </Card>

      <section className="grid gap-3" aria-labelledby="recipients-title">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="recipients-title" className="font-semibold">
            {t("detail.recipients")}
          </h3>
          <nav className="flex flex-wrap gap-1" aria-label={t("detail.filter")}>
            {[null, ...states].map((state) => (
              <Button key={state ?? "all"} variant={data.state === state ? "secondary" : "ghost"} size="sm" asChild>
                <Link
                  to={filterHref(state)}
                  aria-current={data.state === state ? "page" : undefined}
                  preventScrollReset
                  data-testid={`recipients-filter-${state ?? "all"}`}
                >
                  {state ? t(`recipient-state.${state}`) : t("detail.all")}
                </Link>
              </Button>
            ))}
          </nav>
        </div>
        <div className="rounded-xl border bg-background">
          {/* Phones: one card per recipient; wider screens: the table. */}
          <ul className="divide-y md:hidden" data-testid="recipients-list">
            {data.recipients.length === 0 ? (
              <li className="p-4 text-center text-sm text-muted-foreground">{t("detail.no-recipients")}</li>
            ) : (
              data.recipients.map((recipient) => (
                <li key={recipient.id} className="grid gap-1 p-4 text-sm">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="grid min-w-0">
                      <span className="font-medium break-words">{recipient.name || recipient.email}</span>
                      {recipient.name ? (
                        <span className="text-xs break-all text-muted-foreground">{recipient.email}</span>
                      ) : null}
                    </div>
                    <RecipientStateBadge state={recipient.status} />
                  </div>
                  <p className="text-muted-foreground">
                    {[
                      recipient.ticketTitle,
                      t(`language.${recipient.locale}`),
                      recipient.sentAt ? when(recipient.sentAt) : "",
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                  </p>
                  {recipient.optedOut ? <p className="text-xs text-muted-foreground">{t("detail.opted-out")}</p> : null}
                  {recipient.lastError && recipient.status !== "sent" ? (
                    <p className="text-xs break-words text-muted-foreground">{recipient.lastError}</p>
                  ) : null}
                  {recipient.status === "failed" ? (
                    <Button
                      variant="outline"
                      size="sm"
                      className="justify-self-start"
                      disabled={sender.state !== "idle"}
                      onClick={() => retry(recipient.id)}
                    >
                      <RotateCcw />
                      {t("detail.retry")}
                    </Button>
                  ) : null}
                </li>
              ))
            )}
          </ul>
          <Table data-testid="recipients-table" className="max-md:hidden">
            <TableHeader>
              <TableRow>
                <TableHead>{t("detail.recipient")}</TableHead>
                <TableHead>{t("detail.ticket")}</TableHead>
                <TableHead>{t("detail.language")}</TableHead>
                <TableHead>{t("detail.state")}</TableHead>
                <TableHead>{t("detail.delivered-at")}</TableHead>
                <TableHead>
                  <span className="sr-only">{t("detail.actions")}</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.recipients.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={6} className="py-8 text-center text-muted-foreground">
                    {t("detail.no-recipients")}
                  </TableCell>
                </TableRow>
              ) : (
                data.recipients.map((recipient) => (
                  <TableRow key={recipient.id} data-testid={`recipient-${recipient.email}`}>
                    <TableCell>
                      <div className="grid">
                        <span className="font-medium">{recipient.name || recipient.email}</span>
                        {recipient.name ? (
                          <span className="text-xs text-muted-foreground">{recipient.email}</span>
                        ) : null}
                        {recipient.optedOut ? (
                          <span className="text-xs text-muted-foreground">{t("detail.opted-out")}</span>
                        ) : null}
                      </div>
                    </TableCell>
                    <TableCell className="text-muted-foreground">{recipient.ticketTitle || "—"}</TableCell>
                    <TableCell className="text-muted-foreground">{t(`language.${recipient.locale}`)}</TableCell>
                    <TableCell>
                      <div className="grid gap-1">
                        <RecipientStateBadge state={recipient.status} />
                        {recipient.lastError && recipient.status !== "sent" ? (
                          <span className="max-w-64 text-xs break-words text-muted-foreground">
                            {recipient.lastError}
                          </span>
                        ) : null}
                      </div>
                    </TableCell>
                    <TableCell className="whitespace-nowrap text-muted-foreground">{when(recipient.sentAt)}</TableCell>
                    <TableCell className="text-right">
                      {recipient.status === "failed" ? (
                        <Button
                          variant="outline"
                          size="sm"
                          disabled={sender.state !== "idle"}
                          onClick={() => retry(recipient.id)}
                          data-testid={`recipient-retry-${recipient.id}`}
                        >
                          <RotateCcw />
                          {t("detail.retry")}
                        </Button>
                      ) : null}
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          {data.after ? (
            <Button variant="outline" size="sm" asChild>
              <Link to={filterHref(data.state)} preventScrollReset>
                {t("detail.first-page")}
              </Link>
            </Button>
          ) : null}
          {data.hasMoreRecipients ? (
            <Button variant="outline" size="sm" asChild>
              <Link
                to={`${selfPath}?${new URLSearchParams({
                  ...(data.state ? { state: data.state } : {}),
                  after: String(data.recipients[data.recipients.length - 1]?.id ?? 0),
                }).toString()}`}
                preventScrollReset
                data-testid="recipients-next"
              >
                {t("detail.next-page")}
              </Link>
            </Button>
          ) : null}
        </div>
      </section>
    </div>
  );
}
