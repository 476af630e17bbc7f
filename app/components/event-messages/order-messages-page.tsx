import { lazy, Suspense, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "~/lib/toast";
import { DescriptionEditorSkeleton } from "~/components/event-editor/description-editor-skeleton";
import { useEventAreaData } from "~/components/event/use-event-area";
import { FieldError, FormError } from "~/components/form-error";
import { UnsavedChangesGuard } from "~/components/unsaved-changes-guard";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { Spinner } from "~/components/ui/spinner";
import { Switch } from "~/components/ui/switch";
import { useAwaitedFetcher } from "~/components/participation-forms/use-awaited-fetcher";
import type { OrderMessagesActionResult, OrderMessagesPageData } from "./event-messages-types";
import { ConfirmationPagePreview, EmailPdfPreview } from "./message-previews";
import { SaveDisabledReason } from "~/components/save-disabled-reason";

// tiptap weighs more than the rest of the page: it comes when the page needs it.
const DescriptionEditor = lazy(() => import("~/components/event-editor/description-editor"));

type Field = "confirmation_page_message" | "email_pdf_message";
type Values = Record<Field, string> & { send_holder_tickets: boolean };

const DEFAULT_COLOR = "#4f46e5";

/**
 * The personalized messages page (spec §1, §3, issue 9): the message shown after purchase and the one in the
 * confirmation email and on the PDF ticket, each edited as rich text beside a live preview of where it appears.
 */
export function OrderMessagesPage({ data }: { data: OrderMessagesPageData }) {
  const { t } = useTranslation("event-messages");
  const { t: tc } = useTranslation("common");
  const area = useEventAreaData();
  const canUpdate = area?.permissions.update ?? false;
  const color = area?.event.primaryColor || DEFAULT_COLOR;
  const eventTitle = area?.event.title ?? "";
  const initial: Values = {
    confirmation_page_message: data.confirmationPageMessage,
    email_pdf_message: data.emailPdfMessage,
    send_holder_tickets: data.sendHolderTickets,
  };
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<{ formError?: string; fields?: Record<string, string> }>({});
  const saver = useAwaitedFetcher<OrderMessagesActionResult>(`order-messages-${data.eventId}`);
  const saving = saver.state !== "idle";

  const dirty =
    values.confirmation_page_message !== initial.confirmation_page_message ||
    values.email_pdf_message !== initial.email_pdf_message ||
    values.send_holder_tickets !== initial.send_holder_tickets;

  async function save(): Promise<boolean> {
    const result = await saver.submit({ ...values, send_holder_tickets: String(values.send_holder_tickets) });
    if (result?.ok) {
      setErrors({});
      // The stored messages, as sanitized by the server (the page's reload brings the same).
      setValues({
        confirmation_page_message: result.confirmationPageMessage,
        email_pdf_message: result.emailPdfMessage,
        send_holder_tickets: result.sendHolderTickets,
      });
      toast.success(t("toasts.saved"));
      return true;
    }
    if (result) setErrors(result.errors);
    toast.error(t("toasts.failed"));
    return false;
  }

  const set = (field: Field) => (html: string) => setValues((current) => ({ ...current, [field]: html }));

  return (
    <form
      className={dirty ? "grid gap-6 pb-24" : "grid gap-6"}
      data-testid="order-messages-page"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (dirty && !saving) void save();
      }}
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <h2 className="text-lg font-semibold tracking-tight">{t("page.title")}</h2>
          <p className="max-w-2xl text-sm text-muted-foreground">{t("page.description")}</p>
        </div>
        {canUpdate ? (
          <div className="flex flex-col items-start gap-1 sm:items-end">
            <Button
              type="submit"
              disabled={!dirty || saving}
              aria-describedby={!dirty && !saving ? "order-messages-save-reason" : undefined}
              data-testid="order-messages-save"
            >
              {saving ? <Spinner label={null} /> : null}
              {t("page.save")}
            </Button>
            <SaveDisabledReason
              id="order-messages-save-reason"
              reason={!dirty && !saving ? tc("save-disabled.no-changes") : null}
            />
          </div>
        ) : null}
      </div>
      <FormError message={errors.formError} />

      <MessageCard
        field="confirmation_page_message"
        value={values.confirmation_page_message}
        onChange={set("confirmation_page_message")}
        error={errors.fields?.confirmation_page_message}
        canUpdate={canUpdate}
        preview={
          <ConfirmationPagePreview html={values.confirmation_page_message} eventTitle={eventTitle} color={color} />
        }
      />
      <MessageCard
        field="email_pdf_message"
        value={values.email_pdf_message}
        onChange={set("email_pdf_message")}
        error={errors.fields?.email_pdf_message}
        canUpdate={canUpdate}
        preview={<EmailPdfPreview html={values.email_pdf_message} eventTitle={eventTitle} color={color} />}
      />
      <HolderTicketsCard
        checked={values.send_holder_tickets}
        onChange={(checked) => setValues((current) => ({ ...current, send_holder_tickets: checked }))}
        canUpdate={canUpdate}
      />

      {canUpdate ? (
        <UnsavedChangesGuard
          dirty={dirty}
          saving={saving}
          onSave={save}
          onReset={() => {
            setValues(initial);
            setErrors({});
          }}
        />
      ) : null}
    </form>
  );
}

/** Whether each ticket holder with an address of their own gets their ticket by email (on by default). */
function HolderTicketsCard({
  checked,
  onChange,
  canUpdate,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  canUpdate: boolean;
}) {
  const { t } = useTranslation("event-messages");
  const ids = useId();
  return (
    <Card data-testid="holder-tickets-setting">
      <CardContent className="flex items-start justify-between gap-4">
        <div className="grid gap-1">
          <label htmlFor={`${ids}-switch`} className="font-semibold">
            {t("send_holder_tickets.label")}
          </label>
          <p id={`${ids}-hint`} className="text-sm text-muted-foreground">
            {t("send_holder_tickets.hint")}
          </p>
        </div>
        <Switch
          id={`${ids}-switch`}
          checked={checked}
          onCheckedChange={onChange}
          disabled={!canUpdate}
          aria-describedby={`${ids}-hint`}
          className="mt-1"
        />
      </CardContent>
    </Card>
  );
}

function MessageCard({
  field,
  value,
  onChange,
  error,
  canUpdate,
  preview,
}: {
  field: Field;
  value: string;
  onChange: (html: string) => void;
  error?: string;
  canUpdate: boolean;
  preview: React.ReactNode;
}) {
  const { t } = useTranslation("event-messages");
  const ids = useId();
  return (
    <Card data-testid={`message-${field}`}>
      <CardHeader className="grid gap-1">
        <h3 id={`${ids}-label`} className="font-semibold">
          {t(`${field}.label`)}
        </h3>
        <p id={`${ids}-hint`} className="text-sm text-muted-foreground">
          {t(`${field}.hint`)}
        </p>
      </CardHeader>
      <CardContent className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
        <div className="grid content-start gap-2">
          {canUpdate ? (
            <Suspense fallback={<DescriptionEditorSkeleton html={value} />}>
              <DescriptionEditor
                value={value}
                onChange={onChange}
                labelId={`${ids}-label`}
                describedBy={error ? `${ids}-error` : `${ids}-hint`}
                invalid={Boolean(error)}
              />
            </Suspense>
          ) : (
            <p className="text-sm text-muted-foreground">{t("page.read-only")}</p>
          )}
          <FieldError id={`${ids}-error`} message={error} />
        </div>
        <div className="min-w-0">{preview}</div>
      </CardContent>
    </Card>
  );
}
