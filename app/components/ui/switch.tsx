import * as React from "react";
import { HiddenFormInput } from "./hidden-form-input";
import { useControllableState } from "./use-controllable-state";

import { cn } from "~/lib/utils";

type SwitchProps = Omit<React.ComponentProps<"button">, "checked" | "defaultChecked" | "value"> & {
  checked?: boolean;
  defaultChecked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
  required?: boolean;
  name?: string;
  value?: string;
};

/**
 * Without Radix (docs/decisions/0071-lighter-signed-in-pages.md), as the checkbox: same markup and behaviour as Radix's
 * switch (a button with role "switch" toggled by a click, Space or Enter), and a hidden native checkbox when it has a
 * `name` so that it posts with its form.
 */
function Switch({
  className,
  checked: checkedProp,
  defaultChecked = false,
  onCheckedChange,
  required = false,
  name,
  value = "on",
  disabled,
  onClick,
  ...props
}: SwitchProps) {
  const [checked, setChecked] = useControllableState(checkedProp, defaultChecked, onCheckedChange);
  const state = checked ? "checked" : "unchecked";
  return (
    <>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-required={required}
        data-state={state}
        data-disabled={disabled ? "" : undefined}
        disabled={disabled}
        value={value}
        data-slot="switch"
        className={cn(
          "peer inline-flex h-[1.15rem] w-8 shrink-0 items-center rounded-full border border-transparent shadow-xs transition-all outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:ring-[3px] aria-invalid:ring-destructive/20 data-[state=checked]:bg-primary data-[state=unchecked]:bg-input dark:data-[state=unchecked]:bg-input/80",
          className,
        )}
        onClick={(event) => {
          onClick?.(event);
          if (event.defaultPrevented) return;
          setChecked(!checked);
        }}
        {...props}
      >
        <span
          data-state={state}
          data-disabled={disabled ? "" : undefined}
          data-slot="switch-thumb"
          className="pointer-events-none block size-4 rounded-full bg-background ring-0 transition-transform data-[state=checked]:translate-x-[calc(100%-2px)] data-[state=unchecked]:translate-x-0 dark:data-[state=checked]:bg-primary-foreground dark:data-[state=unchecked]:bg-foreground"
        />
      </button>
      {name ? (
        <HiddenFormInput
          type="checkbox"
          name={name}
          value={value}
          checked={checked}
          required={required}
          disabled={disabled}
          className="h-[1.15rem] w-8"
        />
      ) : null}
    </>
  );
}

export { Switch };
