import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "~/lib/toast";
import { utcToZonedDateTime, zonedDateTimeToUtc } from "#domain/events/event-time-zone";
import { FormError } from "~/components/form-error";
import { Button } from "~/components/ui/button";
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

type DialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** An ISO instant from a datetime-local value read in the event's zone; undefined when empty or not a time. */
function instantOf(local: string, timeZone: string): string | undefined {
  if (!local) return undefined;
  return zonedDateTimeToUtc(local, timeZone)?.toISOString();
}

/** « Ajouter une date »: one date, its optional end, capacity and place. */
export function AddDateDialog({ open, onOpenChange, timeZone }: DialogProps & { timeZone: string }) {
  const { t } = useTranslation("dates");
  const [start, setStart] = useState("");
  const [end, setEnd] = useState("");
  const [capacity, setCapacity] = useState("");
  const [addressName, setAddressName] = useState("");
  const [addressLabel, setAddressLabel] = useState("");
  const { submit, busy, error } = useDatesSubmit("event-dates-add", (count) => {
    toast.success(t("toast.created", { count }));
    onOpenChange(false);
    setStart("");
    setEnd("");
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg" closeLabel={t("form.cancel")}>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            submit({
              intent: "create",
              body: {
                start_at: instantOf(start, timeZone) ?? "",
                end_at: instantOf(end, timeZone) ?? null,
                ...(capacity.trim() ? { capacity: Number(capacity) } : {}),
                address_name: addressName,
                address_label: addressLabel,
              },
            });
          }}
        >
          <DialogHeader>
            <DialogTitle>{t("add-date")}</DialogTitle>
            <DialogDescription>{t("series.description", { timeZone })}</DialogDescription>
          </DialogHeader>
          <FormError message={error} />
          <div className="grid gap-4 sm:grid-cols-2">
            <StartEndFields idPrefix="date" start={[start, setStart]} end={[end, setEnd]} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="date-capacity">{t("form.capacity")}</Label>
            <Input
              id="date-capacity"
              type="number"
              min={0}
              inputMode="numeric"
              value={capacity}
              onChange={(e) => setCapacity(e.target.value)}
            />
            <p className="text-xs text-muted-foreground">{t("form.capacity-help")}</p>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <PlaceFields idPrefix="date" name={[addressName, setAddressName]} label={[addressLabel, setAddressLabel]} />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t("form.cancel")}
            </Button>
            <Button type="submit" disabled={busy} data-testid="date-add-save">
              {t("form.save")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

const KEEP = "keep";

export type EditedDate = {
  startAt: Date | string;
  endAt: Date | string | null;
  capacity: number;
  addressLabel: string | null;
  addressName: string | null;
};

/**
 * Edits the chosen dates at once: only the fields filled in change. A range: capacity, status, local start and end
 * times; one date: its exact start and end, capacity, status and place, filled with what it has.
 */
export function EditDatesDialog({
  open,
  onOpenChange,
  ids,
  single,
  timeZone,
  onDone,
}: DialogProps & { ids: number[]; single: EditedDate | null; timeZone: string; onDone: () => void }) {
  const { t } = useTranslation("dates");
  const local = (at: Date | string | null) => (at ? utcToZonedDateTime(new Date(at), timeZone) : "");
  const [capacity, setCapacity] = useState(single && single.capacity >= 0 ? String(single.capacity) : "");
  const [status, setStatus] = useState(KEEP);
  const [startTime, setStartTime] = useState("");
  const [endTime, setEndTime] = useState("");
  const [start, setStart] = useState(local(single?.startAt ?? null));
  const [end, setEnd] = useState(local(single?.endAt ?? null));
  const [addressName, setAddressName] = useState(single?.addressName ?? "");
  const [addressLabel, setAddressLabel] = useState(single?.addressLabel ?? "");
  const { submit, busy, error } = useDatesSubmit("event-dates-edit", (count) => {
    toast.success(t("toast.updated", { count }));
    onOpenChange(false);
    setCapacity("");
    setStatus(KEEP);
    setStartTime("");
    setEndTime("");
    onDone();
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg" closeLabel={t("form.cancel")}>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            const times = single
              ? {
                  ...(start !== local(single.startAt) ? { start_at: instantOf(start, timeZone) ?? "" } : {}),
                  ...(end !== local(single.endAt) ? { end_at: instantOf(end, timeZone) ?? null } : {}),
                  address_name: addressName,
                  address_label: addressLabel,
                }
              : {
                  ...(startTime ? { start_time: startTime } : {}),
                  ...(endTime ? { end_time: endTime } : {}),
                };
            submit({
              intent: "update",
              body: {
                ids,
                ...(capacity.trim() ? { capacity: Number(capacity) } : {}),
                ...(status !== KEEP ? { status } : {}),
                ...times,
              },
            });
          }}
        >
          <DialogHeader>
            <DialogTitle>{t("edit.title", { count: ids.length })}</DialogTitle>
            <DialogDescription>{t(single ? "edit.description-one" : "edit.description")}</DialogDescription>
          </DialogHeader>
          <FormError message={error} />
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor="dates-edit-capacity">{t("form.capacity")}</Label>
              <Input
                id="dates-edit-capacity"
                type="number"
                min={0}
                inputMode="numeric"
                placeholder={t("form.keep")}
                value={capacity}
                onChange={(e) => setCapacity(e.target.value)}
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="dates-edit-status">{t("form.status")}</Label>
              <Select value={status} onValueChange={setStatus}>
                <SelectTrigger id="dates-edit-status" className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={KEEP}>{t("edit.status-keep")}</SelectItem>
                  <SelectItem value="on_sale">{t("status.on_sale")}</SelectItem>
                  <SelectItem value="sold_out">{t("status.sold_out")}</SelectItem>
                </SelectContent>
              </Select>
            </div>
            {single ? (
              <>
                <StartEndFields idPrefix="dates-edit" start={[start, setStart]} end={[end, setEnd]} />
                <PlaceFields
                  idPrefix="dates-edit"
                  name={[addressName, setAddressName]}
                  label={[addressLabel, setAddressLabel]}
                />
              </>
            ) : (
              <>
                <div className="grid gap-2">
                  <Label htmlFor="dates-edit-start">{t("form.start-time")}</Label>
                  <Input
                    id="dates-edit-start"
                    type="time"
                    value={startTime}
                    onChange={(e) => setStartTime(e.target.value)}
                  />
                </div>
                <div className="grid gap-2">
                  <Label htmlFor="dates-edit-end">{t("form.end-time")}</Label>
                  <Input id="dates-edit-end" type="time" value={endTime} onChange={(e) => setEndTime(e.target.value)} />
                </div>
              </>
            )}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t("form.cancel")}
            </Button>
            <Button type="submit" disabled={busy} data-testid="dates-edit-save">
              {t("form.save")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

type Field = [string, (value: string) => void];

/** A date's start and end, local times of the event's zone, for a two-column grid. */
function StartEndFields({ idPrefix, start, end }: { idPrefix: string; start: Field; end: Field }) {
  const { t } = useTranslation("dates");
  return (
    <>
      <div className="grid gap-2">
        <Label htmlFor={`${idPrefix}-start`}>{t("form.start")}</Label>
        <Input
          id={`${idPrefix}-start`}
          type="datetime-local"
          required
          value={start[0]}
          onChange={(e) => start[1](e.target.value)}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${idPrefix}-end`}>{t("form.end")}</Label>
        <Input id={`${idPrefix}-end`} type="datetime-local" value={end[0]} onChange={(e) => end[1](e.target.value)} />
      </div>
    </>
  );
}

/** A date's own place (empty: the event's), for a two-column grid, with its help below. */
function PlaceFields({ idPrefix, name, label }: { idPrefix: string; name: Field; label: Field }) {
  const { t } = useTranslation("dates");
  return (
    <>
      <div className="grid gap-2">
        <Label htmlFor={`${idPrefix}-address-name`}>{t("form.address-name")}</Label>
        <Input id={`${idPrefix}-address-name`} value={name[0]} onChange={(e) => name[1](e.target.value)} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${idPrefix}-address-label`}>{t("form.address-label")}</Label>
        <Input id={`${idPrefix}-address-label`} value={label[0]} onChange={(e) => label[1](e.target.value)} />
      </div>
      <p className="-mt-2 text-xs text-muted-foreground sm:col-span-2">{t("form.place-help")}</p>
    </>
  );
}
