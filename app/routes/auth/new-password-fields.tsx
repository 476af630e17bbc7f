import { useTranslation } from "react-i18next";
import { FieldError } from "~/components/form-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

/**
 * A new password and its confirmation (registration and reset): the password rules as a hint until the field has an
 * error. Field errors are i18n keys. `focus` names the field that gets the autofocus attribute (none: null).
 */
export function NewPasswordFields({
  passwordLabel,
  confirmationLabel,
  fields,
  focus = "password",
}: {
  passwordLabel: string;
  confirmationLabel: string;
  fields?: { password?: string; passwordConfirmation?: string };
  focus?: "password" | "passwordConfirmation" | null;
}) {
  const { t } = useTranslation("auth");
  return (
    <>
      <div className="space-y-2">
        <Label htmlFor="password">{passwordLabel}</Label>
        <Input
          id="password"
          name="password"
          type="password"
          autoComplete="new-password"
          autoFocus={focus === "password"}
          required
          minLength={8}
          maxLength={256}
          aria-invalid={fields?.password ? true : undefined}
          aria-describedby={fields?.password ? "password-error" : "password-hint"}
        />
        {fields?.password ? (
          <FieldError id="password-error" message={fields.password} />
        ) : (
          <p id="password-hint" className="text-sm text-muted-foreground">
            {t("register-password.password-hint")}
          </p>
        )}
      </div>
      <div className="space-y-2">
        <Label htmlFor="passwordConfirmation">{confirmationLabel}</Label>
        <Input
          id="passwordConfirmation"
          name="passwordConfirmation"
          type="password"
          autoComplete="new-password"
          autoFocus={focus === "passwordConfirmation"}
          required
          maxLength={256}
          aria-invalid={fields?.passwordConfirmation ? true : undefined}
          aria-describedby={fields?.passwordConfirmation ? "passwordConfirmation-error" : undefined}
        />
        <FieldError id="passwordConfirmation-error" message={fields?.passwordConfirmation} />
      </div>
    </>
  );
}
