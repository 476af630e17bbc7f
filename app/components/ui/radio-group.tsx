import * as React from "react";
import { HiddenFormInput } from "./hidden-form-input";
import { useControllableState } from "./use-controllable-state";
import { CircleIcon } from "lucide-react";

import { cn } from "~/lib/utils";

/*
 * The radio group of shadcn's radio-group, without Radix (docs/decisions/0071-lighter-signed-in-pages.md): Radix's
 * radio group, roving focus and collection weighed about 7 KB on the nine pages rendering one at first load. Same
 * markup and behaviour as Radix's for what the app uses: buttons with role "radio", one tab stop (the checked item, or
 * the first), arrow keys moving focus and checking, Home/End moving focus, Enter ignored, and a hidden native radio
 * when the group has a `name` so that it posts with its form.
 */

type RadioGroupContextValue = {
  value: string | undefined;
  name: string | undefined;
  required: boolean;
  disabled: boolean;
  tabStop: string | undefined;
  select: (value: string) => void;
};

const RadioGroupContext = React.createContext<RadioGroupContextValue | null>(null);

type RadioGroupProps = Omit<React.ComponentProps<"div">, "defaultValue" | "dir" | "onChange"> & {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  name?: string;
  required?: boolean;
  disabled?: boolean;
  orientation?: "horizontal" | "vertical";
  dir?: "ltr" | "rtl";
  loop?: boolean;
};

const FOCUS_INTENT: Record<string, "prev" | "next" | "first" | "last"> = {
  ArrowLeft: "prev",
  ArrowUp: "prev",
  ArrowRight: "next",
  ArrowDown: "next",
  PageUp: "first",
  Home: "first",
  PageDown: "last",
  End: "last",
};

function RadioGroup({
  className,
  value: valueProp,
  defaultValue,
  onValueChange,
  name,
  required = false,
  disabled = false,
  orientation,
  dir,
  loop = true,
  onKeyDown,
  children,
  ...props
}: RadioGroupProps) {
  const [value, setValue] = useControllableState(valueProp, defaultValue, onValueChange);
  const [itemValues, setItemValues] = React.useState<string[]>([]);
  const rootRef = React.useRef<HTMLDivElement>(null);

  // The first enabled item is the tab stop while none is checked (Radix's group focuses it when tabbed into).
  // Every render: an item may have been added, removed, enabled or disabled; the state changes only if they did.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  React.useLayoutEffect(() => {
    const values = radios(rootRef.current)
      .filter((radio) => !radio.disabled)
      .map((radio) => radio.value);
    setItemValues((old) => (old.join("\n") === values.join("\n") ? old : values));
  });

  const select = React.useCallback(
    (next: string) => {
      if (next !== value) setValue(next);
    },
    [value, setValue],
  );
  // Before the items are known (server render, hydration), the checked one.
  const tabStop =
    itemValues.length === 0 || (value !== undefined && itemValues.includes(value)) ? value : itemValues[0];
  const context = React.useMemo(
    () => ({ value, name, required, disabled, tabStop, select }),
    [value, name, required, disabled, tabStop, select],
  );

  return (
    <RadioGroupContext value={context}>
      <div
        ref={rootRef}
        role="radiogroup"
        aria-required={required}
        aria-orientation={orientation}
        data-disabled={disabled ? "" : undefined}
        dir={dir}
        data-slot="radio-group"
        className={cn("grid gap-3", className)}
        onKeyDown={(event) => {
          onKeyDown?.(event);
          if (event.defaultPrevented) return;
          moveFocus(event, { orientation, dir, loop, select });
        }}
        {...props}
      >
        {children}
      </div>
    </RadioGroupContext>
  );
}

function radios(root: HTMLElement | null): HTMLButtonElement[] {
  return root ? [...root.querySelectorAll<HTMLButtonElement>('button[role="radio"]')] : [];
}

function moveFocus(
  event: React.KeyboardEvent<HTMLDivElement>,
  options: {
    orientation?: "horizontal" | "vertical";
    dir?: "ltr" | "rtl";
    loop: boolean;
    select: (value: string) => void;
  },
) {
  const target = event.target as HTMLElement;
  if (target.getAttribute("role") !== "radio") return;
  if (event.metaKey || event.ctrlKey || event.altKey || event.shiftKey) return;
  let key = event.key;
  if (options.dir === "rtl" && (key === "ArrowLeft" || key === "ArrowRight"))
    key = key === "ArrowLeft" ? "ArrowRight" : "ArrowLeft";
  if (options.orientation === "vertical" && (key === "ArrowLeft" || key === "ArrowRight")) return;
  if (options.orientation === "horizontal" && (key === "ArrowUp" || key === "ArrowDown")) return;
  const intent = FOCUS_INTENT[key];
  if (!intent) return;
  event.preventDefault();
  const items = radios(event.currentTarget).filter((radio) => !radio.disabled);
  const index = items.indexOf(target as HTMLButtonElement);
  let next: HTMLButtonElement | undefined;
  if (intent === "first") next = items[0];
  else if (intent === "last") next = items.at(-1);
  else {
    const step = intent === "next" ? 1 : -1;
    const candidate = index + step;
    next = options.loop ? items[(candidate + items.length) % items.length] : items[candidate];
  }
  if (!next) return;
  next.focus();
  // As Radix: an arrow key checks the item it moves to; Home and End only move focus.
  if (event.key.startsWith("Arrow")) options.select(next.value);
}

function RadioGroupItem({
  className,
  value,
  disabled: disabledProp,
  onClick,
  onKeyDown,
  children,
  ...props
}: Omit<React.ComponentProps<"button">, "value"> & { value: string }) {
  const context = React.use(RadioGroupContext);
  if (!context) throw new Error("RadioGroupItem must be inside a RadioGroup");
  const checked = context.value === value;
  const disabled = context.disabled || Boolean(disabledProp);
  const state = checked ? "checked" : "unchecked";
  return (
    <>
      <button
        type="button"
        role="radio"
        aria-checked={checked}
        data-state={state}
        data-disabled={disabled ? "" : undefined}
        disabled={disabled}
        value={value}
        tabIndex={context.tabStop === value ? 0 : -1}
        data-slot="radio-group-item"
        className={cn(
          "aspect-square size-4 shrink-0 rounded-full border border-input text-primary shadow-xs transition-[color,box-shadow] outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive aria-invalid:ring-destructive/20 data-[state=checked]:border-primary dark:bg-input/30 dark:aria-invalid:ring-destructive/40",
          className,
        )}
        onKeyDown={(event) => {
          onKeyDown?.(event);
          // WAI-ARIA: Enter does not check a radio.
          if (event.key === "Enter") event.preventDefault();
        }}
        onClick={(event) => {
          onClick?.(event);
          if (!event.defaultPrevented && !checked) context.select(value);
        }}
        {...props}
      >
        {checked ? (
          <span
            data-state={state}
            data-disabled={disabled ? "" : undefined}
            data-slot="radio-group-indicator"
            className="relative flex items-center justify-center"
          >
            <CircleIcon className="absolute top-1/2 left-1/2 size-2 -translate-x-1/2 -translate-y-1/2 fill-primary" />
          </span>
        ) : null}
        {children}
      </button>
      {context.name ? (
        <HiddenFormInput
          type="radio"
          name={context.name}
          value={value}
          checked={checked}
          required={context.required}
          disabled={disabled}
          className="size-4"
        />
      ) : null}
    </>
  );
}

export { RadioGroup, RadioGroupItem };
