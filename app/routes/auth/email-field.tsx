import { useTranslation } from "react-i18next";
import { FieldError } from "~/components/form-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

/** The email field that opens the sign-in and password-reset forms; `error` is an i18n key. */
export function EmailField({
  defaultValue,
  error,
  autoFocus = true,
}: {
  defaultValue?: string;
  error?: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation("auth");
  return (
    <div className="space-y-2">
      <Label htmlFor="email">{t("login.email")}</Label>
      <Input
        id="email"
        name="email"
        type="email"
        autoComplete="email"
        autoFocus={autoFocus}
        required
        placeholder={t("login.email-placeholder")}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "email-error" : undefined}
      />
      <FieldError id="email-error" message={error} />
    </div>
  );
}
