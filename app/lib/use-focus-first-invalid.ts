import { useEffect, type RefObject } from "react";

/**
 * After a rejected submission, moves focus to the first invalid field of the form (`aria-invalid="true"`), so keyboard
 * and screen-reader users land on what needs fixing instead of the page body. `errors` is the latest error answer:
 * focus moves each time a new one arrives.
 */
export function useFocusFirstInvalid(formRef: RefObject<HTMLElement | null>, errors: unknown) {
  useEffect(() => {
    if (!errors || !formRef.current) return;
    const invalid = formRef.current.querySelector<HTMLElement>('[aria-invalid="true"]');
    (invalid ?? formRef.current.querySelector<HTMLElement>('[role="alert"]'))?.focus();
  }, [errors, formRef]);
}
