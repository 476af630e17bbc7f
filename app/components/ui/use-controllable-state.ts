import * as React from "react";

/**
 * A control's value, controlled (`prop` given: the owner keeps it) or uncontrolled (kept here from `defaultValue`), as
 * Radix's useControllableState: `set` tells `onChange` either way. For the checkbox, switch and radio group drawn as
 * buttons.
 */
export function useControllableState<T, D extends T | undefined = T>(
  prop: T | undefined,
  defaultValue: D,
  onChange: ((value: T) => void) | undefined,
): [T | D, (next: T) => void] {
  const [uncontrolled, setUncontrolled] = React.useState<T | D>(defaultValue);
  const controlled = prop !== undefined;
  const value = controlled ? prop : uncontrolled;
  const set = React.useCallback(
    (next: T) => {
      if (!controlled) setUncontrolled(next);
      onChange?.(next);
    },
    [controlled, onChange],
  );
  return [value, set];
}
