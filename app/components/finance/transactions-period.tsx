import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { financePeriods, type FinancePeriod } from "#domain/finance/finance-period";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { LazySelect } from "~/components/lazy-select";
import { dataTableSearch, parseDataTableState, type DataTableConfig } from "~/lib/data-table-url";
import { formatDate } from "#domain/shared/format";
import { periodOfState, transactionsTableConfig, withPeriod } from "./transactions-table-config";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The period of the transactions page (spec §9: current month, quarter, year, all time, custom): totals, chart and
 * table follow it. Written to the URL with the table's other filters.
 */
export function TransactionsPeriod(props: {
  fromDay: string | null;
  toDay: string | null;
  /** The table whose URL carries the period (the invoices page shares these filters); the transactions' by default. */
  config?: DataTableConfig;
}) {
  const { t, i18n } = useTranslation("finance");
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const config = props.config ?? transactionsTableConfig;
  const state = parseDataTableState(searchParams, config);
  const current = periodOfState(state);
  const [choice, setChoice] = useState<FinancePeriod>(current.period);
  const [from, setFrom] = useState(current.from || props.fromDay || "");
  const [to, setTo] = useState(current.to || props.toDay || "");
  const [seen, setSeen] = useState(current.period);
  if (seen !== current.period) {
    setSeen(current.period);
    setChoice(current.period);
  }

  const go = (period: FinancePeriod, range?: { from: string; to: string }) =>
    void navigate(
      { search: `?${dataTableSearch(withPeriod(state, period, range), config).toString()}` },
      { preventScrollReset: true },
    );

  const customValid = DAY.test(from) && DAY.test(to) && from <= to;
  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (customValid) go("custom", { from, to });
  };
  const day = (key: string) => formatDate(`${key}T12:00:00Z`, i18n.language, "UTC");

  return (
    <div className="flex flex-wrap items-end gap-3" data-testid="finance-period">
      <div className="grid gap-1.5">
        <Label htmlFor="finance-period">{t("period.label")}</Label>
        <LazySelect
          value={choice}
          onValueChange={(value) => {
            const period = value as FinancePeriod;
            setChoice(period);
            if (period !== "custom") go(period);
          }}
          valueLabel={t(`period.${choice}`)}
          options={financePeriods.map((period) => ({ value: period, label: t(`period.${period}`) }))}
          id="finance-period"
          className="w-56"
          data-testid="finance-period-select"
        />
      </div>
      {choice === "custom" ? (
        <form className="flex flex-wrap items-end gap-3" onSubmit={apply}>
          <div className="grid gap-1.5">
            <Label htmlFor="finance-period-from">{t("period.from")}</Label>
            <Input
              id="finance-period-from"
              type="date"
              value={from}
              max={to || undefined}
              onChange={(event) => setFrom(event.target.value)}
              className="w-44"
              required
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="finance-period-to">{t("period.to")}</Label>
            <Input
              id="finance-period-to"
              type="date"
              value={to}
              min={from || undefined}
              onChange={(event) => setTo(event.target.value)}
              className="w-44"
              required
            />
          </div>
          <Button type="submit" variant="secondary" disabled={!customValid}>
            {t("period.apply")}
          </Button>
        </form>
      ) : null}
      <p className="pb-2 text-sm text-muted-foreground" data-testid="finance-period-range">
        {props.fromDay && props.toDay
          ? t("period.range", { from: day(props.fromDay), to: day(props.toDay) })
          : t("period.all-range")}
      </p>
    </div>
  );
}
