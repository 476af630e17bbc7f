import { data, redirect } from "react-router";
import { httpStatusOf, isAppError, type AppError } from "#domain/shared/app-error";
import { PERMISSION_DENIED_PATH } from "~/lib/permission-denied";
import type { FormErrors } from "./forms.server";

/** An i18n key as the UI reads it: namespaced, "errors:" unless the domain named another namespace. */
function namespacedKey(key: string): string {
  return key.includes(":") ? key : `errors:${key}`;
}

function formErrorsOf(error: AppError): FormErrors {
  const fields = error.fields
    ? Object.fromEntries(Object.entries(error.fields).map(([field, key]) => [field, namespacedKey(key)]))
    : undefined;
  return { formError: namespacedKey(error.messageKey), reason: error.reason, fields };
}

/**
 * The one mapping of domain errors for route actions: an AppError becomes the form's answer
 * `{ ok: false, errors, values }` (plus what the page needs to show beside them, `extra`) with the error's HTTP status;
 * anything else is a bug and is rethrown to the error screen.
 */
export function actionError<Extra extends Record<string, unknown> = Record<never, never>>(
  error: unknown,
  values: Record<string, string> = {},
  extra?: Extra,
) {
  if (!isAppError(error)) throw error;
  return data(
    { ...(extra as Extra), ok: false as const, errors: formErrorsOf(error), values },
    { status: httpStatusOf(error) },
  );
}

export type LoaderErrorOptions = {
  /** Where a signed-in user who may see but not do this goes instead (default: / with the permission-denied toast). */
  forbiddenTo?: string;
};

/**
 * The one mapping of domain errors for route loaders; it always throws. not_found → the 404 screen, forbidden → a
 * redirect (spec §6: / with 'You do not have permission to access this page'), unauthorized → sign-in; anything else
 * is rethrown to the error screen.
 */
export function loaderError(error: unknown, options: LoaderErrorOptions = {}): never {
  if (!isAppError(error)) throw error;
  switch (error.code) {
    case "not_found":
      throw data(null, { status: 404 });
    case "forbidden":
      throw redirect(options.forbiddenTo ?? PERMISSION_DENIED_PATH);
    case "unauthorized":
      throw redirect("/auth/login");
    default:
      throw data({ errors: formErrorsOf(error) }, { status: httpStatusOf(error) });
  }
}
