import { CreditCard, Globe, Lock, TicketX } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { PublishReadiness } from "#domain/events/change-event-status";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { RadioGroup, RadioGroupItem } from "~/components/ui/radio-group";
import { Spinner } from "~/components/ui/spinner";
import { stepAfterPublishAnyway, stepAfterVisibility, type PublishStep } from "~/lib/publish-flow";
import { cn } from "~/lib/utils";


type Visibility = "public" | "private";
type Step = PublishStep;

/**
 * Spec §4 publish flow: the visibility first (the event's own, public by default); then, from the domain's
 * readiness, 'Publier sans billets ?' when there is no ticket, the payment-account prompt when a paid ticket
 * cannot be paid out, otherwise publish directly. For a published event it only changes the visibility.
 * 'Publier quand même' goes on to the payment step when a paid add-on still needs the account; a refusal of the
 * server (stale readiness) arrives as `refusal` and moves the dialog to the step that answers it.
 */
export function PublishDialog({
  open,
  onOpenChange,
  published,
  visibility,
  readiness,
  busy,
  onPublish,
  createTicketPath,
  paymentAccountPath,
  refusal,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  published: boolean;
  visibility: Visibility;
  readiness: PublishReadiness | null;
  busy: boolean;
  /** `confirmWithoutTickets` is the answer "publish anyway" to 'Publier sans billets ?'. */
  onPublish: (visibility: Visibility, confirmWithoutTickets: boolean) => void;
  /** Where to create a ticket; null while that page does not exist (the option becomes "publish later"). */
  createTicketPath: string | null;
  /** Where to link the payment account; null when that page does not exist or the user may not link it. */
  paymentAccountPath: string | null;
  /** The step the server's refusal calls for; a new object each time, so the same refusal twice moves again. */
  refusal?: { step: Exclude<Step, "visibility"> } | null;
}) {
  const { t } = useTranslation("event-area");
  const [step, setStep] = useState<Step>("visibility");
  const [choice, setChoice] = useState<Visibility>(visibility);
  const groupId = useId();

  useEffect(() => {
    if (open) {
      setStep("visibility");
      setChoice(visibility);
    }
  }, [open, visibility]);

  useEffect(() => {
    if (refusal) setStep(refusal.step);
  }, [refusal]);

  const next = () => {
    const after = stepAfterVisibility(readiness, published);
    if (after === "publish") return onPublish(choice, false);
    setStep(after);
  };

  const publishAnyway = () => {
    if (stepAfterPublishAnyway(readiness) === "payment") return setStep("payment");
    onPublish(choice, true);
  };

  return (
    <Dialog open={open} onOpenChange={(value) => !busy && onOpenChange(value)}>
      <DialogContent className="sm:max-w-lg" data-testid="publish-dialog" data-step={step}>
        {step === "visibility" ? (
          <>
            <DialogHeader>
              <DialogTitle>{t(published ? "publish.change-title" : "publish.title")}</DialogTitle>
              <DialogDescription>{t(published ? "publish.change-description" : "publish.description")}</DialogDescription>
            </DialogHeader>
            <RadioGroup
              value={choice}
              onValueChange={(value) => setChoice(value as Visibility)}
              aria-label={t("publish.visibility-label")}
              className="gap-2"
            >
              {(["public", "private"] as const).map((value) => {
                const Icon = value === "public" ? Globe : Lock;
                return (
                  <label
                    key={value}
                    htmlFor={`${groupId}-${value}`}
                    className={cn(
                      "flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors hover:bg-accent/50",
                      choice === value && "border-primary bg-primary/5",
                    )}
                  >
                    <RadioGroupItem id={`${groupId}-${value}`} value={value} className="mt-0.5" />
                    <Icon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
                    <span className="grid gap-0.5">
                      <span className="text-sm font-medium">{t(`publish.${value}`)}</span>
                      <span className="text-sm text-muted-foreground">{t(`publish.${value}-hint`)}</span>
                    </span>
                  </label>
                );
              })}
            </RadioGroup>
            <DialogFooter>
              <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
                {t("publish.cancel")}
              </Button>
              <Button onClick={next} disabled={busy || (published && choice === visibility)}>
                {busy ? <Spinner label={null} /> : null}
                {t(published ? "publish.save" : "publish.submit")}
              </Button>
            </DialogFooter>
          </>
        ) : step === "no-tickets" ? (
          <>
            <DialogHeader>
              <TicketX className="size-8 text-muted-foreground" aria-hidden />
              <DialogTitle>{t("publish.no-tickets-title")}</DialogTitle>
              <DialogDescription>{t("publish.no-tickets-description")}</DialogDescription>
            </DialogHeader>
            <DialogFooter className="sm:flex-wrap sm:items-center">
              <Button variant="ghost" className="sm:mr-auto" onClick={() => setStep("visibility")} disabled={busy}>
                {t("publish.back")}
              </Button>
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
                {createTicketPath ? (
                  <Button variant="outline" asChild>
                    <Link to={createTicketPath}>{t("publish.create-ticket")}</Link>
                  </Button>
                ) : (
                  <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
                    {t("publish.publish-later")}
                  </Button>
                )}
                <Button onClick={publishAnyway} disabled={busy}>
                  {busy ? <Spinner label={null} /> : null}
                  {t("publish.publish-anyway")}
                </Button>
              </div>
            </DialogFooter>
          </>
        ) : (
          <>
            <DialogHeader>
              <CreditCard className="size-8 text-muted-foreground" aria-hidden />
              <DialogTitle>{t("publish.payment-title")}</DialogTitle>
              <DialogDescription>{t("publish.payment-description")}</DialogDescription>
            </DialogHeader>
            {paymentAccountPath ? null : <p className="text-sm text-muted-foreground">{t("publish.payment-where")}</p>}
            <DialogFooter className="sm:flex-wrap sm:items-center">
              <Button variant="ghost" className="sm:mr-auto" onClick={() => setStep("visibility")}>
                {t("publish.back")}
              </Button>
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
                <Button variant={paymentAccountPath ? "outline" : "default"} onClick={() => onOpenChange(false)}>
                  {t("publish.publish-later")}
                </Button>
                {paymentAccountPath ? (
                  <Button asChild>
                    <Link to={paymentAccountPath}>{t("publish.payment-link")}</Link>
                  </Button>
                ) : null}
              </div>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
