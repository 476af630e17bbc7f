import { ArrowLeft, ArrowRight, Check } from "lucide-react";
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher, useNavigate } from "react-router";
import { toast } from "~/lib/toast";
import { FormError } from "~/components/form-error";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { UnsavedChangesGuard } from "~/components/unsaved-changes-guard";
import { useFocusFirstInvalid } from "~/lib/use-focus-first-invalid";
import { cn } from "~/lib/utils";
import { BannerStep } from "./banner-step";
import { StepProgress, StepRail, type StepStatus } from "./editor-stepper";
import {
  changedFields,
  EDITOR_FIELDS,
  EDITOR_STEPS,
  isStepFilled,
  sameEditorValues,
  STEP_OF_FIELD,
  toFormData,
  type EditorField,
  type EditorStep,
  type EditorValues,
} from "~/lib/event-editor-values";
import { DateStep, DescriptionStep, LocationStep, TitleStep, type StepProps } from "./field-steps";
import { ThemeStep } from "./theme-step";
import { ChangeNoticeDialog } from "./change-notice-dialog";
import type { ChangeNoticeOffer } from "#domain/events/change-notice";
import { SaveDisabledReason } from "~/components/save-disabled-reason";

/** What the editor's route actions answer. */
export type EditorSaveResult =
  /** `notice`: a published event's date, time or place changed and it has participants (issue 27 §3). */
  | { ok: true; intent: "save"; eventId: number; savedAt: number; notice?: ChangeNoticeOffer | null }
  | { ok: true; intent: "remove-banner"; savedAt: number }
  | {
      ok: false;
      errors: { formError?: string; fields?: Partial<Record<EditorField, string>> };
      values?: Record<string, string>;
    };

type EditorProps = {
  mode: "new" | "update";
  /** Null until the event exists (on /event/new). */
  eventId: number | null;
  eventTitle: string;
  initial: EditorValues;
  mainPicture: string;
  step: EditorStep;
  /** The event was created in this editor session: "Terminer" goes to the event with ?from-create. */
  fromCreate: boolean;
  /** Epoch ms of the server render (loader data), see StepProps.renderedAt. */
  renderedAt: number;
};

const STEP_COMPONENTS: Record<Exclude<EditorStep, "banner">, (props: StepProps) => React.ReactNode> = {
  title: TitleStep,
  date: DateStep,
  location: LocationStep,
  description: DescriptionStep,
  theme: ThemeStep,
};

/**
 * The event editor (spec §2): steps Title, Banner, Date, Location, Description, Theme over one form state; saving
 * sends every field to the route action (which calls the events domain). On /event/new the first save creates the
 * draft and the editor continues on /event/update/:id.
 *
 * Every way out of a step ('Suivant', 'Précédent', the side list, the phone's step dots) does the same thing: with
 * unsaved changes it saves first and moves only once the save is accepted; a refused save stays on the step (or opens
 * the step of the first error) with the errors shown and focus on the first invalid field. Leaving the editor itself
 * goes through the unsaved-changes guard (spec §4: exit, save and exit, or resume).
 */
