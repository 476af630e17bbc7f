import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  questionTypes,
  type FormType,
  type Question,
  type QuestionType,
} from "#domain/participation-forms/question-schema";
import { FieldError, FormError } from "~/components/form-error";
import { SaveDisabledReason } from "~/components/save-disabled-reason";
import {
  AlertDialog,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "~/components/ui/alert-dialog-lazy";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
} from "~/components/ui/sheet-lazy";
import { Spinner } from "~/components/ui/spinner";
import { Switch } from "~/components/ui/switch";
import { Textarea } from "~/components/ui/textarea";
import { OptionList } from "./option-list";
import { isChoiceType, normalizedQuestion, randomQuestionId, sameQuestion } from "./question-helpers";
import { TicketMultiSelect } from "./ticket-multi-select";

export type QuestionPanelState = { mode: "add" | "edit"; formType: FormType; question: Question };
/** A refused save: i18n keys by field of the question (title, type, options, ticket_target) or for the whole form. */
export type QuestionErrors = { formError?: string; fields: Record<string, string> };

/**
 * The side panel to add or edit a question (spec §5): adding needs a title and a type, editing a title; save is enabled
 * only when something changed and no save runs. Closing with unsaved changes asks to save, continue or leave.
 */
export function QuestionPanel({
  panel,
  tickets,
  saving,
  onSave,
  onClose,
  onCloseAutoFocus,
}: {
  panel: QuestionPanelState | null;
  tickets: { id: number; title: string }[];
  saving: boolean;
  onSave: (question: Question) => Promise<QuestionErrors | null>;
  onClose: () => void;
  /** Moves focus where it belongs once the panel has closed; true when it did (false leaves it to Radix). */
  onCloseAutoFocus?: () => boolean;
}) {
  if (!panel) return null;
  return (
    <QuestionPanelBody
      key={`${panel.mode}-${panel.question.id}`}
      panel={panel}
      tickets={tickets}
      saving={saving}
      onSave={onSave}
      onClose={onClose}
      onCloseAutoFocus={onCloseAutoFocus}
    />
  );
}

