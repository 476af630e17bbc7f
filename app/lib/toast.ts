import type { toast as sonnerToast } from "sonner";

type Show = (...args: Parameters<typeof sonnerToast.success>) => void;

const loadSonner = () => import("sonner");

/**
 * `toast.success/error/info` as sonner's, without sonner in the first-load JavaScript of every page that raises a
 * toast (docs/decisions/0071-lighter-signed-in-pages.md): the call loads sonner, which app/root.tsx's lazy Toaster has
 * loaded already once the page is interactive, so the toast shows at once; sonner keeps a toast raised before its
 * Toaster subscribed.
 */
function lazyShow(kind: "success" | "error" | "info"): Show {
  return (...args) => {
    void loadSonner().then((module) => module.toast[kind](...args));
  };
}

export const toast = { success: lazyShow("success"), error: lazyShow("error"), info: lazyShow("info") };
