import { BellRing, CalendarClock, CalendarX2, Info, Plus, Trash2 } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { toast } from "~/lib/toast";
import { formatDateTime } from "#domain/shared/format";
import { useEventAreaData } from "~/components/event/use-event-area";
import { FormError } from "~/components/form-error";
import { useAwaitedFetcher } from "~/components/participation-forms/use-awaited-fetcher";
import { SaveDisabledReason } from "~/components/save-disabled-reason";
import { UnsavedChangesGuard } from "~/components/unsaved-changes-guard";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { LazySelect } from "~/components/lazy-select";
import { Spinner } from "~/components/ui/spinner";
import { Switch } from "~/components/ui/switch";
import { Textarea } from "~/components/ui/textarea";
import type { RemindersActionResult, RemindersPageData, ReminderView } from "./reminders-types";

const MAX_REMINDERS = 3;
const UNITS = ["minutes", "hours", "days"] as const;
type Unit = (typeof UNITS)[number];
/** The message variables (issue 27 §1), filled per recipient in the recipient's language. */
export const REMINDER_VARIABLES = [
  "first_name",
  "event_title",
  "event_date",
  "ticket_title",
  "order_link",
  "tickets_link",
] as const;

/** A reminder being edited; `key` tells rows apart before they have an id. */
type Draft = {
  key: string;
  id: number | null;
  offsetValue: string;
  offsetUnit: Unit;
  subject: string;
  text: string;
  enabled: boolean;
};

let nextKey = 0;
const newKey = () => `new-${++nextKey}`;

function toDrafts(reminders: ReminderView[]): Draft[] {
  return reminders.map((reminder) => ({
    key: `reminder-${reminder.id}`,
    id: reminder.id,
    offsetValue: String(reminder.offsetValue),
    offsetUnit: reminder.offsetUnit,
    subject: reminder.subject,
    text: reminder.text,
    enabled: reminder.enabled,
  }));
}

const comparable = (drafts: Draft[]) => JSON.stringify(drafts.map(({ key: _key, ...draft }) => draft));

/**
 * The event's automatic reminders (issue 27 §2): up to three emails before the start, each with its delay, its own
 * subject and text (empty: the default text in each buyer's language) and the message variables, and when it goes out.
 */
