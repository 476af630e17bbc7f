import { ExternalLink, MapPin } from "lucide-react";
import { lazy, Suspense, useId } from "react";
import { useTranslation } from "react-i18next";
import {
  EVENT_ADDRESS_MAX_LENGTH,
  EVENT_SMALL_DESCRIPTION_MAX_LENGTH,
  EVENT_TITLE_MAX_LENGTH,
} from "#domain/events/event-input-schema";
import { isValidTimeZone, zonedDateTimeToUtc } from "#domain/events/event-time-zone";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { formatDateTime } from "#domain/shared/format";
import { COMMON_TIME_ZONES, formatUtcOffset } from "~/lib/zoned-time";
import { cn } from "~/lib/utils";
import { DescriptionEditorSkeleton } from "./description-editor-skeleton";
import { type EditorField, type EditorValues } from "~/lib/event-editor-values";
import { openStreetMapUrl } from "~/lib/map-link";
import { AddressSearch } from "~/components/address-search";

// tiptap is loaded when the description step opens, not with the editor page.
const DescriptionEditor = lazy(() => import("./description-editor"));

export type StepProps = {
  values: EditorValues;
  /**
   * When the page was rendered on the server (epoch ms), for what would otherwise read the clock while rendering (the
   * zones' UTC offsets before a start is set): server and browser then render the same text and hydration matches.
   */
  renderedAt: number;
  errors: Partial<Record<EditorField, string>>;
  setValue: <K extends EditorField>(field: K, value: EditorValues[K]) => void;
};

/** Field error: an i18n key with its namespace ("events:errors.…", "editor:…"). */
function useFieldError(errors: StepProps["errors"]) {
  const { t } = useTranslation();
  return (field: EditorField) => (errors[field] ? t(errors[field] as never) : undefined);
}

export function TitleStep({ values, errors, setValue }: StepProps) {
  const { t } = useTranslation("editor");
  const error = useFieldError(errors);
  return (
    <div className="space-y-6">
      <Field label={t("title.label")} description={t("title.help")} error={error("title")} controlId="event-title">
        <Input
          name="title"
          value={values.title}
          onChange={(event) => setValue("title", event.target.value)}
          maxLength={EVENT_TITLE_MAX_LENGTH}
          placeholder={t("title.placeholder")}
          autoComplete="off"
          className="h-11 text-base md:text-lg"
        />
      </Field>
      <Field
        label={t("title.small-description")}
        description={t("title.small-description-help")}
        error={error("small_description")}
        controlId="event-small-description"
      >
        <Textarea
          name="small_description"
          value={values.small_description}
          onChange={(event) => setValue("small_description", event.target.value)}
          maxLength={EVENT_SMALL_DESCRIPTION_MAX_LENGTH}
          rows={3}
        />
      </Field>
    </div>
  );
}

const selectClass =
  "h-9 w-full rounded-md border border-input bg-transparent px-3 py-1 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive md:text-sm dark:bg-input/30";

export function DateStep({ values, errors, setValue, renderedAt }: StepProps) {
  const { t, i18n } = useTranslation("editor");
  const error = useFieldError(errors);
  const zones: string[] = (COMMON_TIME_ZONES as readonly string[]).includes(values.timezone)
    ? [...COMMON_TIME_ZONES]
    : [values.timezone, ...COMMON_TIME_ZONES].filter(isValidTimeZone);
  const start = values.start_at ? zonedDateTimeToUtc(values.start_at, values.timezone) : null;
  const end = values.end_at ? zonedDateTimeToUtc(values.end_at, values.timezone) : null;
  const endBeforeStart = start && end && end.getTime() <= start.getTime();

  return (
    <div className="space-y-6">
      <Field
        label={t("date.time-zone")}
        description={t("date.time-zone-help")}
        error={error("timezone")}
        controlId="event-timezone"
        className="max-w-md"
      >
        <select
          name="timezone"
          value={values.timezone}
          onChange={(event) => setValue("timezone", event.target.value)}
          className={selectClass}
        >
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll("_", " ")} ({formatUtcOffset(zone, start ?? renderedAt)})
            </option>
          ))}
        </select>
      </Field>
      <div className="grid items-start gap-6 sm:grid-cols-2">
        <Field label={t("date.start")} error={error("start_at")} controlId="event-start">
          <Input
            type="datetime-local"
            name="start_at"
            value={values.start_at}
            onChange={(event) => setValue("start_at", event.target.value)}
          />
        </Field>
        <Field
          label={t("date.end")}
          error={error("end_at") ?? (endBeforeStart ? t("date.end-before-start") : undefined)}
          controlId="event-end"
        >
          <Input
            type="datetime-local"
            name="end_at"
            value={values.end_at}
            min={values.start_at || undefined}
            onChange={(event) => setValue("end_at", event.target.value)}
          />
        </Field>
      </div>
      {start && end && !endBeforeStart ? (
        <p
          className="rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground"
          aria-live="polite"
          data-testid="date-summary"
        >
          {t("date.summary", {
            start: formatDateTime(start, i18n.language, values.timezone),
            end: formatDateTime(end, i18n.language, values.timezone),
          })}
          {" · "}
          {t("date.duration", { duration: formatDuration(end.getTime() - start.getTime(), i18n.language) })}
        </p>
      ) : null}
    </div>
  );
}

