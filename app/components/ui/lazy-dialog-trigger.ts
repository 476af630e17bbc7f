import { useRef, useState, type MouseEvent } from "react";

/**
 * The trigger of a dialog whose code loads when it first opens (ui/dialog-lazy, ui/alert-dialog-lazy): a plain button,
 * server-rendered with the page, carrying the attributes Radix's DialogTrigger would give it, with focus given back to
 * it when the dialog closes (docs/decisions/0071-lighter-signed-in-pages.md). Spread `triggerProps` on the button
 * (outside the dialog root) and pass `onCloseAutoFocus` to the dialog's content.
 */
export function useLazyDialogTrigger({ onOpen }: { onOpen?: () => void } = {}) {
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  return {
    open,
    setOpen,
    triggerProps: {
      ref: triggerRef,
      type: "button" as const,
      "aria-haspopup": "dialog" as const,
      "aria-expanded": open,
      "data-state": open ? "open" : "closed",
      onClick: (_event: MouseEvent<HTMLButtonElement>) => {
        onOpen?.();
        setOpen(true);
      },
    },
    onCloseAutoFocus: (event: Event) => {
      event.preventDefault();
      triggerRef.current?.focus();
    },
  };
}
