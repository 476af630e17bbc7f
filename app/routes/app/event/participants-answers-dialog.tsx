import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { toast } from "~/lib/toast";
import type { EditableAnswer } from "#domain/participants/get-participant";
import type { Question } from "#domain/participation-forms/question-schema";
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
import { Textarea } from "~/components/ui/textarea";
import { useFocusFirstInvalid } from "~/lib/use-focus-first-invalid";

type AnswersAction =
  { ok: true; intent: string } | { ok: false; errors: { formError?: string; fields?: Record<string, string> } };

const nativeControl =
  "h-9 w-full rounded-md border border-input bg-transparent px-3 py-1 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive md:text-sm";

/**
 * The participant form's answers, edited by the organizer (issue 25 §10): one field per question asked of this
 * ticket's holders, checked on the server by the booking's rule. Plain form fields named `answer.<question id>`
 * (several values for a multiple choice), so the dialog posts as a form would.
 */
export function EditAnswersDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  questions: Question[];
  values: Record<string, EditableAnswer>;
}) {
  const { t } = useTranslation("participants");
  const { t: tAny } = useTranslation();
  const fetcher = useFetcher<AnswersAction>({ key: "participant-answers" });
  const formRef = useRef<HTMLFormElement>(null);
  const ids = useId();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const errors = answer && !answer.ok ? answer.errors : undefined;
  useFocusFirstInvalid(formRef, errors);
  const [seen, setSeen] = useState(answer);
  const { onOpenChange } = props;
  useEffect(() => {
    if (answer === seen) return;
    setSeen(answer);
    if (answer?.ok) {
      toast.success(t("answers-edit.saved"));
      onOpenChange(false);
    }
  }, [answer, seen, t, onOpenChange]);
  const busy = fetcher.state !== "idle";

  const control = (question: Question) => {
    const name = `answer.${question.id}`;
    const id = `${ids}-${question.id}`;
    const error = errors?.fields?.[`answers.${question.id}`];
    const current = props.values[question.id];
    const invalid = error ? true : undefined;
    const describedBy = `${id}-error`;
    const title = (
      <>
        {question.title}
        {question.mandatory ? <span aria-hidden> *</span> : null}
      </>
    );
    let field: React.ReactNode;
    switch (question.type) {
      case "unique-choice":
      case "selection":
        field = (
          <>
            <Label htmlFor={id}>{title}</Label>
            <select
              id={id}
              name={name}
              defaultValue={Array.isArray(current) ? (current[0] ?? "") : ""}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              className={nativeControl}
            >
              <option value="">{t("answers-edit.none")}</option>
              {question.options.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.title}
                </option>
              ))}
            </select>
          </>
        );
        break;
      case "multiple-choice":
        field = (
          <fieldset aria-invalid={invalid} aria-describedby={describedBy} className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">{title}</legend>
            <input type="hidden" name={name} value="" />
            {question.options.map((option) => (
              <label key={option.id} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name={name}
                  value={option.id}
                  defaultChecked={Array.isArray(current) && current.includes(option.id)}
                  className="size-4 accent-primary"
                />
                {option.title}
              </label>
            ))}
          </fieldset>
        );
        break;
      case "additional-conditions":
        field = (
          <label className="flex items-start gap-2 text-sm">
            <input type="hidden" name={name} value="" />
            <input
              type="checkbox"
              id={id}
              name={name}
              value="true"
              defaultChecked={current === true}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              className="mt-0.5 size-4 accent-primary"
            />
            <span>{title}</span>
          </label>
        );
        break;
      case "text":
        field = (
          <>
            <Label htmlFor={id}>{title}</Label>
            <Textarea
              id={id}
              name={name}
              rows={3}
              defaultValue={typeof current === "string" ? current : ""}
              aria-invalid={invalid}
              aria-describedby={describedBy}
            />
          </>
        );
        break;
      default:
        field = (
          <>
            <Label htmlFor={id}>{title}</Label>
            <Input
              id={id}
              name={name}
              defaultValue={typeof current === "string" ? current : ""}
              aria-invalid={invalid}
              aria-describedby={describedBy}
            />
          </>
        );
    }
    return (
      <div key={question.id} className="grid gap-1.5" data-testid="answer-field" data-question-id={question.id}>
        {field}
        <FieldError id={describedBy} message={error ? tAny(error as never) : null} />
      </div>
    );
  };

  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent className="max-h-[90svh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{t("answers-edit.title")}</DialogTitle>
          <DialogDescription>{t("answers-edit.description")}</DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" ref={formRef} className="grid gap-4" noValidate>
          <input type="hidden" name="intent" value="answers" />
          <FormError message={errors?.formError ? tAny(errors.formError as never) : null} />
          {props.questions.map(control)}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => props.onOpenChange(false)}>
              {t("edit.cancel")}
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? <Spinner /> : null}
              {t("edit.submit")}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

/** The answers a posted form carries: `answer.<id>` fields, hidden empty markers dropped, one value as a string. */
export function answersFromForm(form: FormData): Record<string, string | string[]> {
  const answers: Record<string, string | string[]> = {};
  for (const key of new Set(form.keys())) {
    if (!key.startsWith("answer.")) continue;
    const values = form.getAll(key).filter((value): value is string => typeof value === "string" && value !== "");
    answers[key.slice("answer.".length)] = values.length === 0 ? "" : values.length === 1 ? values[0]! : values;
  }
  return answers;
}