function formatDuration(ms: number, language: string): string {
  const minutes = Math.round(ms / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  const locale = language === "en" ? "en-GB" : "fr-FR";
  const unit = (value: number, name: "day" | "hour" | "minute") =>
    new Intl.NumberFormat(locale, { style: "unit", unit: name, unitDisplay: "long" }).format(value);
  return [days ? unit(days, "day") : null, hours ? unit(hours, "hour") : null, rest ? unit(rest, "minute") : null]
    .filter(Boolean)
    .join(" ");
}

export function LocationStep({ values, errors, setValue }: StepProps) {
  const { t } = useTranslation("editor");
  const error = useFieldError(errors);
  const mapUrl = openStreetMapUrl(values.address_latitude, values.address_longitude);
  const helpId = useId();
  return (
    <div className="space-y-6">
      <AddressSearch
        onPick={(place) => {
          setValue("address_label", place.label.slice(0, EVENT_ADDRESS_MAX_LENGTH));
          setValue("address_latitude", String(place.latitude));
          setValue("address_longitude", String(place.longitude));
        }}
      />
      <Field label={t("location.address-name")} error={error("address_name")} controlId="event-address-name">
        <Input
          name="address_name"
          value={values.address_name}
          onChange={(event) => setValue("address_name", event.target.value)}
          maxLength={EVENT_ADDRESS_MAX_LENGTH}
          placeholder={t("location.address-name-placeholder")}
        />
      </Field>
      <Field label={t("location.address-label")} error={error("address_label")} controlId="event-address-label">
        <Input
          name="address_label"
          value={values.address_label}
          onChange={(event) => setValue("address_label", event.target.value)}
          maxLength={EVENT_ADDRESS_MAX_LENGTH}
          placeholder={t("location.address-label-placeholder")}
          autoComplete="street-address"
        />
      </Field>
      <fieldset className="space-y-3" aria-describedby={helpId}>
        <div className="grid items-start gap-6 sm:grid-cols-2">
          <Field label={t("location.latitude")} error={error("address_latitude")} controlId="event-latitude">
            <Input
              name="address_latitude"
              value={values.address_latitude}
              onChange={(event) => setValue("address_latitude", event.target.value)}
              inputMode="decimal"
              placeholder={t("location.latitude-placeholder")}
            />
          </Field>
          <Field label={t("location.longitude")} error={error("address_longitude")} controlId="event-longitude">
            <Input
              name="address_longitude"
              value={values.address_longitude}
              onChange={(event) => setValue("address_longitude", event.target.value)}
              inputMode="decimal"
              placeholder={t("location.longitude-placeholder")}
            />
          </Field>
        </div>
        <p id={helpId} className="text-sm text-muted-foreground">
          {t("location.coordinates-help")}
        </p>
      </fieldset>
      <div className={cn("flex items-start gap-3 rounded-lg border bg-muted/40 p-4 text-sm")}>
        <MapPin className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
        <div className="min-w-0 space-y-1">
          {values.address_name || values.address_label ? (
            <p className="font-medium break-words">
              {[values.address_name, values.address_label].filter(Boolean).join(" — ")}
            </p>
          ) : null}
          {mapUrl ? (
            <a
              href={mapUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
              data-testid="map-link"
            >
              {t("location.map-link")}
              <ExternalLink className="size-3.5" aria-hidden />
            </a>
          ) : (
            <p className="text-muted-foreground">{t("location.map-unavailable")}</p>
          )}
        </div>
      </div>
    </div>
  );
}

export function DescriptionStep({ values, errors, setValue }: StepProps) {
  const { t } = useTranslation("editor");
  const error = useFieldError(errors);
  const labelId = useId();
  const helpId = useId();
  const errorId = useId();
  const message = error("description");
  return (
    <div className="space-y-2">
      <p id={labelId} className="text-sm font-medium">
        {t("description.label")}
      </p>
      <Suspense fallback={<DescriptionEditorSkeleton html={values.description} />}>
        <DescriptionEditor
          value={values.description}
          onChange={(html) => setValue("description", html)}
          labelId={labelId}
          describedBy={message ? `${helpId} ${errorId}` : helpId}
          invalid={Boolean(message)}
        />
      </Suspense>
      <p id={helpId} className="text-sm text-muted-foreground">
        {t("description.help")}
      </p>
      {message ? (
        <p id={errorId} className="text-sm text-destructive">
          {message}
        </p>
      ) : null}
    </div>
  );
}