export function RemindersPage({ data }: { data: RemindersPageData }) {
  const { t, i18n } = useTranslation("reminders");
  const { t: tc } = useTranslation("common");
  const area = useEventAreaData();
  const [saved, setSaved] = useState(data.reminders);
  const [drafts, setDrafts] = useState(() => toDrafts(data.reminders));
  const [initial, setInitial] = useState(() => comparable(toDrafts(data.reminders)));
  const [errors, setErrors] = useState<{ formError?: string; fields?: Record<string, string> }>({});
  const saver = useAwaitedFetcher<RemindersActionResult>(`reminders-${data.eventId}`);
  const saving = saver.state !== "idle";
  const dirty = comparable(drafts) !== initial;
  const language = i18n.language === "en" ? "en" : "fr";

  if (!data.startAt) {
    return (
      <Card data-testid="reminders-no-start">
        <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
          <CalendarX2 className="size-8 text-muted-foreground" aria-hidden />
          <h2 className="text-lg font-semibold">{t("page.no-start.title")}</h2>
          <p className="max-w-md text-sm text-muted-foreground">{t("page.no-start.description")}</p>
          {area?.permissions.update ? (
            <Button asChild variant="outline">
              <Link to={`/event/update/${data.eventId}`}>{t("page.no-start.action")}</Link>
            </Button>
          ) : null}
        </CardContent>
      </Card>
    );
  }

  async function save(): Promise<boolean> {
    const posted = drafts.map((draft) => ({
      id: draft.id,
      offset_value: draft.offsetValue.trim() === "" ? null : Number(draft.offsetValue),
      offset_unit: draft.offsetUnit,
      subject: draft.subject,
      text: draft.text,
      enabled: draft.enabled,
    }));
    const result = await saver.submit({ reminders: JSON.stringify(posted) });
    if (result?.ok) {
      const stored = toDrafts(result.reminders);
      setSaved(result.reminders);
      setDrafts(stored);
      setInitial(comparable(stored));
      setErrors({});
      toast.success(t("page.saved"));
      return true;
    }
    if (result) setErrors(result.errors);
    return false;
  }

  const update = (key: string, changes: Partial<Draft>) =>
    setDrafts((current) => current.map((draft) => (draft.key === key ? { ...draft, ...changes } : draft)));

  const full = drafts.length >= MAX_REMINDERS;
  return (
    <form
      className={dirty ? "grid gap-6 pb-24" : "grid gap-6"}
      data-testid="reminders-page"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (dirty && !saving) void save();
      }}
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <h2 className="text-lg font-semibold tracking-tight">{t("page.title")}</h2>
          <p className="max-w-2xl text-sm text-muted-foreground">{t("page.description")}</p>
        </div>
        <div className="flex flex-col items-start gap-1 sm:items-end">
          <Button
            type="submit"
            disabled={!dirty || saving}
            aria-describedby={!dirty && !saving ? "reminders-save-reason" : undefined}
            data-testid="reminders-save"
          >
            {saving ? <Spinner label={null} /> : null}
            {t("page.save")}
          </Button>
          <SaveDisabledReason
            id="reminders-save-reason"
            reason={!dirty && !saving ? tc("save-disabled.no-changes") : null}
          />
        </div>
      </div>

      {!data.published ? (
        <Alert role="status" data-testid="reminders-not-published">
          <Info aria-hidden />
          <AlertDescription>{t("page.not-published")}</AlertDescription>
        </Alert>
      ) : null}
      <FormError message={errors.formError} />

      <ul className="grid gap-4" aria-label={t("page.title")}>
        {drafts.map((draft, index) => (
          <li key={draft.key}>
            <ReminderCard
              draft={draft}
              index={index}
              saved={draft.id === null ? undefined : saved.find((reminder) => reminder.id === draft.id)}
              timezone={data.timezone}
              defaults={data.defaults[language]}
              errors={errors.fields}
              onChange={(changes) => update(draft.key, changes)}
              onRemove={() => setDrafts((current) => current.filter((other) => other.key !== draft.key))}
            />
          </li>
        ))}
      </ul>
      {drafts.length === 0 ? (
        <p
          className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground"
          data-testid="reminders-empty"
        >
          {t("page.empty")}
        </p>
      ) : null}

      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="button"
          variant="outline"
          disabled={full}
          aria-describedby={full ? "reminders-limit" : undefined}
          onClick={() =>
            setDrafts((current) => [
              ...current,
              { key: newKey(), id: null, offsetValue: "2", offsetUnit: "hours", subject: "", text: "", enabled: true },
            ])
          }
          data-testid="reminders-add"
        >
          <Plus aria-hidden />
          {t("page.add")}
        </Button>
        {full ? (
          <p id="reminders-limit" className="text-sm text-muted-foreground">
            {t("page.limit")}
          </p>
        ) : null}
      </div>

      <div className="grid gap-1 text-sm text-muted-foreground">
        <p>{t("page.default-note")}</p>
        <p>{t("page.rules")}</p>
        <p>{t("page.time-zone", { timeZone: data.timezone })}</p>
      </div>

      <UnsavedChangesGuard
        dirty={dirty}
        saving={saving}
        onSave={save}
        onReset={() => {
          setDrafts(toDrafts(saved));
          setErrors({});
        }}
      />
    </form>
  );
}

