import type { Editor } from "@tiptap/react";
import { ArrowLeft, CalendarClock, CalendarX, FlaskConical, Save, Send, Trash2 } from "lucide-react";
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher } from "react-router";
import { toast } from "~/lib/toast";
import { messageVariables, type MessageVariable } from "#domain/attendee-messages/message-variables";
import { formatDateTime, formatNumber } from "#domain/shared/format";
import {
  DescriptionEditorSkeleton,
  descriptionContentClass,
} from "~/components/event-editor/description-editor-skeleton";
import { FieldError, FormError } from "~/components/form-error";
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
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Spinner } from "~/components/ui/spinner";
import { utcToZonedInput } from "~/lib/zoned-time";
import { cn } from "~/lib/utils";
import type { ComposeData, MessageActionResult, PreviewResult, RecipientCountResult } from "./attendee-message-types";
import { MessageKindBadge, MessageStatusBadge } from "./message-labels";
import { MessagePreviewDialog } from "./message-preview-dialog";
import { segmentDraftOf, segmentOfDraft, type SegmentDraft } from "~/lib/message-segment-draft";
import { SegmentPicker } from "./segment-picker";
import { useDoneToast } from "./use-done-toast";

// tiptap weighs more than the rest of the page: it comes when the page needs it.
const DescriptionEditor = lazy(() => import("~/components/event-editor/description-editor"));

/**
 * The composer (issue 27 §1): subject, rich-text body with the variables as chips inserted at the cursor, who receives
 * it with the exact count and the day's remaining quota, a preview as one participant, a test to oneself, and the
 * draft saved, sent now (confirmed with the count) or scheduled in the event's time zone.
 */
