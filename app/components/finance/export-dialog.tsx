import { Download } from "lucide-react";
import { cloneElement, isValidElement, useRef, useState, type ReactElement, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { financePeriods, type FinancePeriod } from "#domain/finance/finance-period";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog-lazy";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { LazySelect } from "~/components/lazy-select";
import { cn } from "~/lib/utils";

export type FinanceExportKind = "transactions" | "payouts";

export type FinanceExportDialogProps = {
  organizationId: number;
  /** Default "transactions". */
  defaultKind?: FinanceExportKind;
  /** The period the dialog opens on (default the current month); `defaultFrom`/`defaultTo` ("YYYY-MM-DD") for custom. */
  defaultPeriod?: FinancePeriod;
  defaultFrom?: string | null;
  defaultTo?: string | null;
  /** Default: an outline "Exporter" button. */
  trigger?: ReactNode;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The export's address (the API; the session cookie authenticates the download). */
function financeExportHref(
  organizationId: number,
  input: { kind: FinanceExportKind; period: FinancePeriod; from?: string; to?: string },
): string {
  const params = new URLSearchParams({ kind: input.kind, period: input.period });
  if (input.period === "custom") {
    params.set("from", input.from ?? "");
    params.set("to", input.to ?? "");
  }
  return `/api/organizers/${organizationId}/finance/export?${params.toString()}`;
}

/**
 * Issue 13 §6: transactions or payouts of the current month, quarter, year, all time or a custom range (spec §9) as a
 * CSV file named after the organization and the period.
 */
export function FinanceExportDialog(props: FinanceExportDialogProps) {
  const { t } = useTranslation("finance");
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [kind, setKind] = useState<FinanceExportKind>(props.defaultKind ?? "transactions");
  const [period, setPeriod] = useState<FinancePeriod>(props.defaultPeriod ?? "month");
  const [from, setFrom] = useState(props.defaultFrom ?? "");
  const [to, setTo] = useState(props.defaultTo ?? "");
  const valid = period !== "custom" || (DAY.test(from) && DAY.test(to) && from <= to);
  // Said once both days are typed: an empty field only keeps the download disabled.
  const showError = !valid && from !== "" && to !== "";
  const trigger: ReactElement<
    React.ButtonHTMLAttributes<HTMLButtonElement> & { ref?: React.Ref<HTMLButtonElement>; "data-state"?: string }
  > = isValidElement(props.trigger) ? (
    (props.trigger as ReactElement)
  ) : (
    <Button variant="outline" size="sm" data-testid="finance-export-open">
      <Download />
      {t("export.button")}
    </Button>
  );

  return (
    <>
      {/* The dialog's code loads when it first opens (ui/dialog-lazy): the trigger is a plain button with the
          attributes and the focus return Radix's DialogTrigger would give it. */}
      {cloneElement(trigger, {
        ref: triggerRef,
        type: "button",
        onClick: () => setOpen(true),
        "aria-haspopup": "dialog",
        "aria-expanded": open,
        "data-state": open ? "open" : "closed",
      })}
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          data-testid="finance-export-dialog"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            triggerRef.current?.focus();
          }}
        >
          <DialogHeader>
            <DialogTitle>{t("export.title")}</DialogTitle>
            <DialogDescription>{t("export.description")}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-4">
            <fieldset className="grid gap-1.5">
              <legend className="mb-1.5 text-sm font-medium">{t("export.kind")}</legend>
              <div className="inline-flex w-fit rounded-md border p-0.5">
                {(["transactions", "payouts"] as const).map((value) => (
                  <Button
                    key={value}
                    type="button"
                    size="sm"
                    variant="ghost"
                    aria-pressed={kind === value}
                    className={cn("h-8", kind === value && "bg-accent text-accent-foreground")}
                    onClick={() => setKind(value)}
                    data-testid={`finance-export-kind-${value}`}
                  >
                    {t(`export.kinds.${value}`)}
                  </Button>
                ))}
              </div>
            </fieldset>
            <div className="grid gap-1.5">
              <Label htmlFor="finance-export-period">{t("export.period")}</Label>
              <LazySelect
                value={period}
                onValueChange={(value) => setPeriod(value as FinancePeriod)}
                valueLabel={t(`period.${period}`)}
                options={financePeriods.map((value) => ({ value, label: t(`period.${value}`) }))}
                id="finance-export-period"
                className="w-full"
                data-testid="finance-export-period"
              />
            </div>
            {period === "custom" ? (
              <div className="grid grid-cols-2 gap-3">
                <div className="grid gap-1.5">
                  <Label htmlFor="finance-export-from">{t("period.from")}</Label>
                  <Input
                    id="finance-export-from"
                    type="date"
                    value={from}
                    max={to || undefined}
                    onChange={(event) => setFrom(event.target.value)}
                    aria-invalid={showError || undefined}
                  />
                </div>
                <div className="grid gap-1.5">
                  <Label htmlFor="finance-export-to">{t("period.to")}</Label>
                  <Input
                    id="finance-export-to"
                    type="date"
                    value={to}
                    min={from || undefined}
                    onChange={(event) => setTo(event.target.value)}
                    aria-invalid={showError || undefined}
                  />
                </div>
                {showError ? <p className="col-span-2 text-sm text-destructive">{t("errors.custom-range")}</p> : null}
              </div>
            ) : null}
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{t("export.cancel")}</Button>
            </DialogClose>
            {valid ? (
              <Button asChild>
                <a
                  href={financeExportHref(props.organizationId, { kind, period, from, to })}
                  download
                  onClick={() => setOpen(false)}
                  data-testid="finance-export-download"
                >
                  <Download />
                  {t("export.download")}
                </a>
              </Button>
            ) : (
              <Button disabled>
                <Download />
                {t("export.download")}
              </Button>
            )}
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