function ReminderCard({
  draft,
  index,
  saved,
  timezone,
  defaults,
  errors,
  onChange,
  onRemove,
}: {
  draft: Draft;
  index: number;
  saved: ReminderView | undefined;
  timezone: string;
  defaults: { subject: string; text: string };
  errors: Record<string, string> | undefined;
  onChange: (changes: Partial<Draft>) => void;
  onRemove: () => void;
}) {
  const { t, i18n } = useTranslation("reminders");
  const { t: te } = useTranslation();
  const ids = useId();
  const textArea = useRef<HTMLTextAreaElement>(null);
  const number = index + 1;
  const error = (field: string) => {
    const key = errors?.[`reminders.${index}.${field}`];
    return key ? te(key as never) : undefined;
  };

  // What the stored reminder says about its send, while the delay shown is the stored one.
  const unchanged =
    saved !== undefined && String(saved.offsetValue) === draft.offsetValue && saved.offsetUnit === draft.offsetUnit;
  const status = !draft.enabled
    ? t("reminder.state.disabled")
    : !unchanged
      ? t("reminder.state.unsaved")
      : saved.nextSendAt
        ? t("reminder.next-send", { date: formatDateTime(saved.nextSendAt, i18n.language, timezone) })
        : saved.sentForCurrentStart
          ? t("reminder.state.sent")
          : t("reminder.state.passed");

  function insertVariable(variable: string) {
    const token = `{${variable}}`;
    const element = textArea.current;
    const start = element?.selectionStart ?? draft.text.length;
    const end = element?.selectionEnd ?? draft.text.length;
    onChange({ text: draft.text.slice(0, start) + token + draft.text.slice(end) });
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + token.length, start + token.length);
    });
  }

  return (
    <Card className="gap-4" data-testid="reminder-card">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle id={`${ids}-title`} className="flex items-center gap-2">
            <BellRing className="size-4 text-muted-foreground" aria-hidden />
            {t("reminder.heading", { number })}
          </CardTitle>
          <CardDescription className="flex items-center gap-1.5" data-testid="reminder-status">
            <CalendarClock className="size-3.5 shrink-0" aria-hidden />
            {status}
          </CardDescription>
        </div>
        <div className="flex items-center gap-3">
          <div className="flex items-center gap-2">
            <Switch
              id={`${ids}-enabled`}
              checked={draft.enabled}
              onCheckedChange={(enabled) => onChange({ enabled })}
              data-testid="reminder-enabled"
            />
            <label htmlFor={`${ids}-enabled`} className="text-sm font-medium">
              {t("reminder.enabled")}
            </label>
          </div>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            onClick={onRemove}
            aria-label={t("reminder.remove", { number })}
            title={t("reminder.remove", { number })}
            data-testid="reminder-remove"
          >
            <Trash2 aria-hidden />
          </Button>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-[8rem_minmax(0,16rem)]">
          <Field label={t("reminder.offset-value")} error={error("offset_value")}>
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              value={draft.offsetValue}
              onChange={(event) => onChange({ offsetValue: event.target.value })}
              data-testid="reminder-offset-value"
            />
          </Field>
          <Field label={t("reminder.offset-unit")} error={error("offset_unit")}>
            {(control) => (
              <LazySelect
                {...control}
                value={draft.offsetUnit}
                onValueChange={(value) => onChange({ offsetUnit: value as Unit })}
                valueLabel={t(`reminder.units.${draft.offsetUnit}`)}
                options={UNITS.map((unit) => ({ value: unit, label: t(`reminder.units.${unit}`) }))}
                className="w-full"
                data-testid="reminder-offset-unit"
              />
            )}
          </Field>
        </div>
        <Field label={t("reminder.subject")} error={error("subject")}>
          <Input
            value={draft.subject}
            maxLength={200}
            placeholder={defaults.subject}
            onChange={(event) => onChange({ subject: event.target.value })}
            data-testid="reminder-subject"
          />
        </Field>
        <Field label={t("reminder.body")} description={t("reminder.body-hint")} error={error("body") ?? error("text")}>
          <Textarea
            ref={textArea}
            rows={6}
            value={draft.text}
            placeholder={defaults.text}
            onChange={(event) => onChange({ text: event.target.value })}
            className="min-h-32"
            data-testid="reminder-text"
          />
        </Field>
        <div role="group" aria-labelledby={`${ids}-variables`} className="grid gap-2">
          <p id={`${ids}-variables`} className="text-sm font-medium">
            {t("reminder.variables")}
          </p>
          <div className="flex flex-wrap gap-2">
            {REMINDER_VARIABLES.map((variable) => (
              <Button
                key={variable}
                type="button"
                variant="secondary"
                size="sm"
                className="h-7 rounded-full px-3 font-mono text-xs"
                title={t(`variables.${variable}`)}
                aria-label={t("reminder.insert-variable", { variable: `{${variable}}` })}
                onClick={() => insertVariable(variable)}
                data-testid={`reminder-variable-${variable}`}
              >
                {`{${variable}}`}
              </Button>
            ))}
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
