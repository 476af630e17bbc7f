import { CalendarX, CreditCard, Globe, ListChecks, Lock, TicketX } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { RadioGroup, RadioGroupItem } from "~/components/ui/radio-group";
import { Spinner } from "~/components/ui/spinner";
import {
  firstPublishStep,
  stepAfterPublishAnyway,
  stepAfterVisibility,
  type PublishReadiness,
  type PublishStep,
} from "~/lib/publish-flow";
import { cn } from "~/lib/utils";

type Visibility = "public" | "private";
type Step = PublishStep;

/**
 * Spec §4 publish flow (branches in app/lib/publish-flow.ts): what is missing first (a title and a start date), the
 * visibility (the event's own, public by default); then, from the domain's readiness, 'Publier sans billets ?' when
 * there is no ticket, the payment-account prompt when a paid ticket cannot be paid out, the confirmation of a start
 * date already past, otherwise publish. For a published event it only changes the visibility. A refusal of the
 * server (stale readiness) arrives as `refusal` and moves the dialog to the step that answers it.
 */
export function PublishDialog({
  open,
  onOpenChange,
  published,
  visibility,
  readiness,
  startLabel,
  busy,
  onPublish,
  onPublishLater,
  createTicketPath,
  paymentAccountPath,
  editPath,
  refusal,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  published: boolean;
  visibility: Visibility;
  readiness: PublishReadiness | null;
  /** The start date as the header shows it, for the past-start confirmation. */
  startLabel: string | null;
  busy: boolean;
  onPublish: (visibility: Visibility) => void;
  /** 'Publier plus tard': the flow ends, the event stays a draft (the layout says where to publish it later). */
  onPublishLater: () => void;
  /** Where to create a ticket; null while that page does not exist (the option becomes "publish later"). */
  createTicketPath: string | null;
  /** Where to link the payment account; null when that page does not exist or the user may not link it. */
  paymentAccountPath: string | null;
  /** The editor, to fill in what is missing; null when the user may not edit the event. */
  editPath: string | null;
  /** The step the server's refusal calls for; a new object each time, so the same refusal twice moves again. */
  refusal?: { step: Exclude<Step, "visibility"> } | null;
}) {
  const { t } = useTranslation("event-area");
  const [step, setStep] = useState<Step>(() => firstPublishStep(readiness, published));
  const [choice, setChoice] = useState<Visibility>(visibility);
  const groupId = useId();

  // Each opening starts over from the readiness of that moment; a fresher one later arrives with a refusal.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setStep(firstPublishStep(readiness, published));
      setChoice(visibility);
    }
  }

  const [seenRefusal, setSeenRefusal] = useState(refusal);
  if (refusal !== seenRefusal) {
    setSeenRefusal(refusal);
    if (refusal) setStep(refusal.step);
  }

  const go = (next: Step | "publish") => (next === "publish" ? onPublish(choice) : setStep(next));
  const close = () => onOpenChange(false);

  const publishLaterButton = (variant: "outline" | "default") => (
    <Button variant={variant} onClick={onPublishLater} disabled={busy} data-testid="publish-later">
      {t("publish.publish-later")}
    </Button>
  );

  return (
    <Dialog open={open} onOpenChange={(value) => !busy && onOpenChange(value)}>
      <DialogContent className="sm:max-w-lg" data-testid="publish-dialog" data-step={step}>
        {step === "incomplete" ? (
          <>
            <DialogHeader>
              <ListChecks className="size-8 text-muted-foreground" aria-hidden />
              <DialogTitle>{t("publish.incomplete-title")}</DialogTitle>
              <DialogDescription>{t("publish.incomplete-description")}</DialogDescription>
            </DialogHeader>
            <ul className="grid gap-2 text-sm" data-testid="publish-missing">
              {(readiness?.missing ?? []).map((gap) => (
                <li key={gap} className="flex items-center gap-2 rounded-md border px-3 py-2" data-missing={gap}>
                  <span className="size-1.5 shrink-0 rounded-full bg-warning" aria-hidden />
                  {t(`publish.missing.${gap}`)}
                </li>
              ))}
            </ul>
            <DialogFooter>
              <Button variant="outline" onClick={close}>
                {t("publish.close")}
              </Button>
              {editPath ? (
                <Button asChild>
                  <Link to={editPath}>{t("publish.complete")}</Link>
                </Button>
              ) : null}
            </DialogFooter>
          </>
        ) : step === "visibility" ? (
          <>
            <DialogHeader>
              <DialogTitle>{t(published ? "publish.change-title" : "publish.title")}</DialogTitle>
              <DialogDescription>
                {t(published ? "publish.change-description" : "publish.description")}
              </DialogDescription>
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
              <Button variant="outline" onClick={close} disabled={busy}>
                {t("publish.cancel")}
              </Button>
              <Button
                onClick={() => go(stepAfterVisibility(readiness, published))}
                disabled={busy || (published && choice === visibility)}
              >
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
                  publishLaterButton("outline")
                )}
                <Button onClick={() => go(stepAfterPublishAnyway(readiness))} disabled={busy}>
                  {busy ? <Spinner label={null} /> : null}
                  {t("publish.publish-anyway")}
                </Button>
              </div>
            </DialogFooter>
          </>
        ) : step === "past-start" ? (
          <>
            <DialogHeader>
              <CalendarX className="size-8 text-muted-foreground" aria-hidden />
              <DialogTitle>{t("publish.past-start-title")}</DialogTitle>
              <DialogDescription>
                {t("publish.past-start-description", { date: startLabel ?? "", interpolation: { escapeValue: false } })}
              </DialogDescription>
            </DialogHeader>
            <DialogFooter className="sm:flex-wrap sm:items-center">
              <Button variant="ghost" className="sm:mr-auto" onClick={() => setStep("visibility")} disabled={busy}>
                {t("publish.back")}
              </Button>
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
                {editPath ? (
                  <Button variant="outline" asChild>
                    <Link to={`${editPath}?step=date`}>{t("publish.change-date")}</Link>
                  </Button>
                ) : null}
                <Button onClick={() => onPublish(choice)} disabled={busy} data-testid="publish-past-confirm">
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
                {publishLaterButton(paymentAccountPath ? "outline" : "default")}
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
