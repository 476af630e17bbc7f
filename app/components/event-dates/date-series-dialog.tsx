import { X } from "lucide-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "~/lib/toast";
import { zonedDayKey } from "#domain/events/event-time-zone";
import {
  planDateSeries,
  WEEKDAYS,
  WORKING_DAYS,
  type DateSeries,
  type Weekday,
} from "#domain/event-dates/plan-date-series";
import { isAppError } from "#domain/shared/app-error";
import { dateTimeFormat, formatDateRange, intlLocale } from "#domain/shared/format";
import { FormError } from "~/components/form-error";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
import { useDatesSubmit } from "./date-form-state";

const PREVIEW = 5;

type Props = { open: boolean; onOpenChange: (open: boolean) => void; timeZone: string };

/**
 * « Ajouter une série »: days of the week, fixed times or slots, until a day or for a number of dates, skipped days;
 * the dates are planned here as the server will (planDateSeries, in the event's zone) for a live preview.
 */
export function DateSeriesDialog({ open, onOpenChange, timeZone }: Props) {
  const { t, i18n } = useTranslation("dates");
  const locale = intlLocale(i18n.language);
  const [kind, setKind] = useState<"times" | "slots">("times");
  // The dialog mounts in the browser, on demand: today is the organizer's today in the event's zone.
  const [startDate, setStartDate] = useState(() => zonedDayKey(Date.now(), timeZone));
  const [weekdays, setWeekdays] = useState<Weekday[]>([...WORKING_DAYS]);
  const [times, setTimes] = useState<string[]>(["20:00"]);
  const [every, setEvery] = useState("30");
  const [slotsFrom, setSlotsFrom] = useState("10:00");
  const [slotsTo, setSlotsTo] = useState("18:00");
  const [duration, setDuration] = useState("");
  const [endKind, setEndKind] = useState<"until" | "count">("count");
  const [until, setUntil] = useState("");
  const [count, setCount] = useState("10");
  const [skipDay, setSkipDay] = useState("");
  const [skipDates, setSkipDates] = useState<string[]>([]);
  const [capacity, setCapacity] = useState("");
  const { submit, busy, error } = useDatesSubmit("event-dates-series", (created) => {
    toast.success(t("toast.created", { count: created }));
    onOpenChange(false);
  });

  const series: DateSeries = useMemo(() => {
    const common = {
      startDate,
      weekdays,
      ...(endKind === "until" ? { until } : { count: Number(count) }),
      skipDates,
      ...(duration.trim() ? { durationMinutes: Number(duration) } : {}),
    };
    return kind === "times"
      ? { ...common, kind, times: times.filter(Boolean) }
      : { ...common, kind, everyMinutes: Number(every), slotsFrom, slotsTo };
  }, [kind, startDate, weekdays, endKind, until, count, skipDates, duration, times, every, slotsFrom, slotsTo]);

  const preview = useMemo(() => {
    try {
      return { dates: planDateSeries(series, timeZone), error: null };
    } catch (failure) {
      return { dates: [], error: isAppError(failure) ? failure.messageKey : "dates:series.preview-error" };
    }
  }, [series, timeZone]);

  const weekdayName = (day: Weekday) =>
    dateTimeFormat(locale, { timeZone: "UTC", weekday: "short" }).format(Date.UTC(2026, 0, 4 + day));
  const dayLabel = (day: string) =>
    dateTimeFormat(locale, { timeZone: "UTC", weekday: "short", day: "numeric", month: "short" }).format(
      new Date(`${day}T12:00:00Z`),
    );

  const body = {
    series: {
      kind,
      start_date: startDate,
      weekdays,
      ...(kind === "times"
        ? { times: times.filter(Boolean) }
        : { every_minutes: Number(every), slots_from: slotsFrom, slots_to: slotsTo }),
      ...(duration.trim() ? { duration_minutes: Number(duration) } : {}),
      ...(endKind === "until" ? { until } : { count: Number(count) }),
      skip_dates: skipDates,
    },
    ...(capacity.trim() ? { capacity: Number(capacity) } : {}),
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl" closeLabel={t("form.cancel")}>
        <form
          className="grid gap-5"
          onSubmit={(event) => {
            event.preventDefault();
            submit({ intent: "create", body });
          }}
        >
          <DialogHeader>
            <DialogTitle>{t("series.title")}</DialogTitle>
            <DialogDescription>{t("series.description", { timeZone })}</DialogDescription>
          </DialogHeader>
          <FormError message={error} />

          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor="series-kind">{t("series.kind")}</Label>
              <Select value={kind} onValueChange={(value) => setKind(value as "times" | "slots")}>
                <SelectTrigger id="series-kind" className="w-full" data-testid="series-kind">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="times">{t("series.kind-times")}</SelectItem>
                  <SelectItem value="slots">{t("series.kind-slots")}</SelectItem>
                </SelectContent>
              </Select>
            </div>
            <div className="grid gap-2">
              <Label htmlFor="series-start">{t("series.start-date")}</Label>
              <Input
                id="series-start"
                type="date"
                required
                value={startDate}
                onChange={(e) => setStartDate(e.target.value)}
              />
            </div>
          </div>

          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">{t("series.days")}</legend>
            <div className="flex flex-wrap gap-3">
              {WEEKDAYS.map((day) => (
                <label key={day} className="flex items-center gap-1.5 text-sm">
                  <Checkbox
                    checked={weekdays.includes(day)}
                    data-testid={`series-day-${day}`}
                    onCheckedChange={(checked) =>
                      setWeekdays((current) =>
                        checked === true ? [...current, day].sort() : current.filter((candidate) => candidate !== day),
                      )
                    }
                  />
                  {weekdayName(day)}
                </label>
              ))}
            </div>
            <div className="flex flex-wrap gap-2">
              <Button type="button" size="sm" variant="outline" onClick={() => setWeekdays([...WORKING_DAYS])}>
                {t("series.weekdays")}
              </Button>
              <Button type="button" size="sm" variant="outline" onClick={() => setWeekdays([...WEEKDAYS])}>
                {t("series.every-day")}
              </Button>
            </div>
          </fieldset>

          {kind === "times" ? (
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">{t("series.times")}</legend>
              <div className="flex flex-wrap items-center gap-2">
                {times.map((time, index) => (
                  <div key={index} className="flex items-center gap-1">
                    <Input
                      type="time"
                      className="w-32"
                      aria-label={`${t("series.times")} ${index + 1}`}
                      data-testid="series-time"
                      value={time}
                      onChange={(e) =>
                        setTimes((current) => current.map((value, at) => (at === index ? e.target.value : value)))
                      }
                    />
                    {times.length > 1 ? (
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        aria-label={t("series.remove-time", { time })}
                        onClick={() => setTimes((current) => current.filter((_, at) => at !== index))}
                      >
                        <X aria-hidden />
                      </Button>
                    ) : null}
                  </div>
                ))}
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  onClick={() => setTimes((current) => [...current, ""])}
                >
                  {t("series.add-time")}
                </Button>
              </div>
            </fieldset>
          ) : (
            <div className="grid gap-4 sm:grid-cols-3">
              <div className="grid gap-2">
                <Label htmlFor="series-every">{t("series.every")}</Label>
                <Input
                  id="series-every"
                  type="number"
                  min={5}
                  value={every}
                  onChange={(e) => setEvery(e.target.value)}
                />
              </div>
              <div className="grid gap-2">
                <Label htmlFor="series-from">{t("series.slots-from")}</Label>
                <Input id="series-from" type="time" value={slotsFrom} onChange={(e) => setSlotsFrom(e.target.value)} />
              </div>
              <div className="grid gap-2">
                <Label htmlFor="series-to">{t("series.slots-to")}</Label>
                <Input id="series-to" type="time" value={slotsTo} onChange={(e) => setSlotsTo(e.target.value)} />
              </div>
            </div>
          )}

          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor="series-duration">{t("series.duration")}</Label>
              <Input
                id="series-duration"
                type="number"
                min={1}
                value={duration}
                onChange={(e) => setDuration(e.target.value)}
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="series-capacity">{t("form.capacity")}</Label>
              <Input
                id="series-capacity"
                type="number"
                min={0}
                value={capacity}
                onChange={(e) => setCapacity(e.target.value)}
              />
            </div>
          </div>

          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor="series-end-kind">{t("series.end")}</Label>
              <Select value={endKind} onValueChange={(value) => setEndKind(value as "until" | "count")}>
                <SelectTrigger id="series-end-kind" className="w-full" data-testid="series-end-kind">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="count">{t("series.end-count")}</SelectItem>
                  <SelectItem value="until">{t("series.end-until")}</SelectItem>
                </SelectContent>
              </Select>
            </div>
            {endKind === "until" ? (
              <div className="grid gap-2">
                <Label htmlFor="series-until">{t("series.until")}</Label>
                <Input id="series-until" type="date" value={until} onChange={(e) => setUntil(e.target.value)} />
              </div>
            ) : (
              <div className="grid gap-2">
                <Label htmlFor="series-count">{t("series.count")}</Label>
                <Input
                  id="series-count"
                  type="number"
                  min={1}
                  max={500}
                  value={count}
                  onChange={(e) => setCount(e.target.value)}
                />
              </div>
            )}
          </div>

          <div className="grid gap-2">
            <Label htmlFor="series-skip">{t("series.skip")}</Label>
            <div className="flex flex-wrap items-center gap-2">
              <Input
                id="series-skip"
                type="date"
                className="w-44"
                value={skipDay}
                onChange={(e) => setSkipDay(e.target.value)}
              />
              <Button
                type="button"
                size="sm"
                variant="outline"
                disabled={!skipDay}
                onClick={() => {
                  if (skipDay && !skipDates.includes(skipDay)) setSkipDates([...skipDates, skipDay].sort());
                  setSkipDay("");
                }}
              >
                {t("series.skip-add")}
              </Button>
            </div>
            {skipDates.length > 0 ? (
              <ul className="flex flex-wrap gap-1.5">
                {skipDates.map((day) => (
                  <li
                    key={day}
                    className="flex items-center gap-1 rounded-md border bg-muted/50 py-0.5 pr-0.5 pl-2 text-sm"
                  >
                    {dayLabel(day)}
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      className="size-6"
                      aria-label={t("series.skip-remove", { date: dayLabel(day) })}
                      onClick={() => setSkipDates(skipDates.filter((candidate) => candidate !== day))}
                    >
                      <X aria-hidden />
                    </Button>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>

          <div className="rounded-lg border bg-muted/40 p-3 text-sm" aria-live="polite" data-testid="series-preview">
            {preview.error ? (
              <p className="text-muted-foreground">{t(preview.error as never)}</p>
            ) : (
              <>
                <p className="font-medium">{t("series.preview", { count: preview.dates.length })}</p>
                <p className="mt-1 text-muted-foreground">{t("series.preview-first")}</p>
                <ul className="mt-1 grid gap-0.5">
                  {preview.dates.slice(0, PREVIEW).map((date) => (
                    <li key={date.startAt} className="tabular-nums">
                      {formatDateRange(date.startAt, date.endAt, i18n.language, timeZone)}
                    </li>
                  ))}
                </ul>
                {preview.dates.length > PREVIEW ? (
                  <p className="mt-1 text-muted-foreground">
                    {t("series.preview-more", { count: preview.dates.length - PREVIEW })}
                  </p>
                ) : null}
              </>
            )}
          </div>

          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t("form.cancel")}
            </Button>
            <Button type="submit" disabled={busy || preview.dates.length === 0} data-testid="series-save">
              {t("series.save")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
