import { BookOpen, Users } from "lucide-react";
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link, useFetcher } from "react-router";
import { toast } from "~/lib/toast";
import type { FormType, Question } from "#domain/participation-forms/question-schema";
import { UnsavedChangesGuard } from "~/components/unsaved-changes-guard";
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
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";
import { eventPath } from "~/lib/event-navigation";
import { whenIdle } from "~/lib/when-idle";
import { externalLinks } from "~/lib/external-links";
import { FormSection } from "./form-section";
import type {
  ParticipationFormsActionResult,
  ParticipationFormsPageData,
  ParticipationFormView,
} from "./participation-form-types";
import { inOrder, isDefaultQuestion, newQuestionDraft, normalizedQuestion } from "./question-helpers";
import type { QuestionErrors, QuestionPanelState } from "./question-panel";
import { useAwaitedFetcher } from "./use-awaited-fetcher";

// The question panel (its select, ticket picker and option list with their drag and drop) loads after the page, when
// the browser is idle, and at the latest when a question is opened (issue 31 §7).
const loadQuestionPanel = () => import("./question-panel");
const QuestionPanel = lazy(() => loadQuestionPanel().then((module) => ({ default: module.QuestionPanel })));

const customIds = (form: ParticipationFormView) =>
  form.questions.filter((question) => !isDefaultQuestion(question)).map((question) => question.id);

/** Refusals name `questions.<i>.<field>`: the ones of the question at `index` go to its fields, the rest to the form. */
function questionErrors(result: Extract<ParticipationFormsActionResult, { ok: false }>, index: number): QuestionErrors {
  const fields: Record<string, string> = {};
  let formError = result.errors.formError;
  for (const [key, message] of Object.entries(result.errors.fields ?? {})) {
    const prefix = `questions.${index}.`;
    if (key.startsWith(prefix)) fields[key.slice(prefix.length).split(".")[0]!] ??= message;
    else formError = message;
  }
  return {
    formError: Object.keys(fields).length > 0 && formError === "errors:invalid-input" ? undefined : formError,
    fields,
  };
}

/**
 * The order-forms page (spec §2 'Order-forms screen', §4, §5): both forms with their questions, the side panel to add
 * or edit one, the mandatory badge saved at once, delete with confirmation, drag reordering held here and saved by the
 * page's save bar, and the billing switch.
 */
