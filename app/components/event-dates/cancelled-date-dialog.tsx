import { ArrowRightLeft, Mail, Undo2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useRevalidator } from "react-router";
import { toast } from "~/lib/toast";
import { formatNumber } from "#domain/shared/format";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Label } from "~/components/ui/label";
import { api, errorKeyFor } from "~/lib/api-client";

export type FollowUpDate = { id: number; label: string; sold: number };
export type TargetDate = { id: number; label: string; remaining: number | null };

const moveErrorKeys = [
  "date-changes:errors.no-room",
  "date-changes:errors.same-date",
  "date-changes:errors.target-cancelled",
  "errors:internal-error",
] as const;

/**
 * What follows a date's cancellation (issue 30 §4): its participants moved to another date with room, its buyers
 * refunded through the refund paths that exist (a few orders per call, with a progress bar), or a message written to
 * them. Each is the organizer's choice; none happens by itself.
 */
export function CancelledDateDialog({
  open,
  onOpenChange,
  eventId,
  date,
  targets,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  eventId: number;
  date: FollowUpDate;
  /** Dates of the event that are not cancelled, with their places left (null: no limit). */
  targets: TargetDate[];
}) {
  const { t, i18n } = useTranslation(["dates", "date-changes", "errors"]);
  const revalidator = useRevalidator();
  const [target, setTarget] = useState<string>("");
  const [moving, setMoving] = useState(false);
  const [refund, setRefund] = useState<{
    done: number;
    failed: number;
    notRefundable: number;
    running: boolean;
  } | null>(null);
  const others = targets.filter((candidate) => candidate.id !== date.id);

  const move = async () => {
    const toDateId = Number(target);
    if (!toDateId) return;
    setMoving(true);
    try {
      const answer = await api.moveDateParticipants(eventId, date.id, toDateId);
      if (answer.ok) {
        toast.success(t("dates:follow-up.moved", { count: answer.data.moved }));
        void revalidator.revalidate();
        onOpenChange(false);
      } else
        toast.error(
          t(errorKeyFor(answer.error, moveErrorKeys, "errors:internal-error") as never, { places: date.sold }),
        );
    } catch {
      toast.error(t("errors:internal-error"));
    } finally {
      setMoving(false);
    }
  };

  const refundAll = async () => {
    let after: number | null = null;
    let state = { done: 0, failed: 0, notRefundable: 0, running: true };
    setRefund(state);
    try {
      do {
        const answer = await api.refundDateOrders(eventId, date.id, after);
        if (!answer.ok) {
          toast.error(answer.error?.message ?? t("errors:internal-error"));
          break;
        }
        state = {
          done: state.done + answer.data.refunded,
          failed: state.failed + answer.data.failed.length,
          notRefundable: answer.data.not_refundable,
          running: answer.data.next !== null,
        };
        setRefund(state);
        after = answer.data.next;
      } while (after !== null);
    } catch {
      toast.error(t("errors:internal-error"));
    }
    setRefund({ ...state, running: false });
    void revalidator.revalidate();
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg" data-testid="cancelled-date-dialog">
        <DialogHeader>
          <DialogTitle>{t("dates:follow-up.title", { date: date.label })}</DialogTitle>
          <DialogDescription>
            {t("dates:follow-up.description", { count: date.sold, places: formatNumber(date.sold, i18n.language) })}
          </DialogDescription>
        </DialogHeader>

        <section className="grid gap-2 rounded-lg border p-3" aria-labelledby="follow-up-move">
          <h3 id="follow-up-move" className="flex items-center gap-2 font-medium">
            <ArrowRightLeft className="size-4" aria-hidden />
            {t("dates:follow-up.move-title")}
          </h3>
          <Label htmlFor="follow-up-target">{t("dates:follow-up.move-label")}</Label>
          <select
            id="follow-up-target"
            data-testid="follow-up-target"
            className="h-9 rounded-md border border-input bg-background px-3 text-sm"
            value={target}
            onChange={(event) => setTarget(event.target.value)}
          >
            <option value="">{t("dates:follow-up.move-placeholder")}</option>
            {others.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.remaining === null
                  ? candidate.label
                  : t("dates:follow-up.move-option", { date: candidate.label, count: candidate.remaining })}
              </option>
            ))}
          </select>
          <Button
            type="button"
            className="justify-self-start"
            disabled={!target || moving || date.sold === 0}
            onClick={() => void move()}
            data-testid="follow-up-move"
          >
            {t("dates:follow-up.move-button", { count: date.sold })}
          </Button>
        </section>

        <section className="grid gap-2 rounded-lg border p-3" aria-labelledby="follow-up-refund">
          <h3 id="follow-up-refund" className="flex items-center gap-2 font-medium">
            <Undo2 className="size-4" aria-hidden />
            {t("dates:follow-up.refund-title")}
          </h3>
          <p className="text-sm text-muted-foreground">{t("dates:follow-up.refund-hint")}</p>
          {refund ? (
            <div className="grid gap-1" aria-live="polite" data-testid="follow-up-refund-progress">
              <div
                role="progressbar"
                aria-label={t("dates:follow-up.refund-title")}
                aria-busy={refund.running}
                className="h-2 overflow-hidden rounded-full bg-muted"
              >
                <div
                  className={refund.running ? "h-full w-1/3 animate-pulse bg-primary" : "h-full w-full bg-primary"}
                />
              </div>
              <p className="text-sm">
                {t("dates:follow-up.refunded", { count: refund.done })}
                {refund.failed > 0 ? ` · ${t("dates:follow-up.refund-failed", { count: refund.failed })}` : ""}
                {refund.notRefundable > 0
                  ? ` · ${t("dates:follow-up.not-refundable", { count: refund.notRefundable })}`
                  : ""}
              </p>
            </div>
          ) : null}
          <Button
            type="button"
            variant="outline"
            className="justify-self-start"
            disabled={refund?.running === true || date.sold === 0}
            onClick={() => void refundAll()}
            data-testid="follow-up-refund"
          >
            {t("dates:follow-up.refund-button")}
          </Button>
        </section>

        <section className="grid gap-2 rounded-lg border p-3" aria-labelledby="follow-up-notify">
          <h3 id="follow-up-notify" className="flex items-center gap-2 font-medium">
            <Mail className="size-4" aria-hidden />
            {t("dates:follow-up.notify-title")}
          </h3>
          <p className="text-sm text-muted-foreground">{t("dates:follow-up.notify-hint")}</p>
          <Button asChild variant="outline" className="justify-self-start">
            <Link to={`/event/${eventId}/messages/new?dates=${date.id}`} data-testid="follow-up-notify">
              {t("dates:follow-up.notify-button")}
            </Link>
          </Button>
        </section>
      </DialogContent>
    </Dialog>
  );
}