function QuestionPanelBody({
  panel,
  tickets,
  saving,
  onSave,
  onClose,
  onCloseAutoFocus,
}: {
  panel: QuestionPanelState;
  tickets: { id: number; title: string }[];
  saving: boolean;
  onSave: (question: Question) => Promise<QuestionErrors | null>;
  onClose: () => void;
  onCloseAutoFocus?: () => boolean;
}) {
  const { t } = useTranslation("order-forms");
  const { t: tc } = useTranslation("common");
  const ids = useId();
  const [draft, setDraft] = useState<Question>(panel.question);
  const [typeChosen, setTypeChosen] = useState<QuestionType | "">(panel.question.type);
  const [errors, setErrors] = useState<QuestionErrors>({ fields: {} });
  const [confirmClose, setConfirmClose] = useState(false);

  const changed = !sameQuestion(draft, panel.question) || panel.mode === "add";
  const complete = draft.title.trim() !== "" && (panel.mode === "edit" || typeChosen !== "");
  const canSave = complete && changed && !saving;
  const dirty = !sameQuestion(draft, panel.question);
  const disabledReason = saving
    ? null
    : draft.title.trim() === ""
      ? t("panel.save-needs-title")
      : !complete
        ? t("panel.save-needs-type")
        : !changed
          ? tc("save-disabled.no-changes")
          : null;

  function update(patch: Partial<Question>) {
    setDraft((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const fields = { ...current.fields };
      for (const key of Object.keys(patch)) delete fields[key];
      return { formError: Object.keys(fields).length ? current.formError : undefined, fields };
    });
  }

  function chooseType(type: QuestionType) {
    setTypeChosen(type);
    // A choice question needs at least one option: start with an empty one to fill.
    update(
      isChoiceType(type) && draft.options.length === 0
        ? { type, options: [{ id: randomQuestionId(), title: "" }] }
        : { type },
    );
  }

  async function save(): Promise<boolean> {
    if (!canSave) return false;
    const question = normalizedQuestion(draft);
    if (isChoiceType(question.type) && question.options.some((option) => option.title === "")) {
      setErrors({ fields: { options: "order-forms:errors.option-title-required" } });
      return false;
    }
    const refused = await onSave(question);
    if (refused) {
      setErrors(refused);
      return false;
    }
    return true;
  }

  function requestClose() {
    if (saving) return;
    if (dirty) setConfirmClose(true);
    else onClose();
  }

  const titleError = errors.fields.title;
  const optionsError = errors.fields.options;
  const ticketsError = errors.fields.ticket_target;

  return (
    <>
      <Sheet open onOpenChange={(open) => !open && requestClose()}>
        <SheetContent
          className="w-full overflow-y-auto sm:max-w-lg"
          data-testid="question-panel"
          onCloseAutoFocus={(event) => {
            if (onCloseAutoFocus?.()) event.preventDefault();
          }}
        >
          <form
            noValidate
            className="flex min-h-full flex-col"
            onSubmit={(event) => {
              event.preventDefault();
              void save();
            }}
          >
            <SheetHeader>
              <SheetTitle>{panel.mode === "add" ? t("panel.add-title") : t("panel.edit-title")}</SheetTitle>
              <SheetDescription>{t(`panel.description-${panel.formType}`)}</SheetDescription>
            </SheetHeader>
            <div className="grid gap-5 px-4 pb-4">
              <FormError message={errors.formError} />
              <div className="grid gap-2">
                <Label htmlFor={`${ids}-title`}>{t("fields.title")}</Label>
                <Input
                  id={`${ids}-title`}
                  value={draft.title}
                  onChange={(event) => update({ title: event.target.value })}
                  maxLength={200}
                  aria-invalid={titleError ? true : undefined}
                  aria-describedby={titleError ? `${ids}-title-error` : undefined}
                  data-testid="question-title"
                  autoFocus
                />
                <FieldError id={`${ids}-title-error`} message={titleError} />
              </div>
              <div className="grid gap-2">
                <Label htmlFor={`${ids}-type`}>{t("fields.type")}</Label>
                <Select value={typeChosen} onValueChange={(value) => chooseType(value as QuestionType)}>
                  <SelectTrigger id={`${ids}-type`} className="w-full" data-testid="question-type">
                    <SelectValue placeholder={t("fields.type-placeholder")} />
                  </SelectTrigger>
                  <SelectContent>
                    {questionTypes.map((type) => (
                      <SelectItem key={type} value={type}>
                        {t(`types.${type}`)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
              <div className="grid gap-2">
                <Label htmlFor={`${ids}-description`}>{t("fields.description")}</Label>
                <Textarea
                  id={`${ids}-description`}
                  value={draft.description}
                  onChange={(event) => update({ description: event.target.value })}
                  maxLength={2000}
                  rows={3}
                  aria-describedby={`${ids}-description-hint`}
                  data-testid="question-description"
                />
                <p id={`${ids}-description-hint`} className="text-sm text-muted-foreground">
                  {t(
                    draft.type === "additional-conditions"
                      ? "fields.description-hint-conditions"
                      : "fields.description-hint",
                  )}
                </p>
              </div>
              {isChoiceType(draft.type) ? (
                <div className="grid gap-2">
                  <span id={`${ids}-options`} className="text-sm font-medium">
                    {t("fields.options")}
                  </span>
                  <OptionList
                    options={draft.options}
                    onChange={(options) => update({ options })}
                    labelId={`${ids}-options`}
                    errorId={`${ids}-options-error`}
                    invalid={Boolean(optionsError)}
                  />
                  <FieldError id={`${ids}-options-error`} message={optionsError} />
                </div>
              ) : null}
              <div className="grid gap-2">
                <span id={`${ids}-tickets`} className="text-sm font-medium">
                  {t("fields.tickets")}
                </span>
                <TicketMultiSelect
                  tickets={tickets}
                  value={draft.ticket_target}
                  onChange={(ticket_target) => update({ ticket_target })}
                  labelId={`${ids}-tickets`}
                  invalid={Boolean(ticketsError)}
                />
                <p className="text-sm text-muted-foreground">{t("fields.tickets-hint")}</p>
                <FieldError id={`${ids}-tickets-error`} message={ticketsError} />
              </div>
              <div
                className="flex items-center justify-between gap-4 rounded-md border p-3"
                hidden={draft.type === "no-field"}
              >
                <Label htmlFor={`${ids}-mandatory`} className="grid gap-1">
                  <span>{t("fields.mandatory")}</span>
                  <span className="text-sm font-normal text-muted-foreground">{t("fields.mandatory-hint")}</span>
                </Label>
                <Switch
                  id={`${ids}-mandatory`}
                  checked={draft.mandatory}
                  onCheckedChange={(mandatory) => update({ mandatory })}
                  data-testid="question-mandatory"
                />
              </div>
            </div>
            <SheetFooter className="mt-auto border-t">
              <SaveDisabledReason id={`${ids}-save-reason`} reason={disabledReason} />
              <Button
                type="submit"
                disabled={!canSave}
                aria-describedby={disabledReason ? `${ids}-save-reason` : undefined}
                data-testid="question-save"
              >
                {saving ? <Spinner label={null} /> : null}
                {t("panel.save")}
              </Button>
              <Button type="button" variant="outline" onClick={requestClose} disabled={saving}>
                {t("panel.cancel")}
              </Button>
            </SheetFooter>
          </form>
        </SheetContent>
      </Sheet>

      <AlertDialog open={confirmClose} onOpenChange={(open) => !open && setConfirmClose(false)}>
        <AlertDialogContent data-testid="question-close-dialog">
          <AlertDialogHeader>
            <AlertDialogTitle>{t("close-confirm.title")}</AlertDialogTitle>
            <AlertDialogDescription>{t("close-confirm.description")}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter className="sm:flex-wrap">
            <Button
              type="button"
              variant="ghost"
              className="text-destructive hover:text-destructive sm:mr-auto"
              onClick={onClose}
              data-testid="question-close-leave"
            >
              {t("close-confirm.leave")}
            </Button>
            <Button type="button" variant="outline" onClick={() => setConfirmClose(false)}>
              {t("close-confirm.continue")}
            </Button>
            <Button
              type="button"
              disabled={!canSave}
              onClick={() => {
                setConfirmClose(false);
                void save();
              }}
            >
              {t("close-confirm.save")}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
