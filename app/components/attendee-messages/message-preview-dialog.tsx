import { Eye } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { FormError } from "~/components/form-error";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog-lazy";
import { useLazyDialogTrigger } from "~/components/ui/lazy-dialog-trigger";
import { Spinner } from "~/components/ui/spinner";
import type { PreviewParticipant, PreviewResult } from "./attendee-message-types";

/**
 * « Aperçu » (issue 27 §1): the email as the chosen participant would receive it, in their language with the
 * variables filled, rendered by the server and shown in a sandboxed frame (no script, no navigation of this page).
 */
export function MessagePreviewDialog({
  toolsPath,
  subject,
  body,
  participants,
  participantTotal,
}: {
  toolsPath: string;
  subject: string;
  body: string;
  participants: PreviewParticipant[];
  participantTotal: number;
}) {
  const { t } = useTranslation("attendee-messages");
  const ids = useId();
  const { open, setOpen, triggerProps, onCloseAutoFocus } = useLazyDialogTrigger();
  const [participantId, setParticipantId] = useState<string>(participants[0] ? String(participants[0].id) : "");
  const fetcher = useFetcher<PreviewResult>();
  const submit = fetcher.submit;

  useEffect(() => {
    if (!open) return;
    void submit(
      { intent: "preview", subject, body, participant_id: participantId },
      { method: "post", action: toolsPath },
    );
  }, [open, participantId, subject, body, toolsPath, submit]);

  const preview = fetcher.data?.ok && fetcher.data.intent === "preview" ? fetcher.data : null;
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.errors.formError : null;

  return (
    <>
      {/* The dialog's code loads when it first opens: the trigger is server-rendered with the page. */}
      <Button {...triggerProps} variant="outline" data-testid="message-preview">
        <Eye />
        {t("compose.preview")}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          className="sm:max-w-3xl"
          data-testid="message-preview-dialog"
          onCloseAutoFocus={onCloseAutoFocus}
        >
          <DialogHeader>
            <DialogTitle>{t("preview.title")}</DialogTitle>
            <DialogDescription>{t("preview.description")}</DialogDescription>
          </DialogHeader>
          {participants.length > 0 ? (
            <div className="grid gap-1.5">
              <label htmlFor={`${ids}-participant`} className="text-sm font-medium">
                {t("preview.as")}
              </label>
              <select
                id={`${ids}-participant`}
                value={participantId}
                onChange={(event) => setParticipantId(event.target.value)}
                className="h-9 w-full min-w-0 rounded-md border border-input bg-transparent px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50"
                data-testid="message-preview-participant"
              >
                {participants.map((participant) => (
                  <option key={participant.id} value={participant.id}>
                    {[participant.name, participant.email, participant.ticketTitle].filter(Boolean).join(" · ")}
                  </option>
                ))}
              </select>
              {participantTotal > participants.length ? (
                <p className="text-xs text-muted-foreground">
                  {t("preview.first-participants", { count: participants.length })}
                </p>
              ) : null}
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">{t("preview.no-participants")}</p>
          )}
          <FormError message={error} />
          {preview ? (
            <div className="grid gap-2">
              <p className="text-sm">
                <span className="text-muted-foreground">{t("preview.subject")} </span>
                <span className="font-medium" data-testid="message-preview-subject">
                  {preview.subject}
                </span>
              </p>
              {preview.recipient ? (
                <p className="text-xs text-muted-foreground">
                  {t("preview.recipient", {
                    name: preview.recipient.name,
                    email: preview.recipient.email,
                    language: t(`language.${preview.recipient.locale}`),
                  })}
                </p>
              ) : null}
              <iframe
                title={t("preview.frame")}
                sandbox=""
                srcDoc={preview.html}
                className="h-[60vh] w-full rounded-md border bg-white"
                data-testid="message-preview-frame"
              />
            </div>
          ) : !error ? (
            <div className="flex h-40 items-center justify-center">
              <Spinner label={t("preview.loading")} />
            </div>
          ) : null}
        </DialogContent>
      </Dialog>
    </>
  );
}
