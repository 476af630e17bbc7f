import { ChevronDownIcon } from "lucide-react";
import { useCallback, useRef, useState, type ReactNode } from "react";
import { selectTriggerClassName } from "~/components/ui/select-trigger-class";
import { cn } from "~/lib/utils";
import type { SelectWithOptions } from "./lazy-select-content";

/** The trigger's own attributes (id, aria-label, aria-describedby, data-testid…), on the placeholder and the real one. */
type TriggerAttributes = Omit<
  React.ButtonHTMLAttributes<HTMLButtonElement>,
  "value" | "defaultValue" | "onChange" | "children" | "type" | "role"
> & { "data-testid"?: string };

export type LazySelectProps = TriggerAttributes & {
  value: string;
  onValueChange: (value: string) => void;
  /** What the closed trigger shows, rendered by the server too. */
  valueLabel: ReactNode;
  options: { value: string; label: ReactNode }[];
  size?: "sm" | "default";
};

const loadSelect = () => import("./lazy-select-content").then((module) => module.SelectWithOptions);

const OPENING_KEYS = new Set(["Enter", " ", "ArrowDown", "ArrowUp"]);

/**
 * A select whose Radix code (popper, focus scope, collection: about 25 KB gzipped) is not part of the page's first-load
 * JavaScript (docs/decisions/0071-lighter-signed-in-pages.md). The server renders the closed trigger as
 * app/components/ui/select.tsx does; pointing at it or focusing it loads the select, which then takes its place. A press
 * before it has loaded (mouse down, a tap, Enter, Space or an arrow key, as Radix opens on) opens it once loaded; a
 * trigger that had keyboard focus keeps it. Not for a select that posts a form field (the placeholder has no `name`).
 */
export function LazySelect({
  value,
  onValueChange,
  valueLabel,
  options,
  size = "default",
  className,
  ...trigger
}: LazySelectProps) {
  const [loaded, setLoaded] = useState<{ Select: typeof SelectWithOptions; focus: boolean } | null>(null);
  const [openOnLoad, setOpenOnLoad] = useState(false);
  const loading = useRef<Promise<void> | null>(null);
  const focused = useRef(false);
  const start = () => {
    loading.current ??= loadSelect().then(
      (Select) => setLoaded({ Select, focus: focused.current }),
      () => {
        loading.current = null;
      },
    );
  };
  const focusOnce = useCallback((node: HTMLButtonElement | null) => node?.focus({ preventScroll: true }), []);

  if (loaded) {
    const { Select, focus } = loaded;
    return (
      <Select
        {...trigger}
        className={className}
        value={value}
        onValueChange={onValueChange}
        valueLabel={valueLabel}
        options={options}
        size={size}
        defaultOpen={openOnLoad}
        triggerRef={focus && !openOnLoad ? focusOnce : undefined}
      />
    );
  }
  const open = () => {
    setOpenOnLoad(true);
    start();
  };
  return (
    <button
      {...trigger}
      type="button"
      role="combobox"
      aria-expanded={false}
      aria-autocomplete="none"
      data-state="closed"
      data-slot="select-trigger"
      data-size={size}
      className={cn(selectTriggerClassName, className)}
      onPointerEnter={start}
      onFocus={() => {
        focused.current = true;
        start();
      }}
      onBlur={() => {
        focused.current = false;
      }}
      onPointerDown={(event) => {
        if (event.pointerType !== "mouse" || event.button !== 0 || event.ctrlKey) return;
        // As Radix does: a mouse press opens the select, and the trigger does not take focus.
        event.preventDefault();
        open();
      }}
      onClick={(event) => {
        // Touch and pen open on the tap, as Radix does; a mouse press has opened it already.
        if ((event.nativeEvent as PointerEvent).pointerType !== "mouse") open();
      }}
      onKeyDown={(event) => {
        if (!OPENING_KEYS.has(event.key)) return;
        event.preventDefault();
        open();
      }}
    >
      <span data-slot="select-value" style={{ pointerEvents: "none" }}>
        {valueLabel}
      </span>
      <ChevronDownIcon className="size-4 opacity-50" aria-hidden="true" />
    </button>
  );
}
