import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useBlocker, type BlockerFunction } from "react-router";
import { toast } from "~/lib/toast";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "~/components/ui/alert-dialog-lazy";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { cn } from "~/lib/utils";

export type UnsavedChangesGuardProps = {
  /** The form differs from its initial data. */
  dirty: boolean;
  /** A save is running: leaving is refused with 'Sauvegarde en cours'. */
  saving: boolean;
  /** Saves the form; resolves true once saved (the guard then lets the blocked navigation go on). */
  onSave: () => Promise<boolean>;
  /** Puts the form back to its initial data (the bar's cancel button). */
  onReset: () => void;
  /** Bypasses the guard entirely (e.g. right after deleting the thing being edited). */
  force?: boolean;
  /** Show the sticky save/cancel bar while dirty (default true). */
  showBar?: boolean;
  /** Extra message in the bar, e.g. the number of fields with errors. */
  barMessage?: React.ReactNode;
  /** Lifts the bar above a fixed mobile bottom bar (the signed-in shell has a 60 px one). */
  barClassName?: string;
};

/**
 * Spec §4 unsaved-changes guard, for any form: while the form differs from its initial data a save/cancel bar stays at
 * the bottom; leaving for another path asks to exit (discard), save and exit, or resume; leaving while a save runs
 * shows 'Sauvegarde en cours' instead; closing or reloading the tab asks the browser's own question. Changing only the
 * query string (e.g. a step of a wizard) is not leaving. One guard per page: React Router supports one blocker.
 */
export function UnsavedChangesGuard({
  dirty,
  saving,
  onSave,
  onReset,
  force = false,
  showBar = true,
  barMessage,
  barClassName,
}: UnsavedChangesGuardProps) {
  const { t } = useTranslation("editor");
  // Read by the blocker at navigation time, so a state change and a navigate() in the same tick see fresh values.
  const state = useRef({ dirty, saving, force });
  state.current = { dirty, saving, force };

  const shouldBlock: BlockerFunction = ({ currentLocation, nextLocation }) => {
    const { dirty: isDirty, saving: isSaving, force: isForced } = state.current;
    if (isForced || (!isDirty && !isSaving)) return false;
    return currentLocation.pathname !== nextLocation.pathname;
  };
  const blocker = useBlocker(shouldBlock);
  const [savingThenLeaving, setSavingThenLeaving] = useState(false);

  // Leaving while a save runs: say so and stay.
  useEffect(() => {
    if (blocker.state === "blocked" && state.current.saving && !savingThenLeaving) {
      toast.error(t("unsaved-changes.save-in-progress"));
      blocker.reset();
    }
  }, [blocker, savingThenLeaving, t]);

  useEffect(() => {
    if (!dirty || force) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to show their prompt.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty, force]);

  // While the bar covers the bottom of the page, keep focused or scrolled-to elements clear of it (WCAG 2.4.11).
  const barRef = useRef<HTMLDivElement>(null);
  const barVisible = showBar && dirty && !force;
  useEffect(() => {
    const bar = barRef.current;
    if (!barVisible || !bar) return;
    const root = document.documentElement;
    const previous = root.style.scrollPaddingBottom;
    const update = () => {
      root.style.scrollPaddingBottom = `${Math.ceil(window.innerHeight - bar.getBoundingClientRect().top) + 16}px`;
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(bar);
    window.addEventListener("resize", update);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", update);
      root.style.scrollPaddingBottom = previous;
    };
  }, [barVisible]);

  async function saveAndLeave() {
    if (blocker.state !== "blocked") return;
    setSavingThenLeaving(true);
    try {
      const saved = await onSave();
      if (saved) blocker.proceed();
      else blocker.reset();
    } catch {
      blocker.reset();
    } finally {
      setSavingThenLeaving(false);
    }
  }

  const open = blocker.state === "blocked" && (!saving || savingThenLeaving);

  return (
    <>
      {barVisible ? (
        <div
          ref={barRef}
          role="region"
          aria-label={t("unsaved-changes.bar-label")}
          data-testid="unsaved-changes-bar"
          className={cn(
            "fixed inset-x-0 bottom-[60px] z-40 border-t bg-background/95 shadow-[0_-4px_16px_rgba(0,0,0,0.06)] backdrop-blur md:bottom-0",
            barClassName,
          )}
        >
          <div className="mx-auto flex w-full max-w-[1600px] flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-3 sm:justify-center md:px-6">
            <p className="text-sm font-medium">
              {t("unsaved-changes.bar-message")}
              {barMessage ? <span className="ml-2 font-normal text-muted-foreground">{barMessage}</span> : null}
            </p>
            <div className="flex gap-2">
              <Button type="button" variant="outline" onClick={onReset} disabled={saving}>
                {t("unsaved-changes.cancel")}
              </Button>
              <Button type="button" onClick={() => void onSave()} disabled={saving} data-testid="unsaved-changes-save">
                {saving ? <Spinner label={null} /> : null}
                {saving ? t("unsaved-changes.saving") : t("unsaved-changes.save")}
              </Button>
            </div>
          </div>
        </div>
      ) : null}

      <AlertDialog
        open={open}
        onOpenChange={(next) => {
          if (!next && blocker.state === "blocked" && !savingThenLeaving) blocker.reset();
        }}
      >
        <AlertDialogContent data-testid="unsaved-changes-dialog" className="sm:max-w-xl">
          <AlertDialogHeader>
            <AlertDialogTitle>{t("unsaved-changes.title")}</AlertDialogTitle>
            <AlertDialogDescription>{t("unsaved-changes.description")}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter className="sm:flex-wrap">
            <Button
              type="button"
              variant="ghost"
              className="text-destructive hover:text-destructive sm:mr-auto"
              disabled={savingThenLeaving}
              onClick={() => blocker.state === "blocked" && blocker.proceed()}
            >
              {t("unsaved-changes.exit")}
            </Button>
            <AlertDialogCancel disabled={savingThenLeaving}>{t("unsaved-changes.resume")}</AlertDialogCancel>
            <Button type="button" onClick={() => void saveAndLeave()} disabled={savingThenLeaving}>
              {savingThenLeaving ? <Spinner label={null} /> : null}
              {t("unsaved-changes.save-and-exit")}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