export function ParticipationFormsPage({ data }: { data: ParticipationFormsPageData }) {
  const { t } = useTranslation("order-forms");
  const billingId = useId();
  const saver = useAwaitedFetcher<ParticipationFormsActionResult>(`order-forms-${data.eventId}`);
  const billing = useFetcher<ParticipationFormsActionResult>({ key: `order-forms-billing-${data.eventId}` });
  const [orders, setOrders] = useState<Partial<Record<FormType, string[]>>>({});
  const [panel, setPanel] = useState<QuestionPanelState | null>(null);
  useEffect(() => whenIdle(() => void loadQuestionPanel()), []);
  const [deleting, setDeleting] = useState<{ formType: FormType; question: Question } | null>(null);
  // Where focus returns when the panel closes: the edited (or just added) question's edit button, else the add
  // button. The panel opens from state, not from a Radix trigger, so Radix alone would leave focus on the page's body.
  const focusReturn = useRef<{ formType: FormType; questionId?: string } | null>(null);
  const openPanel = (next: QuestionPanelState) => {
    focusReturn.current = { formType: next.formType, questionId: next.mode === "edit" ? next.question.id : undefined };
    setPanel(next);
  };
  const saving = saver.state !== "idle";

  const forms = useMemo(
    () => data.forms.map((form) => ({ ...form, questions: inOrder(form.questions, orders[form.formType]) })),
    [data.forms, orders],
  );
  const dirty = forms.some((form, index) => customIds(form).join() !== customIds(data.forms[index]!).join());
  const formOf = (formType: FormType) => forms.find((form) => form.formType === formType)!;

  async function saveForm(formType: FormType, questions: Question[]) {
    const form = formOf(formType);
    const result = await saver.submit({
      intent: "save-form",
      form_type: formType,
      [`title_${formType}`]: form.title,
      questions: JSON.stringify(questions.map(normalizedQuestion)),
    });
    if (result?.ok) {
      toast.success(t("toasts.saved"));
      // This form's held order went out with it.
      setOrders((current) => ({ ...current, [formType]: undefined }));
    } else if (result) {
      toast.error(t("toasts.failed"));
    }
    return result;
  }

  async function saveQuestion(question: Question): Promise<QuestionErrors | null> {
    if (!panel) return null;
    const current = formOf(panel.formType).questions;
    const exists = current.some((candidate) => candidate.id === question.id);
    const questions = exists
      ? current.map((candidate) => (candidate.id === question.id ? question : candidate))
      : [...current, question];
    const result = await saveForm(panel.formType, questions);
    if (!result) return { fields: {}, formError: "errors:internal-error" };
    if (!result.ok)
      return questionErrors(
        result,
        questions.findIndex((candidate) => candidate.id === question.id),
      );
    // After saving, the draft resets: the panel closes and the next add starts afresh.
    focusReturn.current = { formType: panel.formType, questionId: question.id };
    setPanel(null);
    return null;
  }

  async function saveOrder(): Promise<boolean> {
    const result = await saver.submit({
      intent: "save-order",
      ...Object.fromEntries(
        forms.flatMap((form) => [
          [`title_${form.formType}`, form.title],
          [form.formType, JSON.stringify(form.questions)],
        ]),
      ),
    });
    if (result?.ok) {
      toast.success(t("toasts.saved"));
      setOrders({});
      return true;
    }
    toast.error(t("toasts.failed"));
    return false;
  }

  const allowBilling = billing.formData ? billing.formData.get("allow_billing") === "true" : data.allowBilling;
  const billingBusy = billing.state !== "idle";

  return (
    <div className={dirty ? "grid gap-6 pb-24" : "grid gap-6"} data-testid="order-forms-page">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <h2 className="text-lg font-semibold tracking-tight">{t("page.title")}</h2>
          <p className="max-w-2xl text-sm text-muted-foreground">{t("page.description")}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" asChild>
            <a
              href={externalLinks.documentation}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="order-forms-help"
            >
              <BookOpen aria-hidden />
              {t("page.help")}
            </a>
          </Button>
          <Button variant="outline" size="sm" asChild>
            <Link to={eventPath(data.eventId, "participants")} data-testid="order-forms-participants">
              <Users aria-hidden />
              {t("page.participants")}
            </Link>
          </Button>
        </div>
      </div>

      {forms.map((form) => (
        <FormSection
          key={form.formType}
          form={form}
          tickets={data.tickets}
          canUpdate={data.canUpdate}
          busy={saving}
          onAdd={() => openPanel({ mode: "add", formType: form.formType, question: newQuestionDraft() })}
          onEdit={(question) => openPanel({ mode: "edit", formType: form.formType, question })}
          onDelete={(question) => setDeleting({ formType: form.formType, question })}
          onToggleMandatory={(question) =>
            void saveForm(
              form.formType,
              form.questions.map((candidate) =>
                candidate.id === question.id ? { ...candidate, mandatory: !candidate.mandatory } : candidate,
              ),
            )
          }
          onReorder={(ids) => setOrders((current) => ({ ...current, [form.formType]: ids }))}
        />
      ))}

      <Card data-testid="billing-card">
        <CardContent className="flex items-start justify-between gap-4">
          <div className="grid gap-1">
            <Label htmlFor={billingId}>{t("billing.label")}</Label>
            <p className="text-sm text-muted-foreground" id={`${billingId}-hint`}>
              <Trans
                t={t}
                i18nKey="billing.hint"
                components={{
                  orders: (
                    <Link
                      to={eventPath(data.eventId, "orders")}
                      className="text-primary underline underline-offset-2"
                    />
                  ),
                }}
              />
            </p>
          </div>
          <Switch
            id={billingId}
            checked={allowBilling}
            disabled={!data.canUpdate || billingBusy}
            aria-describedby={`${billingId}-hint`}
            data-testid="billing-switch"
            onCheckedChange={(checked) => {
              void billing.submit({ intent: "billing", allow_billing: String(checked) }, { method: "post" });
            }}
          />
        </CardContent>
      </Card>

      <Suspense fallback={null}>
        {panel ? (
          <QuestionPanel
            panel={panel}
            tickets={data.tickets}
            saving={saving}
            onSave={saveQuestion}
            onClose={() => setPanel(null)}
            onCloseAutoFocus={() => {
              const to = focusReturn.current;
              focusReturn.current = null;
              if (!to) return false;
              const target =
                (to.questionId
                  ? document.querySelector<HTMLElement>(
                      `[data-question-id="${CSS.escape(to.questionId)}"] [data-testid="question-edit"]`,
                    )
                  : null) ?? document.querySelector<HTMLElement>(`[data-testid="question-add-${to.formType}"]`);
              target?.focus();
              return Boolean(target);
            }}
          />
        ) : null}
      </Suspense>

      <AlertDialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        <AlertDialogContent data-testid="question-delete-dialog">
          <AlertDialogHeader>
            <AlertDialogTitle>{t("delete.title", { title: deleting?.question.title ?? "" })}</AlertDialogTitle>
            <AlertDialogDescription>{t("delete.description")}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t("delete.cancel")}</AlertDialogCancel>
            <AlertDialogAction
              className="bg-destructive text-white hover:bg-destructive/90"
              onClick={() => {
                if (!deleting) return;
                const form = formOf(deleting.formType);
                void saveForm(
                  deleting.formType,
                  form.questions.filter((candidate) => candidate.id !== deleting.question.id),
                );
              }}
            >
              {t("delete.confirm")}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>

      {data.canUpdate ? (
        <UnsavedChangesGuard dirty={dirty} saving={saving} onSave={saveOrder} onReset={() => setOrders({})} />
      ) : null}
    </div>
  );
}
