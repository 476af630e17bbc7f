import { CalendarDays, MapPin, Moon, Sun } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { zonedDateTimeToUtc } from "#domain/events/event-time-zone";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { RadioGroup, RadioGroupItem } from "~/components/ui/radio-group";
import { Label } from "~/components/ui/label";
import { accessibleSurface, LIGHT_TEXT } from "~/lib/contrast";
import { formatDateTime } from "#domain/shared/format";
import { cn } from "~/lib/utils";
import { DEFAULT_PRIMARY_COLOR, primaryColorFromText } from "~/lib/event-editor-values";
import type { StepProps } from "./field-steps";

export function ThemeStep({ values, errors, setValue }: StepProps) {
  const { t, i18n } = useTranslation("editor");
  const { t: tAny } = useTranslation();
  // The hex field is the form's value as typed: a colour that is not #RRGGBB is sent as it is and refused by the save
  // (on this field) instead of being dropped. The picker and the preview keep the last complete colour meanwhile.
  const typed = primaryColorFromText(values.primary_color);
  const [lastValid, setLastValid] = useState(typed ?? DEFAULT_PRIMARY_COLOR);
  if (typed && typed !== lastValid) setLastValid(typed);
  const color = typed ?? lastValid;
  const hexValid = typed !== null;
  const serverError = errors.primary_color ? tAny(errors.primary_color as never) : undefined;
  const start = values.start_at ? zonedDateTimeToUtc(values.start_at, values.timezone) : null;
  const when = start ? formatDateTime(start, i18n.language, values.timezone) : "";

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <div className="space-y-6">
        <div className="grid grid-cols-[auto_minmax(0,1fr)] items-end gap-3">
          <Field label={t("theme.primary-color")} controlId="event-primary-color-picker">
            <input
              type="color"
              value={color}
              onChange={(event) => setValue("primary_color", event.target.value.toLowerCase())}
              className="h-9 w-14 cursor-pointer rounded-md border border-input bg-transparent p-1"
            />
          </Field>
          <Field
            label={t("theme.primary-color-hex")}
            controlId="event-primary-color"
            error={serverError ?? (hexValid ? undefined : t("theme.primary-color-invalid"))}
          >
            <Input
              name="primary_color"
              value={values.primary_color}
              maxLength={7}
              spellCheck={false}
              autoComplete="off"
              className="font-mono uppercase"
              onChange={(event) => {
                const next = event.target.value.trim();
                setValue("primary_color", primaryColorFromText(next) ?? next);
              }}
            />
          </Field>
        </div>

        <fieldset className="space-y-3">
          <legend className="text-sm font-medium">{t("theme.appearance")}</legend>
          <RadioGroup
            name="theme"
            value={values.theme}
            onValueChange={(value) => setValue("theme", value === "dark" ? "dark" : "light")}
            className="grid grid-cols-2 gap-3"
          >
            {(["light", "dark"] as const).map((theme) => (
              <Label
                key={theme}
                htmlFor={`event-theme-${theme}`}
                className={cn(
                  "flex cursor-pointer items-center gap-3 rounded-lg border p-3 font-normal transition-colors",
                  values.theme === theme ? "border-primary bg-primary/5" : "hover:bg-muted/60",
                )}
              >
                <RadioGroupItem id={`event-theme-${theme}`} value={theme} />
                {theme === "light" ? <Sun className="size-4" aria-hidden /> : <Moon className="size-4" aria-hidden />}
                {t(`theme.${theme}`)}
              </Label>
            ))}
          </RadioGroup>
          {errors.theme ? <p className="text-sm text-destructive">{tAny(errors.theme as never)}</p> : null}
        </fieldset>
      </div>

      <ThemePreview title={values.title} color={color} theme={values.theme} place={values.address_name} when={when} />
    </div>
  );
}

/**
 * What the public page will look like with this colour and theme: spec §9's text, on the shade of the colour that the
 * public pages paint when the colour itself would not give that text 4.5:1 (app/lib/contrast.ts).
 */
function ThemePreview({
  title,
  color,
  theme,
  place,
  when,
}: {
  title: string;
  color: string;
  theme: "light" | "dark";
  place: string;
  when: string;
}) {
  const { t } = useTranslation("editor");
  const surface = accessibleSurface(color);
  const textColor = surface.text;
  const light = textColor === LIGHT_TEXT;
  const surfaceStyle = { backgroundColor: surface.background, color: textColor };
  const dark = theme === "dark";
  return (
    <section aria-labelledby="theme-preview-title" className="space-y-2">
      <h3 id="theme-preview-title" className="text-sm font-medium">
        {t("theme.preview")}
      </h3>
      <div
        className={cn(
          "overflow-hidden rounded-xl border shadow-sm",
          dark ? "border-neutral-800 bg-neutral-950 text-neutral-100" : "bg-white text-neutral-900",
        )}
        data-testid="theme-preview"
        data-text-color={textColor}
      >
        <div className="px-5 py-6" style={surfaceStyle}>
          <p className="text-xs font-medium tracking-wide uppercase">{t("theme.preview")}</p>
          <p className="mt-1 text-xl font-semibold break-words">{title || t("theme.preview-title")}</p>
        </div>
        <div className="space-y-3 px-5 py-4 text-sm">
          <p className={cn("flex items-center gap-2", dark ? "text-neutral-300" : "text-neutral-600")}>
            <CalendarDays className="size-4" aria-hidden />
            {when ? <span>{when}</span> : <span className="h-2 w-32 rounded bg-current opacity-30" />}
          </p>
          <p className={cn("flex items-center gap-2", dark ? "text-neutral-300" : "text-neutral-600")}>
            <MapPin className="size-4" aria-hidden />
            {place ? <span>{place}</span> : <span className="h-2 w-24 rounded bg-current opacity-30" />}
          </p>
          <span className="inline-flex h-9 items-center rounded-md px-4 text-sm font-medium" style={surfaceStyle}>
            {t("theme.preview-button")}
          </span>
        </div>
      </div>
      <p className="flex items-center gap-2 text-xs text-muted-foreground" data-testid="theme-contrast">
        <span
          className="inline-flex h-6 shrink-0 items-center rounded px-2 text-xs font-semibold"
          style={surfaceStyle}
          aria-hidden
        >
          Aa
        </span>
        <span>
          <span className="font-medium text-foreground">
            {light ? t("theme.contrast-light") : t("theme.contrast-dark")}
          </span>
          {" · "}
          {t("theme.contrast-help")}
        </span>
      </p>
      {surface.adjusted ? (
        <p className="text-xs text-muted-foreground" data-testid="theme-contrast-adjusted">
          {t("theme.contrast-adjusted", { color: surface.background.toUpperCase() })}
        </p>
      ) : null}
    </section>
  );
}
