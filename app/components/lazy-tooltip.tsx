import { cloneElement, useCallback, useRef, useState, type ReactElement, type ReactNode, type Ref } from "react";
import type { TooltipWithTrigger } from "./lazy-tooltip-content";

type TriggerProps = React.HTMLAttributes<HTMLElement> & { ref?: Ref<HTMLElement>; "data-state"?: string };

/** Spec §9's tooltip delay (TOOLTIP_DELAY_MS in app/components/ui/tooltip.tsx, not imported: that module is Radix). */
const TOOLTIP_DELAY_MS = 700;

const loadTooltip = () => import("./lazy-tooltip-content").then((module) => module.TooltipWithTrigger);

/**
 * A tooltip whose Radix code (popper and floating-ui, about 17 KB gzipped) is not part of the page's first-load
 * JavaScript (docs/decisions/0071-lighter-signed-in-pages.md). The server renders `trigger`; pointing at it or focusing it
 * loads the tooltip, which takes the trigger's place once loaded: open at once on focus, after the spec's delay since the
 * pointer arrived on hover, as Radix would.
 */
export function LazyTooltip({
  trigger,
  content,
  contentTestId,
}: {
  trigger: ReactElement<TriggerProps>;
  content: ReactNode;
  contentTestId?: string;
}) {
  // `open` and `focus` are read when the tooltip arrives: the placeholder's blur on removal must not count.
  const [loaded, setLoaded] = useState<{ Tooltip: typeof TooltipWithTrigger; open: boolean; focus: boolean } | null>(
    null,
  );
  const loading = useRef<Promise<void> | null>(null);
  const hoveredSince = useRef<number | null>(null);
  const focused = useRef(false);
  const start = () => {
    loading.current ??= loadTooltip().then(
      (Tooltip) => {
        const since = hoveredSince.current;
        const wait =
          since === null || focused.current ? 0 : Math.max(0, TOOLTIP_DELAY_MS - (performance.now() - since));
        setTimeout(
          () =>
            setLoaded({
              Tooltip,
              open: focused.current || hoveredSince.current !== null,
              focus: focused.current,
            }),
          wait,
        );
      },
      () => {
        loading.current = null;
      },
    );
  };
  const focusOnce = useCallback((node: HTMLElement | null) => node?.focus({ preventScroll: true }), []);

  if (loaded) {
    const { Tooltip, open, focus } = loaded;
    return (
      <Tooltip
        trigger={focus ? cloneElement(trigger, { ref: focusOnce }) : trigger}
        content={content}
        contentTestId={contentTestId}
        defaultOpen={open}
      />
    );
  }
  return cloneElement(trigger, {
    "data-state": "closed",
    onPointerEnter: (event: React.PointerEvent<HTMLElement>) => {
      // An event's timeStamp counts from the page's time origin, as performance.now() does.
      hoveredSince.current = event.timeStamp;
      start();
    },
    onPointerLeave: () => {
      hoveredSince.current = null;
    },
    onFocus: () => {
      focused.current = true;
      start();
    },
    onBlur: () => {
      focused.current = false;
    },
  });
}
