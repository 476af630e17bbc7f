import { FieldError } from "~/components/form-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

/**
 * First and last name side by side, as registration and the profile ask them; errors are i18n keys. `autoFocus`: true
 * (or "firstName") focuses the first name, "lastName" the last name.
 */
export function NameFields({
  labels,
  defaults,
  errors,
  autoFocus = false,
}: {
  labels: { firstName: string; lastName: string };
  defaults?: { firstName?: string; lastName?: string };
  errors?: Record<string, string | undefined>;
  autoFocus?: boolean | "firstName" | "lastName";
}) {
  const focused = autoFocus === true ? "firstName" : autoFocus || undefined;
  const fields = [
    { name: "firstName", label: labels.firstName, autoComplete: "given-name" },
    { name: "lastName", label: labels.lastName, autoComplete: "family-name" },
  ] as const;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {fields.map(({ name, label, autoComplete }) => (
        <div key={name} className="space-y-2">
          <Label htmlFor={name}>{label}</Label>
          <Input
            id={name}
            name={name}
            autoComplete={autoComplete}
            autoFocus={focused === name}
            required
            maxLength={100}
            defaultValue={defaults?.[name]}
            aria-invalid={errors?.[name] ? true : undefined}
            aria-describedby={errors?.[name] ? `${name}-error` : undefined}
          />
          <FieldError id={`${name}-error`} message={errors?.[name]} />
        </div>
      ))}
    </div>
  );
}
