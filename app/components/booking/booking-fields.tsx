import { useTranslation } from "react-i18next";
import type { PublicQuestion } from "#domain/public-events/get-public-event";
import { cn } from "~/lib/utils";

/** Field errors and values of a refused booking, keyed by the field names (the order call's error paths). */
export type FieldState = { errors: Record<string, string>; values: Record<string, string> };

export const fieldId = (name: string) => `f-${name.replace(/[^A-Za-z0-9_-]/g, "-")}`;
const errorId = (name: string) => `${fieldId(name)}-error`;

const inputClass = (dark: boolean) =>
  cn(
    "h-11 w-full min-w-0 rounded-md border px-3 text-base shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-sky-500/50 aria-invalid:border-rose-600",
    dark ? "border-slate-700 bg-slate-900 text-slate-100" : "border-slate-300 bg-white text-slate-900",
  );

function Required() {
  const { t } = useTranslation("booking");
  return (
    <>
      <span aria-hidden className="text-rose-600">
        {" "}
        *
      </span>
      <span className="sr-only"> ({t("page.required")})</span>
    </>
  );
}

export function ErrorText({ name, state }: { name: string; state: FieldState }) {
  const { t } = useTranslation("booking");
  const message = state.errors[name];
  if (!message) return null;
  return (
    <p id={errorId(name)} className="text-sm font-medium text-rose-600 dark:text-rose-400">
      {t(message as never)}
    </p>
  );
}

/** A labelled text input whose error is tied to it (aria-describedby, aria-invalid). */
export function TextField({
  name,
  label,
  state,
  dark,
  required,
  type = "text",
  autoComplete,
  defaultValue,
  hint,
}: {
  name: string;
  label: string;
  state: FieldState;
  dark: boolean;
  required?: boolean;
  type?: "text" | "email";
  autoComplete?: string;
  defaultValue?: string;
  hint?: string;
}) {
  const invalid = Boolean(state.errors[name]);
  const describedBy = [hint ? `${fieldId(name)}-hint` : null, invalid ? errorId(name) : null].filter(Boolean);
  return (
    <div className="space-y-1.5">
      <label htmlFor={fieldId(name)} className="block text-sm font-medium">
        {label}
        {required ? <Required /> : null}
      </label>
      {hint ? (
        <p id={`${fieldId(name)}-hint`} className="text-xs opacity-70">
          {hint}
        </p>
      ) : null}
      <input
        id={fieldId(name)}
        name={name}
        type={type}
        required={required}
        autoComplete={autoComplete}
        defaultValue={state.values[name] ?? defaultValue ?? ""}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy.length > 0 ? describedBy.join(" ") : undefined}
        className={inputClass(dark)}
      />
      <ErrorText name={name} state={state} />
    </div>
  );
}

/** First name, last name and email: the built-in question "Nom, prénom, email" (spec §3). */
export function NameFields({ prefix, state, dark }: { prefix: string; state: FieldState; dark: boolean }) {
  const { t } = useTranslation("booking");
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        name={`${prefix}.first_name`}
        label={t("fields.first-name")}
        state={state}
        dark={dark}
        required
        autoComplete={prefix === "buyer" ? "given-name" : "off"}
      />
      <TextField
        name={`${prefix}.last_name`}
        label={t("fields.last-name")}
        state={state}
        dark={dark}
        required
        autoComplete={prefix === "buyer" ? "family-name" : "off"}
      />
      <div className="sm:col-span-2">
        <TextField
          name={`${prefix}.email`}
          label={t("fields.email")}
          type="email"
          state={state}
          dark={dark}
          required
          autoComplete={prefix === "buyer" ? "email" : "off"}
        />
      </div>
    </div>
  );
}

/**
 * A ticket holder's name and email, or "Même que l'acheteur": while the box is checked the fields are hidden by CSS
 * alone (the booking page has no JavaScript) and the server copies the buyer's (bookingBodyFromForm).
 */
