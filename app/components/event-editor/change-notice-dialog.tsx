import { Send } from "lucide-react";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { toast } from "~/lib/toast";
import type { ChangeNoticeOffer } from "#domain/events/change-notice";
import { FieldError, FormError } from "~/components/form-error";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog-lazy";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Spinner } from "~/components/ui/spinner";
import { DescriptionEditorSkeleton } from "./description-editor-skeleton";

const DescriptionEditor = lazy(() => import("./description-editor"));

type NotifyResult =
  | { ok: true; intent: "notify-change"; recipients: number }
  | { ok: false; errors: { formError?: string; fields?: Record<string, string> } };

/**
 * « Prévenir les participants ? » (issue 27 §3): after a save that moved a published event's date, time or place, the
 * prefilled notice stating the old and new values, editable, sent to every participant now, or declined. Declining
 * (the button, Escape, the corner cross, a click outside) sends nothing.
 */
export function ChangeNoticeDialog({
  eventId,
  offer,
  onDone,
}: {
  eventId: number;
  offer: ChangeNoticeOffer;
  onDone: () => void;
}) {
  const { t } = useTranslation("editor");
  const ids = useId();
  const fetcher = useFetcher<NotifyResult>();
  const [subject, setSubject] = useState(offer.subject);
  const [body, setBody] = useState(offer.body);
  const sending = fetcher.state !== "idle";
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const errors = result && !result.ok ? result.errors : null;

  const handled = useRef<unknown>(null);
  useEffect(() => {
    if (result?.ok && handled.current !== result) {
      handled.current = result;
      toast.success(t("change-notice.sent", { count: result.recipients }));
      onDone();
    }
  }, [result, onDone, t]);

  function send() {
    void fetcher.submit(
      { intent: "notify-change", subject, body },
      { method: "post", action: `/event/update/${eventId}` },
    );
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !sending) onDone();
      }}
    >
      <DialogContent className="sm:max-w-2xl" data-testid="change-notice-dialog">
        <DialogHeader>
          <DialogTitle>{t("change-notice.title")}</DialogTitle>
          <DialogDescription>{t("change-notice.description", { count: offer.recipients })}</DialogDescription>
        </DialogHeader>
        <form
          id={`${ids}-form`}
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!sending) send();
          }}
        >
          <FormError message={errors?.formError} />
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-subject`}>{t("change-notice.subject")}</Label>
            <Input
              id={`${ids}-subject`}
              name="subject"
              value={subject}
              onChange={(event) => setSubject(event.target.value)}
              aria-invalid={errors?.fields?.subject ? true : undefined}
              aria-describedby={errors?.fields?.subject ? `${ids}-subject-error` : undefined}
              data-testid="change-notice-subject"
            />
            <FieldError id={`${ids}-subject-error`} message={errors?.fields?.subject} />
          </div>
          <div className="grid gap-2" data-testid="change-notice-body">
            <span id={`${ids}-body-label`} className="text-sm leading-none font-medium">
              {t("change-notice.body")}
            </span>
            <Suspense fallback={<DescriptionEditorSkeleton html={body} />}>
              <DescriptionEditor
                value={body}
                onChange={setBody}
                labelId={`${ids}-body-label`}
                describedBy={errors?.fields?.body ? `${ids}-body-error` : `${ids}-body-hint`}
                invalid={Boolean(errors?.fields?.body)}
              />
            </Suspense>
            <p id={`${ids}-body-hint`} className="text-xs text-muted-foreground">
              {t("change-notice.body-hint")}
            </p>
            <FieldError id={`${ids}-body-error`} message={errors?.fields?.body} />
          </div>
        </form>
        <DialogFooter>
          <Button
            type="button"
            variant="outline"
            onClick={onDone}
            disabled={sending}
            data-testid="change-notice-decline"
          >
            {t("change-notice.decline")}
          </Button>
          <Button type="submit" form={`${ids}-form`} disabled={sending} data-testid="change-notice-send">
            {sending ? <Spinner label={null} /> : <Send aria-hidden />}
            {sending ? t("change-notice.sending") : t("change-notice.send")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
