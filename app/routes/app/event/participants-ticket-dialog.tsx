import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher, useRevalidator } from "react-router";
import { toast } from "~/lib/toast";
import type { TicketChoice, TicketChoiceBlock } from "#domain/participants/change-participant-ticket";
import { FieldError, FormError } from "~/components/form-error";
import { SaveDisabledReason } from "~/components/save-disabled-reason";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog-lazy";
import { Label } from "~/components/ui/label";
import { Spinner } from "~/components/ui/spinner";
import { useFocusFirstInvalid } from "~/lib/use-focus-first-invalid";
import { participantPrice } from "./order-labels";

type TicketAction =
  | { ok: true; intent: string }
  | { ok: false; errors: { formError?: string; reason?: string; fields?: Record<string, string> } };

const nativeControl =
  "h-9 w-full rounded-md border border-input bg-transparent px-3 py-1 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive md:text-sm";

/**
 * Moves a holder to another ticket type of the event (issue 25 §10): a "Billet" select of the event's tickets with the
 * places each has left, sold-out ones and (on a paid order) other prices disabled; the server checks the same rules
 * and the stock again in the move's own batch (domain/participants/change-participant-ticket.ts).
 */
export function ChangeTicketDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  current: { ticketId: number; ticketTitle: string };
  choices: (TicketChoice & { blocked: TicketChoiceBlock | null })[];
}) {
  const { t, i18n } = useTranslation("participants");
  const fetcher = useFetcher<TicketAction>({ key: "participant-ticket" });
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();
  const [chosen, setChosen] = useState(String(props.current.ticketId));
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const errors = answer && !answer.ok ? answer.errors : undefined;
  useFocusFirstInvalid(formRef, errors);
  const [seen, setSeen] = useState(answer);
  const { revalidate } = useRevalidator();
  const { onOpenChange, open } = props;
  const currentId = props.current.ticketId;
  useEffect(() => {
    if (answer === seen) return;
    setSeen(answer);
    if (answer?.ok) {
      toast.success(t("ticket-change.saved"));
      onOpenChange(false);
    } else if (answer?.errors.reason === "sold_out" || answer?.errors.reason === "conflict") {
      // The places left (or the holder's ticket) changed meanwhile: the select shows them as they are now.
      void revalidate();
    }
  }, [answer, seen, t, onOpenChange, revalidate]);
  // Each opening starts from the holder's ticket as it is now.
  useEffect(() => {
    if (open) setChosen(String(currentId));
  }, [open, currentId]);

  const busy = fetcher.state !== "idle";
  const price = (cents: number) => participantPrice(cents, t, i18n.language);
  const label = (choice: TicketChoice & { blocked: TicketChoiceBlock | null }) => {
    const values = { title: choice.title, price: price(choice.price) };
    if (choice.blocked === "current") return t("ticket-change.current", { title: choice.title });
    if (choice.blocked === "sold-out") return t("ticket-change.sold-out", values);
    if (choice.blocked === "price") return t("ticket-change.other-price", values);
    if (choice.remaining === null) return t("ticket-change.unlimited", values);
    return t("ticket-change.remaining", { ...values, count: choice.remaining });
  };
  const listed = props.choices.some((choice) => choice.id === props.current.ticketId);
  const fieldError = errors?.fields?.ticket;
  const priceLimited = props.choices.some((choice) => choice.blocked === "price");
  const selectable = props.choices.some((choice) => choice.blocked === null && String(choice.id) === chosen);

  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("ticket-change.title")}</DialogTitle>
          <DialogDescription>{t("ticket-change.description")}</DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" ref={formRef} className="grid gap-4" noValidate>
          <input type="hidden" name="intent" value="ticket" />
          <FormError message={errors?.formError && !fieldError ? errors.formError : null} />
          <div className="grid gap-1.5">
            <Label htmlFor={id}>{t("ticket-change.label")}</Label>
            <select
              id={id}
              name="ticket"
              value={chosen}
              onChange={(event) => setChosen(event.target.value)}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={`${id}-hint ${id}-error`}
              className={nativeControl}
              data-testid="ticket-select"
            >
              {listed ? null : (
                <option value={props.current.ticketId} disabled>
                  {t("ticket-change.current", { title: props.current.ticketTitle })}
                </option>
              )}
              {props.choices.map((choice) => (
                <option key={choice.id} value={choice.id} disabled={choice.blocked !== null}>
                  {label(choice)}
                </option>
              ))}
            </select>
            {priceLimited ? (
              <p id={`${id}-hint`} className="text-sm text-muted-foreground">
                {t("ticket-change.price-hint")}
              </p>
            ) : null}
            <FieldError id={`${id}-error`} message={fieldError ?? null} />
          </div>
          <SaveDisabledReason
            id={`${id}-reason`}
            reason={selectable || busy ? null : t("ticket-change.choose")}
            className="sm:text-right"
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => props.onOpenChange(false)}>
              {t("edit.cancel")}
            </Button>
            <Button
              type="submit"
              disabled={busy || !selectable}
              aria-describedby={selectable || busy ? undefined : `${id}-reason`}
            >
              {busy ? <Spinner /> : null}
              {t("ticket-change.submit")}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
