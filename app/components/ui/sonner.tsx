import * as React from "react";
import { Toaster as Sonner, type ToasterProps } from "sonner";
import { CircleCheckIcon, InfoIcon, Loader2Icon, OctagonXIcon, TriangleAlertIcon } from "lucide-react";

import { useUiLabels } from "~/components/ui/ui-labels";

/** Spec §9 toast settings. Sonner 2.0.8 has no swipe-threshold prop: its built-in threshold (45 px) applies. */
const TOAST_VISIBLE = 3;
const TOAST_DURATION_MS = 4000;
const TOAST_GAP_PX = 14;
const TOAST_HOTKEY = ["altKey", "KeyT"];

type Theme = NonNullable<ToasterProps["theme"]>;

/**
 * Sonner's default distances from the window's edge, plus `--toaster-lift`: a page whose actions sit where toasts
 * appear (the event editor's footer and save bar) sets it to keep toasts above them.
 */
const TOAST_OFFSET = { bottom: "calc(24px + var(--toaster-lift, 0px))" };
const TOAST_MOBILE_OFFSET = { bottom: "calc(16px + var(--toaster-lift, 0px))" };

function subscribeToRootClass(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  return () => observer.disconnect();
}

/** Follows the `.dark` class on <html>, the same switch the CSS theme uses. */
function useDocumentTheme(): Theme {
  return React.useSyncExternalStore<Theme>(
    subscribeToRootClass,
    () => (document.documentElement.classList.contains("dark") ? "dark" : "light"),
    () => "light",
  );
}

function tint(token: string, amount: number): string {
  return `color-mix(in oklab, var(${token}) ${amount}%, var(--popover))`;
}

const toasterStyle = {
  "--normal-bg": "var(--popover)",
  "--normal-text": "var(--popover-foreground)",
  "--normal-border": "var(--border)",
  "--normal-bg-hover": "var(--accent)",
  "--normal-border-hover": "var(--input)",
  "--border-radius": "var(--radius)",
  "--success-bg": tint("--success", 10),
  "--success-border": tint("--success", 30),
  "--success-text": "var(--success)",
  "--info-bg": tint("--primary", 8),
  "--info-border": tint("--primary", 25),
  "--info-text": "var(--primary)",
  "--warning-bg": tint("--warning", 10),
  "--warning-border": tint("--warning", 30),
  "--warning-text": "var(--warning)",
  "--error-bg": tint("--destructive", 8),
  "--error-border": tint("--destructive", 30),
  "--error-text": "var(--destructive)",
  fontFamily: "var(--font-sans)",
} as React.CSSProperties;

function Toaster({ theme, style, toastOptions, ...props }: ToasterProps) {
  const documentTheme = useDocumentTheme();
  const labels = useUiLabels();
  return (
    <Sonner
      theme={theme ?? documentTheme}
      className="toaster group"
      position="bottom-right"
      visibleToasts={TOAST_VISIBLE}
      duration={TOAST_DURATION_MS}
      gap={TOAST_GAP_PX}
      hotkey={TOAST_HOTKEY}
      offset={TOAST_OFFSET}
      mobileOffset={TOAST_MOBILE_OFFSET}
      richColors
      closeButton
      containerAriaLabel={labels.notifications}
      icons={{
        success: <CircleCheckIcon className="size-4" />,
        info: <InfoIcon className="size-4" />,
        warning: <TriangleAlertIcon className="size-4" />,
        error: <OctagonXIcon className="size-4" />,
        loading: <Loader2Icon className="size-4 animate-spin" />,
      }}
      style={{ ...toasterStyle, ...style }}
      toastOptions={{
        closeButtonAriaLabel: labels.closeToast,
        ...toastOptions,
        classNames: {
          toast: "shadow-lg",
          title: "font-medium",
          actionButton: "bg-primary! text-primary-foreground! font-medium!",
          cancelButton: "bg-muted! text-muted-foreground! font-medium!",
          ...toastOptions?.classNames,
        },
      }}
      {...props}
    />
  );
}

export { Toaster, TOAST_VISIBLE, TOAST_DURATION_MS, TOAST_GAP_PX, TOAST_HOTKEY };
