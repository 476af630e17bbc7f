import { Eye, PartyPopper, Rocket, Settings } from "lucide-react";
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

/**
 * Spec §2 `?from-create`: right after the editor creates an event, offer to create its tickets now or later.
 * While the tickets page does not exist it is a welcome with the next steps that exist, and "Plus tard".
 */
export function FromCreateDialog({
  open,
  onOpenChange,
  createTicketsPath,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  createTicketsPath: string | null;
}) {
  const { t } = useTranslation("event-area");
  const steps = [
    { icon: Eye, text: t("from-create.step-preview") },
    { icon: Settings, text: t("from-create.step-settings") },
    { icon: Rocket, text: t("from-create.step-publish") },
  ];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md" data-testid="from-create-dialog">
        <DialogHeader>
          <PartyPopper className="size-8 text-primary" aria-hidden />
          <DialogTitle>{t(createTicketsPath ? "from-create.tickets-title" : "from-create.title")}</DialogTitle>
          <DialogDescription>{t("from-create.description")}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <p className="text-sm font-medium">{t("from-create.steps-title")}</p>
          <ol className="grid gap-2">
            {steps.map((step) => (
              <li key={step.text} className="flex items-start gap-3 rounded-lg border p-3 text-sm">
                <step.icon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
                {step.text}
              </li>
            ))}
          </ol>
        </div>
        <DialogFooter>
          <Button variant={createTicketsPath ? "outline" : "default"} onClick={() => onOpenChange(false)}>
            {t("from-create.later")}
          </Button>
          {createTicketsPath ? (
            <Button asChild>
              <Link to={createTicketsPath}>{t("from-create.create-tickets")}</Link>
            </Button>
          ) : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
