import * as React from "react";
import { HiddenFormInput } from "./hidden-form-input";
import { useControllableState } from "./use-controllable-state";
import { CheckIcon, MinusIcon } from "lucide-react";

import { cn } from "~/lib/utils";

type CheckedState = boolean | "indeterminate";

type CheckboxProps = Omit<React.ComponentProps<"button">, "checked" | "defaultChecked" | "value"> & {
  checked?: CheckedState;
  defaultChecked?: CheckedState;
  onCheckedChange?: (checked: CheckedState) => void;
  required?: boolean;
  name?: string;
  value?: string;
};

/**
 * Supports `checked="indeterminate"` (e.g. a table "select all" header) with a dash indicator.
 *
 * Without Radix (docs/decisions/0071-lighter-signed-in-pages.md): Radix's checkbox and the utilities it brings weighed
 * about 4 KB on the 16 pages rendering one at first load. Same markup and behaviour as Radix's: a button with role
 * "checkbox", `aria-checked` "mixed" when indeterminate, a click checking an indeterminate box, Enter ignored
 * (WAI-ARIA: Space toggles), and a hidden native checkbox when it has a `name` so that it posts with its form.
 */
function Checkbox({
  className,
  checked: checkedProp,
  defaultChecked = false,
  onCheckedChange,
  required = false,
  name,
  value = "on",
  disabled,
  onClick,
  onKeyDown,
  ...props
}: CheckboxProps) {
  const [checked, setChecked] = useControllableState<CheckedState>(checkedProp, defaultChecked, onCheckedChange);
  const state = checked === "indeterminate" ? "indeterminate" : checked ? "checked" : "unchecked";
  return (
    <>
      <button
        type="button"
        role="checkbox"
        aria-checked={checked === "indeterminate" ? "mixed" : checked}
        aria-required={required}
        data-state={state}
        data-disabled={disabled ? "" : undefined}
        disabled={disabled}
        value={value}
        data-slot="checkbox"
        className={cn(
          "peer group size-4 shrink-0 rounded-[4px] border border-input shadow-xs transition-shadow outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive aria-invalid:ring-destructive/20 data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground data-[state=indeterminate]:border-primary data-[state=indeterminate]:bg-primary data-[state=indeterminate]:text-primary-foreground dark:bg-input/30 dark:aria-invalid:ring-destructive/40 dark:data-[state=checked]:bg-primary dark:data-[state=indeterminate]:bg-primary",
          className,
        )}
        onKeyDown={(event) => {
          onKeyDown?.(event);
          if (event.key === "Enter") event.preventDefault();
        }}
        onClick={(event) => {
          onClick?.(event);
          if (event.defaultPrevented) return;
          setChecked(checked === "indeterminate" ? true : !checked);
        }}
        {...props}
      >
        {state !== "unchecked" ? (
          <span
            data-state={state}
            data-disabled={disabled ? "" : undefined}
            data-slot="checkbox-indicator"
            className="pointer-events-none flex items-center justify-center text-current transition-none"
          >
            <CheckIcon className="size-3.5 group-data-[state=indeterminate]:hidden" />
            <MinusIcon className="hidden size-3.5 group-data-[state=indeterminate]:block" />
          </span>
        ) : null}
      </button>
      {name ? (
        <HiddenFormInput
          type="checkbox"
          name={name}
          value={value}
          checked={checked === true}
          required={required}
          disabled={disabled}
          className="size-4"
        />
      ) : null}
    </>
  );
}

export { Checkbox };
