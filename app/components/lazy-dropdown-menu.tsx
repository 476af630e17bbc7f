import { cloneElement, useCallback, useRef, useState, type ComponentType, type ReactElement, type Ref } from "react";

/** What a lazily loaded menu renders: Radix's DropdownMenu with `trigger` as its DropdownMenuTrigger's child. */
export type LazyMenuProps = { trigger: ReactElement<TriggerProps>; defaultOpen: boolean };

type TriggerProps = React.ButtonHTMLAttributes<HTMLButtonElement> & {
  ref?: Ref<HTMLButtonElement>;
  "data-state"?: string;
  "data-slot"?: string;
};

const OPENING_KEYS = new Set(["Enter", " ", "ArrowDown"]);

/**
 * A dropdown menu whose Radix code (popper, focus scope, dismissable layer: about 30 KB gzipped) is not part of the
 * page's first-load JavaScript (docs/decisions/0071-lighter-signed-in-pages.md). The server renders `trigger`, the same
 * button the menu uses, with the attributes of a closed Radix trigger; pointing at it or focusing it loads the menu,
 * which then takes the trigger's place. A press before the menu has loaded (pointer down, Enter, Space or ArrowDown,
 * the keys and button Radix opens on) opens it as soon as it has; a trigger that had keyboard focus keeps it.
 */
export function LazyDropdownMenu<P extends object>({
  load,
  trigger,
  menuProps,
}: {
  load: () => Promise<ComponentType<P & LazyMenuProps>>;
  trigger: ReactElement<TriggerProps>;
  menuProps: P;
}) {
  // `focus`: whether the placeholder had keyboard focus when the menu arrived (read then: its blur on removal must not count).
  const [loaded, setLoaded] = useState<{ Menu: ComponentType<P & LazyMenuProps>; focus: boolean } | null>(null);
  const [openOnLoad, setOpenOnLoad] = useState(false);
  const loading = useRef<Promise<void> | null>(null);
  const placeholderFocused = useRef(false);
  const start = useCallback(() => {
    loading.current ??= load().then(
      (Menu) => setLoaded({ Menu, focus: placeholderFocused.current }),
      () => {
        // A failed chunk load (network): the next pointing or press tries again.
        loading.current = null;
      },
    );
  }, [load]);
  const focusOnce = useCallback((node: HTMLButtonElement | null) => node?.focus({ preventScroll: true }), []);

  if (loaded) {
    const { Menu, focus } = loaded;
    // While opening, Radix moves focus into the menu itself; otherwise the focus the placeholder had moves to the menu's
    // own trigger.
    const menuTrigger = focus && !openOnLoad ? cloneElement(trigger, { ref: focusOnce }) : trigger;
    return <Menu {...menuProps} trigger={menuTrigger} defaultOpen={openOnLoad} />;
  }
  const open = () => {
    setOpenOnLoad(true);
    start();
  };
  return cloneElement(trigger, {
    type: "button",
    "aria-haspopup": "menu",
    "aria-expanded": false,
    "data-state": "closed",
    "data-slot": "dropdown-menu-trigger",
    onPointerEnter: start,
    onFocus: () => {
      placeholderFocused.current = true;
      start();
    },
    onBlur: () => {
      placeholderFocused.current = false;
    },
    onPointerDown: (event: React.PointerEvent<HTMLButtonElement>) => {
      if (event.button !== 0 || event.ctrlKey) return;
      // As Radix does: the press opens the menu, and the trigger does not take focus.
      event.preventDefault();
      open();
    },
    onKeyDown: (event: React.KeyboardEvent<HTMLButtonElement>) => {
      if (!OPENING_KEYS.has(event.key)) return;
      event.preventDefault();
      open();
    },
  });
}