export function EventEditor({
  mode,
  eventId,
  eventTitle,
  initial,
  mainPicture,
  step,
  fromCreate,
  renderedAt,
}: EditorProps) {
  const { t } = useTranslation("editor");
  const { t: tc } = useTranslation("common");
  const navigate = useNavigate();
  const fetcher = useFetcher<EditorSaveResult>();
  const [values, setValues] = useState<EditorValues>(initial);
  const [errors, setErrors] = useState<{ formError?: string; fields: Partial<Record<EditorField, string>> }>({
    fields: {},
  });
  const [leavingTo, setLeavingTo] = useState<string | null>(null);
  const pendingSaves = useRef<((ok: boolean) => void)[]>([]);
  const afterSave = useRef<((result: EditorSaveResult) => void) | null>(null);
  const handled = useRef<unknown>(null);
  const toastAfterLeaving = useRef<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const footerRef = useRef<HTMLDivElement>(null);
  const firstRender = useRef(true);
  // A new object per refused save: the focus moves to the first invalid field once its step is shown.
  const [rejection, setRejection] = useState<object | null>(null);
  // The change notice offered after a save, and where the editor was going when it was offered.
  const [notice, setNotice] = useState<{ offer: ChangeNoticeOffer; then: string | null } | null>(null);

  const saving = fetcher.state !== "idle";
  const dirty = !sameEditorValues(values, initial);
  const locked = mode === "new";
  const currentStep: EditorStep = locked ? "title" : step;
  const currentStepRef = useRef(currentStep);
  currentStepRef.current = currentStep;
  const stepIndex = EDITOR_STEPS.indexOf(currentStep);
  const isLast = stepIndex === EDITOR_STEPS.length - 1;

  const hrefFor = (target: EditorStep) => {
    const params = new URLSearchParams({ step: target });
    if (fromCreate) params.set("from", "create");
    return mode === "new" ? "/event/new" : `/event/update/${eventId}?${params}`;
  };
  const hrefForRef = useRef(hrefFor);
  hrefForRef.current = hrefFor;
  const finishHref = eventId === null ? "/" : fromCreate ? `/event/${eventId}?from-create` : `/event/${eventId}`;

  // The result of a save, once the action answered and the loaders reloaded.
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    const result = fetcher.data;
    if (result.ok && result.intent === "save") {
      setErrors({ fields: {} });
      // A new draft is announced once its editor page is there (a slow load would let the toast expire unseen).
      if (mode === "new") toastAfterLeaving.current = t("toasts.created");
      // The change notice's dialog says it was saved: a toast would cover it on a phone.
      else if (!result.notice) toast.success(t("toasts.updated"));
      // Back to what the server stored (sanitized description, normalized colour…): nothing left unsaved.
      if (mode === "update") setValues(initial);
      if (mode === "update" && result.notice) setNotice({ offer: result.notice, then: null });
    } else if (!result.ok) {
      const fields = result.errors.fields ?? {};
      setErrors({ formError: result.errors.formError, fields });
      // Spec §8: a refused field is said on the field only; a save that failed otherwise (access lost, event gone…)
      // has no field to show it on, so it is toasted.
      if (!EDITOR_FIELDS.some((field) => fields[field])) toast.error(t("toasts.update-failed"));
      setRejection({});
      // An error on a field of another step (e.g. the title emptied, saved from the theme step): open that step.
      const firstField = EDITOR_FIELDS.find((field) => fields[field]);
      const errorStep = firstField ? STEP_OF_FIELD[firstField] : null;
      if (mode === "update" && errorStep && errorStep !== currentStepRef.current)
        setLeavingTo(hrefForRef.current(errorStep));
    }
    const ok = result.ok;
    for (const resolve of pendingSaves.current.splice(0)) resolve(ok);
    const then = afterSave.current;
    afterSave.current = null;
    then?.(result);
  }, [fetcher.state, fetcher.data, initial, mode, t]);

  // A navigation decided after a save runs once the guard has seen the clean state (see UnsavedChangesGuard).
  useEffect(() => {
    if (!leavingTo) return;
    const message = toastAfterLeaving.current;
    toastAfterLeaving.current = null;
    void Promise.resolve(navigate(leavingTo)).then(() => (message ? toast.success(message) : undefined));
  }, [leavingTo, navigate]);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [currentStep]);

  // After the step heading took the focus on a step change: a refused save sends it on to the first invalid field.
  const stepHasError = Object.entries(errors.fields).some(
    ([field, message]) => message && STEP_OF_FIELD[field as EditorField] === currentStep,
  );
  useFocusFirstInvalid(formRef, stepHasError ? rejection : null);

  useToasterLift(footerRef);

  // What was typed into the server-rendered page before it hydrated (a slow connection) is kept: React leaves the
  // typed text in the inputs but the form state still holds the loaded values, so read them back once.
  useLayoutEffect(() => {
    const form = formRef.current;
    if (!form) return;
    for (const field of EDITOR_FIELDS) {
      const control = form.elements.namedItem(field);
      if (!(
        control instanceof HTMLInputElement ||
        control instanceof HTMLTextAreaElement ||
        control instanceof HTMLSelectElement
      ))
        continue;
      if (control instanceof HTMLInputElement && (control.type === "hidden" || control.type === "radio")) continue;
      if (control.value !== initial[field]) setValue(field, control.value as EditorValues[typeof field]);
    }
    // Only the hydration render: later the inputs follow the state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function save(then?: (result: EditorSaveResult) => void): Promise<boolean> {
    afterSave.current = then ?? null;
    void fetcher.submit(toFormData(values, { intent: "save" }), { method: "post" });
    return new Promise((resolve) => pendingSaves.current.push(resolve));
  }

  function setValue<K extends EditorField>(field: K, value: EditorValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors.fields[field])
      setErrors((current) => ({ ...current, fields: { ...current.fields, [field]: undefined } }));
  }

  /** Leaves the current step for `target` (a step's href or the finish page): saves first when something changed. */
  function leaveStepFor(target: string) {
    if (saving) return;
    if (!dirty) {
      setLeavingTo(target);
      return;
    }
    void save((result) => {
      if (!result.ok) return;
      // The notice is answered first: leaving the editor now would close it unseen.
      if (result.intent === "save" && result.notice) setNotice({ offer: result.notice, then: target });
      else setLeavingTo(target);
    });
  }

  function goToStep(target: EditorStep) {
    if (target !== currentStep) leaveStepFor(hrefFor(target));
  }

  function next() {
    if (mode === "new") {
      if (saving) return;
      void save((result) => {
        if (result.ok && result.intent === "save")
          setLeavingTo(`/event/update/${result.eventId}?step=banner&from=create`);
      });
      return;
    }
    leaveStepFor(isLast ? finishHref : hrefFor(EDITOR_STEPS[stepIndex + 1]!));
  }

  // Let the same target be navigated to again later (e.g. back and forth between steps).
  useEffect(() => {
    if (leavingTo) setLeavingTo(null);
  }, [leavingTo]);

  const changed = useMemo(
    () => new Set(changedFields(values, initial).map((f) => STEP_OF_FIELD[f])),
    [values, initial],
  );
  const errorSteps = new Set(
    (Object.entries(errors.fields) as [EditorField, string | undefined][])
      .filter(([, m]) => m)
      .map(([f]) => STEP_OF_FIELD[f]),
  );
  const errorCount = Object.values(errors.fields).filter(Boolean).length;
  const status = Object.fromEntries(
    EDITOR_STEPS.map((s) => [
      s,
      {
        filled: !(locked && s !== "title") && isStepFilled(s, values, mainPicture !== ""),
        locked: locked && s !== "title",
        hasError: errorSteps.has(s),
        changed: changed.has(s),
      } satisfies StepStatus,
    ]),
  ) as Record<EditorStep, StepStatus>;

  const StepBody = currentStep === "banner" ? null : STEP_COMPONENTS[currentStep];
  const stepProps: StepProps = { values, errors: errors.fields, setValue, renderedAt };

  return (
    <div className={cn("mx-auto w-full max-w-[1200px] px-4 py-6 md:px-6 md:py-8", dirty && "pb-28 md:pb-24")}>
      <div className="mb-6 space-y-2">
        <Link
          to={eventId === null ? "/" : `/event/${eventId}`}
          className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft className="size-4" aria-hidden />
          {eventId === null ? t("back.home") : t("back.event")}
        </Link>
        <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">
          {mode === "new" ? t("heading.new") : t("heading.update")}
        </h1>
        {mode === "update" ? (
          <p className="truncate text-sm text-muted-foreground" data-testid="editor-event-title">
            {eventTitle || t("heading.untitled")}
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">{t("heading.draft-note")}</p>
        )}
      </div>

      <div className="grid gap-6 md:grid-cols-[240px_minmax(0,1fr)] md:gap-10">
        <aside className="hidden md:block">
          <div className="sticky top-20">
            <StepRail current={currentStep} status={status} hrefFor={hrefFor} onSelect={goToStep} />
          </div>
        </aside>

        <div className="min-w-0 space-y-4">
          <div className="md:hidden">
            <StepProgress current={currentStep} status={status} hrefFor={hrefFor} onSelect={goToStep} />
          </div>

          <form
            ref={formRef}
            method="post"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (saving) return;
              if (mode === "new") next();
              else if (dirty) void save();
            }}
            className="rounded-xl border bg-background shadow-xs"
            data-testid="event-editor-form"
          >
            <section aria-labelledby="editor-step-title" className="space-y-6 p-4 sm:p-6" data-step={currentStep}>
              <div className="space-y-1">
                <h2
                  id="editor-step-title"
                  ref={headingRef}
                  tabIndex={-1}
                  className="text-lg font-semibold outline-none"
                >
                  {t(`steps.${currentStep}.name`)}
                </h2>
                <p className="text-sm text-muted-foreground">{t(`steps.${currentStep}.hint`)}</p>
              </div>
              {errors.formError ? (
                <FormError message={errorCount > 0 ? "editor:errors.fix-fields" : errors.formError} />
              ) : null}
              {currentStep === "banner" && eventId !== null ? (
                <BannerStep eventId={eventId} mainPicture={mainPicture} title={values.title} />
              ) : StepBody ? (
                <StepBody {...stepProps} />
              ) : null}
            </section>

            <div
              ref={footerRef}
              className="flex flex-wrap items-center gap-2 border-t bg-muted/30 px-4 py-3 sm:px-6"
              data-testid="editor-footer"
            >
              {stepIndex > 0 ? (
                <Button variant="outline" asChild>
                  <Link
                    to={hrefFor(EDITOR_STEPS[stepIndex - 1]!)}
                    preventScrollReset
                    onClick={(event) => {
                      if (isPlainClick(event)) {
                        event.preventDefault();
                        goToStep(EDITOR_STEPS[stepIndex - 1]!);
                      }
                    }}
                  >
                    <ArrowLeft aria-hidden />
                    {t("actions.previous")}
                  </Link>
                </Button>
              ) : null}
              <div className="ml-auto flex flex-wrap items-center gap-2">
                {mode === "update" ? (
                  // On a phone the save bar already offers it when there is something to save.
                  <>
                    <SaveDisabledReason
                      id="editor-save-reason"
                      reason={!dirty && !saving ? tc("save-disabled.no-changes") : null}
                      className="hidden sm:block"
                    />
                    <Button
                      type="submit"
                      variant="outline"
                      disabled={!dirty || saving}
                      aria-describedby={!dirty && !saving ? "editor-save-reason" : undefined}
                      className="hidden sm:inline-flex"
                      data-testid="editor-save"
                    >
                      {saving ? <Spinner label={null} /> : null}
                      {saving ? t("actions.saving") : t("actions.save")}
                    </Button>
                  </>
                ) : null}
                <Button type="button" onClick={next} disabled={saving} data-testid="editor-next">
                  {mode === "new" ? t("actions.create") : isLast ? t("actions.finish") : t("actions.next")}
                  {isLast && mode === "update" ? <Check aria-hidden /> : <ArrowRight aria-hidden />}
                </Button>
              </div>
            </div>
          </form>
        </div>
      </div>

      {notice && eventId !== null ? (
        <ChangeNoticeDialog
          eventId={eventId}
          offer={notice.offer}
          onDone={() => {
            const then = notice.then;
            setNotice(null);
            if (then) setLeavingTo(then);
          }}
        />
      ) : null}

      <UnsavedChangesGuard
        dirty={dirty}
        saving={saving}
        force={leavingTo !== null}
        // On /event/new the footer's create button saves; the bar would only repeat it.
        showBar={mode === "update"}
        onSave={() => save()}
        onReset={() => {
          setValues(initial);
          setErrors({ fields: {} });
        }}
        barMessage={errorCount > 0 ? t("errors.field-count", { count: errorCount }) : undefined}
      />
    </div>
  );
}

