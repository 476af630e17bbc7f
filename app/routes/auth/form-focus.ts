/**
 * Where focus goes when an auth page renders, decided on the server: these pages load no JavaScript, so instead of
 * useFocusFirstInvalid the `autofocus` attribute goes on the first invalid field (in form order), else on the form
 * error when a rejected form blames no field, else on the form's main field.
 */
export function focusTarget<Field extends string>(
  fieldOrder: readonly Field[],
  errors: { formError?: string | null; fields?: Partial<Record<string, string>> } | undefined,
  shownFormError?: string | null,
): Field | "form-error" {
  const invalid = fieldOrder.find((name) => errors?.fields?.[name]);
  if (invalid) return invalid;
  if (shownFormError) return "form-error";
  return fieldOrder[0]!;
}
