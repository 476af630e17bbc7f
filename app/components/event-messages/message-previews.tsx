import { CircleCheck, Mail, QrCode } from "lucide-react";
import { useTranslation } from "react-i18next";
import { descriptionContentClass } from "~/components/event-editor/description-editor-skeleton";
import { accessibleSurface } from "~/lib/contrast";
import { cn } from "~/lib/utils";

/** The message as the buyer will read it, or a quiet note when there is none. */
function MessageBlock({ html, testId }: { html: string; testId: string }) {
  const { t } = useTranslation("event-messages");
  if (!html)
    return (
      <p className="text-sm text-muted-foreground italic" data-testid={testId}>
        {t("preview.empty")}
      </p>
    );
  // The editor's own output (or the stored, sanitized message): only the tags the server keeps.
  return (
    <div
      className={cn(descriptionContentClass, "break-words")}
      data-testid={testId}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/** A mock of the page shown right after a purchase, in the event's colour, with the message where it will appear. */
export function ConfirmationPagePreview({
  html,
  eventTitle,
  color,
}: {
  html: string;
  eventTitle: string;
  color: string;
}) {
  const { t } = useTranslation("event-messages");
  const surface = accessibleSurface(color);
  const surfaceStyle = { backgroundColor: surface.background, color: surface.text };
  return (
    <figure className="grid gap-2" data-testid="confirmation-preview">
      <figcaption className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
        {t("preview.confirmation-caption")}
      </figcaption>
      <div className="overflow-hidden rounded-lg border bg-background shadow-sm" aria-hidden={false}>
        {/* As on the order page: spec §9's text on the shade of the event's colour that gives it 4.5:1. */}
        <div className="flex items-center gap-3 px-4 py-5" style={surfaceStyle}>
          <CircleCheck className="size-7 shrink-0" aria-hidden />
          <div className="min-w-0">
            <p className="font-semibold">{t("preview.confirmation-heading")}</p>
            <p className="truncate text-sm">{eventTitle}</p>
          </div>
        </div>
        <div className="grid gap-4 p-4">
          <p className="text-sm text-muted-foreground">{t("preview.confirmation-text")}</p>
          <div className="rounded-md border-l-4 bg-muted/40 p-3" style={{ borderColor: color }}>
            <MessageBlock html={html} testId="confirmation-preview-message" />
          </div>
          <span
            className="inline-flex h-9 items-center justify-self-start rounded-md px-4 text-sm font-medium"
            style={surfaceStyle}
          >
            {t("preview.confirmation-button")}
          </span>
        </div>
      </div>
    </figure>
  );
}

/** A mock of the confirmation email and of the PDF ticket, both carrying the message. */
export function EmailPdfPreview({ html, eventTitle, color }: { html: string; eventTitle: string; color: string }) {
  const { t } = useTranslation("event-messages");
  return (
    <figure className="grid gap-2" data-testid="email-pdf-preview">
      <figcaption className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
        {t("preview.email-caption")}
      </figcaption>
      <div className="overflow-hidden rounded-lg border bg-background shadow-sm">
        <div className="flex items-center gap-2 border-b bg-muted/40 px-4 py-2 text-sm">
          <Mail className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          <span className="truncate font-medium">{t("preview.email-subject", { title: eventTitle })}</span>
        </div>
        <div className="grid gap-3 p-4 text-sm">
          <p>{t("preview.email-greeting")}</p>
          <p className="text-muted-foreground">{t("preview.email-text")}</p>
          <MessageBlock html={html} testId="email-preview-message" />
        </div>
      </div>
      <div
        className="mt-2 grid grid-cols-[minmax(0,1fr)_auto] overflow-hidden rounded-lg border bg-background shadow-sm"
        data-testid="ticket-preview"
      >
        <div className="grid gap-3 p-4">
          <div className="h-1.5 w-12 rounded-full" style={{ backgroundColor: color }} />
          <div>
            <p className="text-xs text-muted-foreground uppercase">{t("preview.ticket")}</p>
            <p className="font-semibold">{eventTitle}</p>
          </div>
          <MessageBlock html={html} testId="ticket-preview-message" />
        </div>
        <div className="flex items-center border-l border-dashed px-4" style={{ color }}>
          <QrCode className="size-14" aria-hidden />
        </div>
      </div>
    </figure>
  );
}
