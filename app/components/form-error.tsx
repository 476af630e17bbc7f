import { CircleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";

/**
 * A form-level error announced to assistive technology. `message` is an i18n key like "errors:…". It can take focus
 * (tabIndex -1) so that useFocusFirstInvalid lands on it when no single field is to blame; pages without JavaScript
 * set `autoFocus` instead (rendered as the autofocus attribute).
 */
export function FormError({ message, autoFocus }: { message?: string | null; autoFocus?: boolean }) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <div
      role="alert"
      tabIndex={-1}
      autoFocus={autoFocus}
      className="flex items-start gap-2 rounded-md border border-destructive/30 bg-destructive/10 p-3 text-sm text-destructive outline-none focus-visible:ring-2 focus-visible:ring-destructive/40"
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{t(message as never)}</span>
    </div>
  );
}

export function FieldError({ id, message }: { id: string; message?: string | null }) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <p id={id} className="text-sm text-destructive">
      {t(message as never)}
    </p>
  );
}
