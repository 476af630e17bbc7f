import { Check, CircleAlert, Lock } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { cn } from "~/lib/utils";
import { EDITOR_STEPS, type EditorStep } from "~/lib/event-editor-values";

export type StepStatus = { filled: boolean; locked: boolean; hasError: boolean; changed: boolean };

type StepperProps = {
  current: EditorStep;
  status: Record<EditorStep, StepStatus>;
  hrefFor: (step: EditorStep) => string;
  /** Moving to another step goes through the editor (it saves unsaved changes first, as 'Suivant' does). */
  onSelect: (step: EditorStep) => void;
};

function selectHandler(step: EditorStep, onSelect: (step: EditorStep) => void) {
  return (event: React.MouseEvent<HTMLAnchorElement>) => {
    // A middle click or a modifier-click still opens the step in a new tab.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onSelect(step);
  };
}

/** Desktop: the steps as a vertical rail of links (spec §2 editor steps), the current one marked for assistive tech. */
export function StepRail({ current, status, hrefFor, onSelect }: StepperProps) {
  const { t } = useTranslation("editor");
  return (
    <nav aria-label={t("steps.label")} data-testid="editor-step-rail">
      <ol className="relative space-y-1">
        {EDITOR_STEPS.map((step, index) => {
          const s = status[step];
          const active = step === current;
          const label = (
            <>
              <span
                className={cn(
                  "grid size-7 shrink-0 place-items-center rounded-full border text-xs font-semibold transition-colors",
                  active && "border-primary bg-primary text-primary-foreground",
                  !active && s.hasError && "border-destructive text-destructive",
                  !active && !s.hasError && s.filled && "border-primary/40 bg-primary/10 text-primary",
                  !active && !s.hasError && !s.filled && "bg-background text-muted-foreground",
                )}
                aria-hidden
              >
                {s.locked ? (
                  <Lock className="size-3.5" />
                ) : s.hasError ? (
                  <CircleAlert className="size-4" />
                ) : s.filled && !active ? (
                  <Check className="size-4" />
                ) : (
                  index + 1
                )}
              </span>
              <span className="min-w-0">
                <span className="flex items-center gap-1.5 text-sm font-medium">
                  {t(`steps.${step}.name`)}
                  {s.changed ? <span className="size-1.5 rounded-full bg-amber-500" aria-hidden /> : null}
                </span>
                <span className="block truncate text-xs text-muted-foreground">
                  {s.locked ? t("steps.locked") : t(`steps.${step}.hint`)}
                </span>
              </span>
              {s.filled && !s.locked ? <span className="sr-only">({t("steps.complete")})</span> : null}
            </>
          );
          const className = cn(
            "flex items-center gap-3 rounded-lg px-2 py-2 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
            active ? "bg-background shadow-xs ring-1 ring-border" : "hover:bg-muted/70",
          );
          return (
            <li key={step}>
              {s.locked ? (
                <span
                  className={cn(className, "cursor-not-allowed opacity-60 hover:bg-transparent")}
                  aria-disabled="true"
                >
                  {label}
                </span>
              ) : (
                <Link
                  to={hrefFor(step)}
                  aria-current={active ? "step" : undefined}
                  className={className}
                  preventScrollReset
                  onClick={selectHandler(step, onSelect)}
                >
                  {label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** Mobile: "Step n of 6", the step name, a progress bar and one dot per step. */
export function StepProgress({ current, status, hrefFor, onSelect }: StepperProps) {
  const { t } = useTranslation("editor");
  const index = EDITOR_STEPS.indexOf(current);
  return (
    <nav aria-label={t("steps.label")} className="space-y-2" data-testid="editor-step-progress">
      <div className="flex items-baseline justify-between gap-2">
        <p className="text-xs font-medium text-muted-foreground">
          {t("steps.progress", { current: index + 1, total: EDITOR_STEPS.length })}
        </p>
        <ol className="flex items-center gap-1.5">
          {EDITOR_STEPS.map((step, i) => {
            const s = status[step];
            const dot = cn(
              "block size-2.5 rounded-full",
              step === current
                ? "bg-primary"
                : s.hasError
                  ? "bg-destructive"
                  : s.filled
                    ? "bg-primary/40"
                    : "bg-muted-foreground/25",
            );
            return (
              <li key={step}>
                {s.locked ? (
                  <span className={cn(dot, "opacity-50")} aria-hidden />
                ) : (
                  <Link
                    to={hrefFor(step)}
                    preventScrollReset
                    onClick={selectHandler(step, onSelect)}
                    aria-current={step === current ? "step" : undefined}
                    aria-label={`${i + 1}. ${t(`steps.${step}.name`)}`}
                    className="grid size-6 place-items-center rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
                  >
                    <span className={dot} />
                  </Link>
                )}
              </li>
            );
          })}
        </ol>
      </div>
      <div className="h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden>
        <div
          className="h-full rounded-full bg-primary transition-[width]"
          style={{ width: `${((index + 1) / EDITOR_STEPS.length) * 100}%` }}
        />
      </div>
    </nav>
  );
}
