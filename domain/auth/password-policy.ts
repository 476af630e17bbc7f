import * as v from "valibot";
import { isCommonPassword } from "./common-passwords";
import { orEmpty } from "./validate-input";

const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

/** A password being chosen (registration, reset): 8 to 256 characters and not one of the most common passwords. */
export const newPasswordSchema = v.pipe(
  v.string("errors:password-required"),
  v.nonEmpty("errors:password-required"),
  v.minLength(PASSWORD_MIN_LENGTH, "errors:password-too-short"),
  v.maxLength(PASSWORD_MAX_LENGTH, "errors:password-too-long"),
  v.check((password) => !isCommonPassword(password), "errors:password-too-common"),
);

/** A password being typed to sign in: only required and bounded (the rules above may postdate the account). */
export const currentPasswordSchema = v.pipe(
  v.string("errors:password-required"),
  v.nonEmpty("errors:password-required"),
  v.maxLength(PASSWORD_MAX_LENGTH, "errors:password-too-long"),
);

/**
 * Password + confirmation, for forms (spec §5): both required and equal, else 'password-confirmation-mismatch' on the
 * confirmation field.
 */
export const passwordWithConfirmationSchema = v.pipe(
  v.object({
    password: orEmpty(newPasswordSchema),
    passwordConfirmation: orEmpty(
      v.pipe(
        v.string("errors:password-confirmation-required"),
        v.nonEmpty("errors:password-confirmation-required"),
        v.maxLength(PASSWORD_MAX_LENGTH, "errors:password-too-long"),
      ),
    ),
  }),
  v.forward(
    v.partialCheck(
      [["password"], ["passwordConfirmation"]],
      (input) => input.password === input.passwordConfirmation,
      "errors:password-confirmation-mismatch",
    ),
    ["passwordConfirmation"],
  ),
);