export function HolderFields({
  prefix,
  checkboxName,
  sameAsBuyer,
  state,
  dark,
}: {
  prefix: string;
  checkboxName: string;
  sameAsBuyer: boolean;
  state: FieldState;
  dark: boolean;
}) {
  const { t } = useTranslation("booking");
  const id = fieldId(checkboxName);
  return (
    <div className="group flex flex-col gap-4">
      <div className="space-y-1">
        <label htmlFor={id} className="flex min-h-8 items-center gap-2 text-sm font-medium">
          <input
            id={id}
            type="checkbox"
            name={checkboxName}
            value="true"
            defaultChecked={sameAsBuyer}
            aria-describedby={`${id}-hint`}
            className="size-4 accent-sky-600"
            data-testid="same-as-buyer"
          />
          {t("participant.same-as-buyer")}
        </label>
        <p id={`${id}-hint`} className="hidden text-xs opacity-70 group-has-checked:block">
          {t("participant.same-as-buyer-hint")}
        </p>
      </div>
      <div className="group-has-checked:hidden">
        <NameFields prefix={prefix} state={state} dark={dark} />
      </div>
    </div>
  );
}

/** One custom question of an order form, by its type (spec §3 question types). */
export function QuestionField({
  question,
  prefix,
  state,
  dark,
}: {
  question: PublicQuestion;
  prefix: string;
  state: FieldState;
  dark: boolean;
}) {
  const { t } = useTranslation("booking");
  const name = `${prefix}.${question.id}`;
  const id = fieldId(name);
  const invalid = Boolean(state.errors[name]);
  const value = state.values[name] ?? "";
  const descriptionId = question.description ? `${id}-description` : null;
  const describedBy = [descriptionId, invalid ? errorId(name) : null].filter(Boolean).join(" ") || undefined;
  const description = question.description ? (
    <p id={descriptionId!} className="text-xs whitespace-pre-line opacity-70">
      {question.description}
    </p>
  ) : null;

  if (question.type === "no-field") {
    return (
      <div className="space-y-1">
        <p className="text-sm font-medium">{question.title}</p>
        {description}
      </div>
    );
  }

  if (question.type === "unique-choice" || question.type === "multiple-choice") {
    const multiple = question.type === "multiple-choice";
    const chosen = value.split("|");
    return (
      <fieldset className="space-y-2" aria-describedby={describedBy} aria-invalid={invalid || undefined}>
        <legend className="text-sm font-medium">
          {question.title}
          {question.mandatory ? <Required /> : null}
        </legend>
        {description}
        <div className="space-y-1.5">
          {question.options.map((option) => (
            <label key={option.id} className="flex min-h-8 items-center gap-2 text-sm">
              <input
                type={multiple ? "checkbox" : "radio"}
                name={name}
                value={option.id}
                defaultChecked={chosen.includes(option.id)}
                required={!multiple && question.mandatory}
                className="size-4 accent-sky-600"
              />
              {option.title}
            </label>
          ))}
        </div>
        <ErrorText name={name} state={state} />
      </fieldset>
    );
  }

  if (question.type === "additional-conditions") {
    return (
      <div className="space-y-1.5">
        <label htmlFor={id} className="flex items-start gap-2 text-sm">
          <input
            id={id}
            type="checkbox"
            name={name}
            value="true"
            defaultChecked={value === "true"}
            required={question.mandatory}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            className="mt-0.5 size-4 accent-sky-600"
          />
          <span>
            {question.title}
            {question.mandatory ? <Required /> : null}
          </span>
        </label>
        {description}
        <ErrorText name={name} state={state} />
      </div>
    );
  }

  const label = (
    <label htmlFor={id} className="block text-sm font-medium">
      {question.title}
      {question.mandatory ? <Required /> : null}
    </label>
  );
  const common = {
    id,
    name,
    required: question.mandatory,
    "aria-invalid": invalid || undefined,
    "aria-describedby": describedBy,
  };
  return (
    <div className="space-y-1.5">
      {label}
      {description}
      {question.type === "selection" ? (
        <select {...common} defaultValue={value} className={inputClass(dark)}>
          <option value="">{t("fields.choose")}</option>
          {question.options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.title}
            </option>
          ))}
        </select>
      ) : question.type === "text" ? (
        <textarea {...common} defaultValue={value} rows={3} className={cn(inputClass(dark), "h-auto py-2")} />
      ) : (
        <input {...common} type="text" defaultValue={value} className={inputClass(dark)} />
      )}
      <ErrorText name={name} state={state} />
    </div>
  );
}