export function MessageComposer({ data }: { data: ComposeData }) {
  const { t, i18n } = useTranslation("attendee-messages");
  useDoneToast();
  const ids = useId();
  const message = data.message;
  const scheduled = message?.status === "scheduled";
  const [subject, setSubject] = useState(message?.subject ?? "");
  const [body, setBody] = useState(message?.body ?? "");
  const [draft, setDraft] = useState<SegmentDraft>(() =>
    segmentDraftOf(message?.segment, data.selectedParticipantIds, data.selectedDateIds),
  );
  const [scheduleAt, setScheduleAt] = useState("");
  const [scheduleMin, setScheduleMin] = useState("");
  // The dialogs' code loads when one first opens: their triggers are server-rendered with the page.
  const scheduleDialog = useLazyDialogTrigger({
    onOpen: () => {
      const now = Date.now();
      setScheduleMin(utcToZonedInput(now, data.timezone));
      setScheduleAt((value) => value || utcToZonedInput(now + 3600_000, data.timezone));
    },
  });
  const sendDialog = useLazyDialogTrigger();
  const subjectRef = useRef<HTMLInputElement>(null);
  const editorRef = useRef<Editor | null>(null);
  const lastField = useRef<"subject" | "body">("body");
  const onEditor = useCallback((editor: Editor | null) => {
    editorRef.current = editor;
  }, []);

  const basePath = `/event/${data.eventId}/messages`;
  const toolsPath = `${basePath}/tools`;
  const segment = segmentOfDraft(draft);
  const segmentJson = segment ? JSON.stringify(segment) : "";

  const counter = useFetcher<RecipientCountResult>();
  const loadCount = counter.load;
  useEffect(() => {
    if (segmentJson) void loadCount(`${toolsPath}?segment=${encodeURIComponent(segmentJson)}`);
  }, [segmentJson, toolsPath, loadCount]);
  const count = segmentJson && counter.data?.ok ? counter.data : null;

  const saver = useFetcher<MessageActionResult>({ key: `message-${data.eventId}-${message?.id ?? "new"}` });
  const failure = saver.data && !saver.data.ok ? saver.data : null;
  const busy = saver.state !== "idle";
  const messageId = message?.id ?? failure?.messageId ?? null;
  const errors = failure?.errors ?? {};
  const lastIntent = saver.formData?.get("intent");

  const tester = useFetcher<PreviewResult>();
  useEffect(() => {
    if (tester.state !== "idle" || !tester.data) return;
    if (tester.data.ok && tester.data.intent === "test") toast.success(t("toasts.test-sent", { to: tester.data.to }));
    else if (!tester.data.ok) toast.error(t((tester.data.errors.formError ?? "errors:invalid-input") as never));
  }, [tester.state, tester.data, t]);

  function submit(intent: string, extra: Record<string, string> = {}) {
    void saver.submit(
      {
        intent,
        subject,
        body,
        segment: segmentJson,
        ...(messageId && !message ? { message_id: String(messageId) } : {}),
        ...extra,
      },
      { method: "post" },
    );
  }

  function insertVariable(name: MessageVariable) {
    const token = `{${name}}`;
    const input = subjectRef.current;
    if (lastField.current === "subject" && input) {
      const start = input.selectionStart ?? subject.length;
      const end = input.selectionEnd ?? start;
      const next = subject.slice(0, start) + token + subject.slice(end);
      setSubject(next);
      requestAnimationFrame(() => {
        input.focus();
        input.setSelectionRange(start + token.length, start + token.length);
      });
      return;
    }
    editorRef.current?.chain().focus().insertContent(token).run();
  }

  const when = (at: number | null) => (at ? formatDateTime(at, i18n.language, data.timezone) : "");
  const canSend = data.eventStatus !== "draft";
  const remaining = count?.quota.remaining ?? null;
  const overQuota = count !== null && count.recipients > count.quota.remaining;
  // The refusal as this send answered it, or, for a message refused before (the page reloaded), as things stand now.
  const quotaRefusal =
    failure?.quota ??
    (message?.status === "failed" && message.failureReason === "email_quota" && overQuota && count
      ? { recipients: count.recipients, remaining: count.quota.remaining }
      : null);

  return (
    <form
      className="grid gap-6"
      noValidate
      data-testid="message-composer"
      onSubmit={(event) => {
        event.preventDefault();
        submit("save");
      }}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <Link
            to={basePath}
            className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
          >
            <ArrowLeft className="size-4" aria-hidden />
            {t("compose.back")}
          </Link>
          <h2 className="flex flex-wrap items-center gap-2 text-xl font-semibold">
            {message ? t("compose.edit-title") : t("compose.new-title")}
            {message ? <MessageKindBadge kind={message.kind} /> : null}
            {message ? <MessageStatusBadge status={message.status} /> : null}
          </h2>
        </div>
        {message && message.sendCount === 0 && !scheduled ? (
          <DeleteDraft disabled={busy} onDelete={() => submit("delete")} />
        ) : null}
      </div>

      {scheduled && message ? (
        <Alert data-testid="message-scheduled" role="status">
          <CalendarClock aria-hidden />
          <AlertTitle>{t("compose.scheduled-title", { date: when(message.scheduledAt) })}</AlertTitle>
          <AlertDescription>
            <p>{t("compose.scheduled-hint")}</p>
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="mt-2"
              disabled={busy}
              onClick={() => submit("unschedule")}
              data-testid="message-unschedule"
            >
              <CalendarX />
              {t("compose.unschedule")}
            </Button>
          </AlertDescription>
        </Alert>
      ) : null}
      {message?.status === "failed" ? (
        <Alert variant="destructive" data-testid="message-failed">
          <AlertTitle>{t("compose.failed-title")}</AlertTitle>
          <AlertDescription>{t("compose.failed-hint")}</AlertDescription>
        </Alert>
      ) : null}
      {!canSend ? (
        <Alert role="status">
          <AlertDescription>{t("compose.event-draft")}</AlertDescription>
        </Alert>
      ) : null}

      <FormError message={errors.formError} />
      {quotaRefusal ? (
        <p className="text-sm text-destructive" data-testid="message-quota-error">
          {t("compose.quota-refused", {
            count: quotaRefusal.recipients,
            formatted: formatNumber(quotaRefusal.recipients, i18n.language),
            remaining: formatNumber(quotaRefusal.remaining, i18n.language),
          })}
        </p>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
        <Card>
          <CardContent className="grid gap-5">
            <div className="grid gap-1.5">
              <label htmlFor={`${ids}-subject`} className="text-sm font-medium">
                {t("compose.subject")}
              </label>
              <Input
                id={`${ids}-subject`}
                ref={subjectRef}
                value={subject}
                maxLength={200}
                readOnly={scheduled}
                onChange={(event) => setSubject(event.target.value)}
                onFocus={() => (lastField.current = "subject")}
                aria-invalid={errors.fields?.subject ? true : undefined}
                aria-describedby={errors.fields?.subject ? `${ids}-subject-error` : undefined}
                data-testid="message-subject"
              />
              <FieldError id={`${ids}-subject-error`} message={errors.fields?.subject} />
            </div>

            <div className="grid gap-1.5">
              <span id={`${ids}-body-label`} className="text-sm font-medium">
                {t("compose.body")}
              </span>
              {scheduled ? (
                <div
                  className={cn("rounded-md border bg-muted/30 px-3 py-2", descriptionContentClass)}
                  // Sanitized by the domain when stored (the description's allowlist).
                  dangerouslySetInnerHTML={{ __html: body }}
                />
              ) : (
                <div onFocus={() => (lastField.current = "body")}>
                  <Suspense fallback={<DescriptionEditorSkeleton html={body} />}>
                    <DescriptionEditor
                      value={body}
                      onChange={setBody}
                      labelId={`${ids}-body-label`}
                      describedBy={errors.fields?.body ? `${ids}-body-error` : `${ids}-variables-hint`}
                      invalid={Boolean(errors.fields?.body)}
                      placeholder={t("compose.body-placeholder")}
                      onEditor={onEditor}
                    />
                  </Suspense>
                </div>
              )}
              <FieldError id={`${ids}-body-error`} message={errors.fields?.body} />
            </div>

            {!scheduled ? (
              <div className="grid gap-2">
                <span className="text-sm font-medium" id={`${ids}-variables`}>
                  {t("compose.variables")}
                </span>
                <div
                  className="flex flex-wrap gap-1.5"
                  role="group"
                  aria-labelledby={`${ids}-variables`}
                  data-testid="message-variables"
                >
                  {messageVariables.map((name) => (
                    <Button
                      key={name}
                      type="button"
                      variant="secondary"
                      size="sm"
                      className="h-7 rounded-full font-mono text-xs"
                      title={t(`variables.${name}`)}
                      // Keeps the focus (and the cursor) in the subject or the body.
                      onMouseDown={(event) => event.preventDefault()}
                      onClick={() => insertVariable(name)}
                      data-testid={`variable-${name}`}
                    >
                      {`{${name}}`}
                    </Button>
                  ))}
                </div>
                <p id={`${ids}-variables-hint`} className="text-xs text-muted-foreground">
                  {t("compose.variables-hint")}
                </p>
              </div>
            ) : null}
          </CardContent>
        </Card>

        <div className="grid content-start gap-6">
          <Card>
            <CardHeader className="grid gap-1">
              <h3 id={`${ids}-segment`} className="font-semibold">
                {t("compose.recipients")}
              </h3>
            </CardHeader>
            <CardContent className="grid gap-4">
              <SegmentPicker
                draft={draft}
                onChange={setDraft}
                tickets={data.tickets}
                disabled={scheduled}
                labelId={`${ids}-segment`}
              />
              <FieldError id={`${ids}-segment-error`} message={errors.fields?.segment} />
              <div className="rounded-md bg-muted/50 p-3 text-sm" aria-live="polite" data-testid="message-count">
                {!segment ? (
                  <p className="text-muted-foreground">{t("compose.segment-incomplete")}</p>
                ) : count ? (
                  <>
                    <p className="font-medium" data-testid="message-recipient-count" data-count={count.recipients}>
                      {t("compose.recipient-count", {
                        count: count.recipients,
                        formatted: formatNumber(count.recipients, i18n.language),
                      })}
                    </p>
                    <p
                      className={cn("text-muted-foreground", overQuota && "text-destructive")}
                      data-testid="message-quota"
                    >
                      {t("compose.quota-remaining", {
                        count: count.quota.remaining,
                        formatted: formatNumber(count.quota.remaining, i18n.language),
                      })}
                    </p>
                  </>
                ) : (
                  <Spinner label={t("compose.counting")} />
                )}
              </div>
            </CardContent>
          </Card>
        </div>
      </div>

      {!scheduled ? (
        <div className="flex flex-col gap-2 rounded-xl border bg-background p-3 sm:flex-row sm:flex-wrap sm:items-center">
          <div className="flex flex-wrap gap-2">
            <MessagePreviewDialog
              toolsPath={toolsPath}
              subject={subject}
              body={body}
              participants={data.participants}
              participantTotal={data.participantTotal}
            />
            <Button
              type="button"
              variant="outline"
              disabled={tester.state !== "idle"}
              onClick={() =>
                void tester.submit({ intent: "test", subject, body }, { method: "post", action: toolsPath })
              }
              data-testid="message-test"
            >
              {tester.state !== "idle" ? <Spinner label={null} /> : <FlaskConical />}
              {t("compose.test")}
            </Button>
          </div>
          <div className="flex flex-wrap gap-2 sm:ml-auto">
            <Button type="submit" variant="outline" disabled={busy} data-testid="message-save">
              {busy && lastIntent === "save" ? <Spinner label={null} /> : <Save />}
              {t("compose.save")}
            </Button>
            <Button
              {...scheduleDialog.triggerProps}
              variant="outline"
              disabled={busy || !canSend || !segment}
              data-testid="message-schedule"
            >
              <CalendarClock />
              {t("compose.schedule")}
            </Button>
            <AlertDialog open={scheduleDialog.open} onOpenChange={scheduleDialog.setOpen}>
              <AlertDialogContent onCloseAutoFocus={scheduleDialog.onCloseAutoFocus}>
                <AlertDialogHeader>
                  <AlertDialogTitle>{t("compose.schedule-title")}</AlertDialogTitle>
                  <AlertDialogDescription>
                    {t("compose.schedule-description", { zone: data.timezone })}
                  </AlertDialogDescription>
                </AlertDialogHeader>
                <div className="grid gap-1.5">
                  <label htmlFor={`${ids}-schedule`} className="text-sm font-medium">
                    {t("compose.schedule-at")}
                  </label>
                  <Input
                    id={`${ids}-schedule`}
                    type="datetime-local"
                    value={scheduleAt}
                    min={scheduleMin}
                    onChange={(event) => setScheduleAt(event.target.value)}
                    data-testid="message-schedule-at"
                  />
                </div>
                <AlertDialogFooter>
                  <AlertDialogCancel>{t("compose.cancel")}</AlertDialogCancel>
                  <AlertDialogAction
                    disabled={!scheduleAt}
                    onClick={() => submit("schedule", { scheduled_at: scheduleAt })}
                    data-testid="message-schedule-confirm"
                  >
                    {t("compose.schedule-confirm")}
                  </AlertDialogAction>
                </AlertDialogFooter>
              </AlertDialogContent>
            </AlertDialog>
            <Button {...sendDialog.triggerProps} disabled={busy || !canSend || !segment} data-testid="message-send">
              {busy && lastIntent === "send" ? <Spinner label={null} /> : <Send />}
              {t("compose.send-now")}
            </Button>
            <AlertDialog open={sendDialog.open} onOpenChange={sendDialog.setOpen}>
              <AlertDialogContent onCloseAutoFocus={sendDialog.onCloseAutoFocus}>
                <AlertDialogHeader>
                  <AlertDialogTitle>{t("compose.send-title")}</AlertDialogTitle>
                  <AlertDialogDescription data-testid="message-send-description">
                    {count
                      ? t("compose.send-description", {
                          count: count.recipients,
                          formatted: formatNumber(count.recipients, i18n.language),
                        })
                      : t("compose.send-description-unknown")}
                  </AlertDialogDescription>
                </AlertDialogHeader>
                {overQuota && remaining !== null ? (
                  <p className="text-sm text-destructive">
                    {t("compose.quota-remaining", {
                      count: remaining,
                      formatted: formatNumber(remaining, i18n.language),
                    })}
                  </p>
                ) : null}
                <AlertDialogFooter>
                  <AlertDialogCancel>{t("compose.cancel")}</AlertDialogCancel>
                  <AlertDialogAction onClick={() => submit("send")} data-testid="message-send-confirm">
                    {t("compose.send-confirm")}
                  </AlertDialogAction>
                </AlertDialogFooter>
              </AlertDialogContent>
            </AlertDialog>
          </div>
        </div>
      ) : null}
      {errors.fields?.scheduled_at ? (
        <FieldError id={`${ids}-schedule-error`} message={errors.fields.scheduled_at} />
      ) : null}
    </form>
  );
}

function DeleteDraft({ disabled, onDelete }: { disabled: boolean; onDelete: () => void }) {
  const { t } = useTranslation("attendee-messages");
  const { open, setOpen, triggerProps, onCloseAutoFocus } = useLazyDialogTrigger();
  return (
    <>
      <Button {...triggerProps} variant="ghost" disabled={disabled} data-testid="message-delete">
        <Trash2 />
        {t("compose.delete")}
      </Button>
      <AlertDialog open={open} onOpenChange={setOpen}>
        <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
          <AlertDialogHeader>
            <AlertDialogTitle>{t("compose.delete-title")}</AlertDialogTitle>
            <AlertDialogDescription>{t("compose.delete-description")}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t("compose.cancel")}</AlertDialogCancel>
            <AlertDialogAction onClick={onDelete}>{t("compose.delete")}</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
