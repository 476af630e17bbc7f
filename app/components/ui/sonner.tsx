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
 * Sonner's default distances from the window's edge, plus a lift: `--toaster-lift`, which a page whose actions sit where
 * toasts appear (the event editor's footer and save bar) sets, or `--toaster-footer-lift`, set by the Toaster itself
 * while an open sheet's or dialog's footer lies where toasts appear, so a toast never covers the buttons it reports on.
 */
const TOAST_LIFT = "max(var(--toaster-lift, 0px), var(--toaster-footer-lift, 0px))";
const TOAST_OFFSET = { bottom: `calc(24px + ${TOAST_LIFT})` };
const TOAST_MOBILE_OFFSET = { bottom: `calc(16px + ${TOAST_LIFT})` };
/** Toasts stack upwards from the bottom: a footer whose box reaches into this band of the window lifts them. */
const TOAST_BAND_PX = 160;
/** Sonner's toast width (spec §9) and its distance from the right edge, to tell whether a footer lies under toasts. */
const TOAST_AREA_PX = 356 + 24;
const FOOTERS = '[data-slot="sheet-footer"], [data-slot="dialog-footer"], [data-slot="alert-dialog-footer"]';

/** Sets `--toaster-footer-lift` to the height of the window under the highest open footer that toasts would cover. */
function useFooterLift() {
  React.useEffect(() => {
    const root = document.documentElement;
    let frame = 0;
    const update = () => {
      frame = 0;
      const { innerHeight: height, innerWidth: width } = window;
      // Below sonner's mobile breakpoint toasts span the window's width.
      const left = width <= 600 ? 0 : width - TOAST_AREA_PX;
      let lift = 0;
      for (const footer of document.querySelectorAll<HTMLElement>(FOOTERS)) {
        const box = footer.getBoundingClientRect();
        if (box.height === 0 || box.top >= height || box.bottom <= height - TOAST_BAND_PX || box.right <= left)
          continue;
        lift = Math.max(lift, Math.ceil(height - box.top));
      }
      if (lift > 0) root.style.setProperty("--toaster-footer-lift", `${lift}px`);
      else root.style.removeProperty("--toaster-footer-lift");
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    // Capture: a sheet scrolls inside itself, and its scroll events do not bubble to the window.
    window.addEventListener("scroll", schedule, { passive: true, capture: true });
    window.addEventListener("resize", schedule);
    // Sheets and dialogs open in portals at the end of <body>.
    const mutations = new MutationObserver(schedule);
    mutations.observe(document.body, { childList: true, subtree: true });
    return () => {
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener("scroll", schedule, { capture: true });
      window.removeEventListener("resize", schedule);
      mutations.disconnect();
      root.style.removeProperty("--toaster-footer-lift");
    };
  }, []);
}

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
  useFooterLift();
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