/** A click that should stay in this tab (not a middle click or a modifier-click opening a new one). */
function isPlainClick(event: React.MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

const TOAST_BAND_PX = 160;

/**
 * Toasts sit bottom-right, where the editor's actions are: while the footer (or the fixed save bar) lies in the bottom
 * band of the window, the Toaster is lifted above it through `--toaster-lift` (read by the shared Toaster's offset).
 */
function useToasterLift(footerRef: React.RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const root = document.documentElement;
    let frame = 0;
    const update = () => {
      frame = 0;
      const height = window.innerHeight;
      let lift = 0;
      const covered = [footerRef.current, document.querySelector<HTMLElement>('[data-testid="unsaved-changes-bar"]')];
      for (const element of covered) {
        if (!element) continue;
        const box = element.getBoundingClientRect();
        if (box.height === 0 || box.top >= height || box.bottom <= height - TOAST_BAND_PX) continue;
        lift = Math.max(lift, Math.ceil(height - box.top));
      }
      root.style.setProperty("--toaster-lift", `${lift}px`);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    const observer = new ResizeObserver(schedule);
    observer.observe(document.body);
    const mutations = new MutationObserver(schedule);
    mutations.observe(document.body, { childList: true, subtree: true });
    return () => {
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
      observer.disconnect();
      mutations.disconnect();
      root.style.removeProperty("--toaster-lift");
    };
  }, [footerRef]);
}
