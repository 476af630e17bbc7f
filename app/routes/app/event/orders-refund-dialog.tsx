import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { computeRefund, RefundRuleError, type RefundComputation } from "#domain/refunds/refund-rules";
import { chooseUnits, countByLine, refundIssueKey } from "#domain/refunds/refund-units";
import type { OrderRefunds } from "#domain/refunds/get-order-refunds";
import { formatMoney } from "#domain/shared/format";
import { eurosToCents } from "#domain/tickets/euro-text";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog-lazy";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { RadioGroup, RadioGroupItem } from "~/components/ui/radio-group";
import { Spinner } from "~/components/ui/spinner";

export type RefundMode = "units" | "amount";

type Person = { id: number; firstName: string; lastName: string; ticketTitle: string; ticketType: "ticket" | "addon" };

/** What the dialog posts: a partial refund under the dialog's key (the whole order keeps its own confirmation). */
export type RefundSubmission =
  | { intent: "refund-part"; mode: "units"; participants: string; with_fees: string; key: string }
  | { intent: "refund-part"; mode: "amount"; amount: string; key: string };

const newKey = () => `ui-${crypto.randomUUID()}`;

/**
 * The organizer's partial refund (issue 28 §2, decision 0058): chosen tickets (with or without the fees), or an amount
 * up to what is left. The amount is computed here with the server's own rules before the organizer
 * confirms, and the button says it.
 */
export function OrderRefundDialog({
  open,
  onOpenChange,
  refunds,
  people,
  busy,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  refunds: OrderRefunds;
  people: Person[];
  busy: boolean;
  onSubmit: (submission: RefundSubmission) => void;
}) {
  const { t, i18n } = useTranslation("orders");
  const { t: tParticipants } = useTranslation("participants");
  const { t: tAny } = useTranslation();
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const [mode, setMode] = useState<RefundMode>("units");
  const [chosen, setChosen] = useState<number[]>([]);
  const [withFees, setWithFees] = useState(true);
  const [amountText, setAmountText] = useState("");
  // One key per opening of the dialog: a double click or a retried submit is the same refund.
  const [key] = useState(newKey);

  const refundable = people.filter((person) => refunds.people.some((p) => p.participantId === person.id));
  const left = refunds.left;

  const quote = useMemo((): { refund: RefundComputation } | { error: string } => {
    try {
      if (mode === "units") {
        if (chosen.length === 0) return { error: t("refund.choose") };
        const units = chooseUnits({ lines: refunds.state.lines, people: refunds.people }, chosen);
        return {
          refund: computeRefund(refunds.state, {
            kind: "units",
            units: countByLine(units),
            policy: { kind: withFees ? "full" : "full-minus-fees" },
          }),
        };
      }
      const cents = eurosToCents(amountText);
      if (typeof cents !== "number" || cents <= 0) return { error: t("refund.amount-invalid", { left: money(left) }) };
      return { refund: computeRefund(refunds.state, { kind: "amount", amount: cents }) };
    } catch (error) {
      if (error instanceof RefundRuleError) return { error: tAny(refundIssueKey(error.issue) as never) };
      throw error;
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mode, chosen, withFees, amountText, refunds, left]);

  const amount = "refund" in quote ? quote.refund.amount : null;
  const ready = "refund" in quote;

  function submit() {
    if (!ready) return;
    if (mode === "units")
      onSubmit({ intent: "refund-part", mode, participants: chosen.join(","), with_fees: withFees ? "1" : "0", key });
    else onSubmit({ intent: "refund-part", mode, amount: amountText, key });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg" data-testid="refund-dialog">
        <DialogHeader>
          <DialogTitle>{t("refund.title")}</DialogTitle>
          <DialogDescription>{t("refund.description")}</DialogDescription>
        </DialogHeader>
        <div className="space-y-4 text-sm">
          <fieldset className="space-y-2">
            <legend className="mb-2 font-medium">{t("refund.mode-label")}</legend>
            <RadioGroup value={mode} onValueChange={(value) => setMode(value as RefundMode)} className="gap-2">
              {(["units", "amount"] as const).map((value) => (
                <div key={value} className="flex items-center gap-2">
                  <RadioGroupItem value={value} id={`refund-mode-${value}`} />
                  <Label htmlFor={`refund-mode-${value}`} className="font-normal">
                    {t(value === "units" ? "refund.mode-units" : "refund.mode-amount")}
                  </Label>
                </div>
              ))}
            </RadioGroup>
          </fieldset>

          {mode === "units" ? (
            <fieldset className="space-y-2">
              <legend className="mb-1 font-medium">{t("refund.units-label")}</legend>
              <p className="text-muted-foreground">{t("refund.units-hint")}</p>
              <ul className="divide-y rounded-md border">
                {refundable.map((person) => {
                  const id = `refund-unit-${person.id}`;
                  return (
                    <li key={person.id} className="flex items-center gap-3 px-3 py-2">
                      <Checkbox
                        id={id}
                        checked={chosen.includes(person.id)}
                        onCheckedChange={(checked) =>
                          setChosen((current) =>
                            checked ? [...current, person.id] : current.filter((other) => other !== person.id),
                          )
                        }
                      />
                      <Label htmlFor={id} className="min-w-0 flex-1 font-normal">
                        <span className="block truncate">
                          {`${person.firstName} ${person.lastName}`.trim() || `#${person.id}`}{" "}
                          {person.ticketType === "addon" ? (
                            <Badge variant="outline">{tParticipants("addon")}</Badge>
                          ) : null}
                        </span>
                        <span className="block truncate text-muted-foreground">
                          #{person.id} · {person.ticketTitle}
                        </span>
                      </Label>
                    </li>
                  );
                })}
              </ul>
              <div className="flex items-center gap-2 pt-1">
                <Checkbox
                  id="refund-with-fees"
                  checked={withFees}
                  onCheckedChange={(checked) => setWithFees(checked === true)}
                />
                <Label htmlFor="refund-with-fees" className="font-normal">
                  {t("refund.with-fees")}
                </Label>
              </div>
            </fieldset>
          ) : null}

          {mode === "amount" ? (
            <div className="space-y-1">
              <Label htmlFor="refund-amount">{t("refund.amount-label")}</Label>
              <Input
                id="refund-amount"
                inputMode="decimal"
                autoComplete="off"
                value={amountText}
                onChange={(event) => setAmountText(event.target.value)}
                className="max-w-40"
              />
              <p className="text-muted-foreground">{t("refund.amount-hint", { left: money(left) })}</p>
            </div>
          ) : null}

          <div className="rounded-md bg-muted px-3 py-2" aria-live="polite" data-testid="refund-summary">
            {amount !== null ? (
              <>
                <p className="font-medium tabular-nums">{t("refund.summary", { amount: money(amount) })}</p>
                <p className="text-muted-foreground tabular-nums">
                  {t("refund.summary-left", {
                    left: money("refund" in quote && quote.refund.closesOrder ? 0 : left - amount),
                  })}
                </p>
                <p className="text-muted-foreground">{t("refund.irreversible")}</p>
              </>
            ) : "error" in quote ? (
              <p className="text-muted-foreground">{quote.error}</p>
            ) : null}
          </div>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t("actions.close")}
          </Button>
          <Button variant="destructive" disabled={busy || !ready} onClick={submit} data-testid="refund-confirm">
            {busy ? <Spinner /> : null}
            {amount === 0 ? t("refund.confirm-free") : t("refund.confirm", { amount: money(amount ?? 0) })}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
