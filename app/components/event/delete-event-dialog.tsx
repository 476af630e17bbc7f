import { useId, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { DELETE_CONFIRMATION_WORD } from "#domain/events/event-input-schema";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Spinner } from "~/components/ui/spinner";

export function DeleteEventDialog({
  open,
  onOpenChange,
  title,
  busy,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  busy: boolean;
  /** Receives the typed word: the server checks it too. */
  onConfirm: (confirmation: string) => void;
}) {
  const { t } = useTranslation("event-area");
  const [typed, setTyped] = useState("");
  const inputId = useId();
  const matches = typed === DELETE_CONFIRMATION_WORD;

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setTyped("");
        onOpenChange(next);
      }}
    >
      <AlertDialogContent data-testid="delete-event-dialog">
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (matches && !busy) onConfirm(typed);
          }}
        >
          <AlertDialogHeader>
            <AlertDialogTitle>{t("delete.title")}</AlertDialogTitle>
            <AlertDialogDescription>
              {t("delete.description", { title, interpolation: { escapeValue: false } })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={inputId} className="font-normal">
              <span>
                <Trans
                  t={t}
                  i18nKey="delete.prompt"
                  components={{ strong: <strong className="font-mono font-semibold" /> }}
                />
              </span>
            </Label>
            <Input
              id={inputId}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              aria-label={t("delete.input-label")}
              className="font-mono"
            />
          </div>
          <AlertDialogFooter>
            <AlertDialogCancel type="button" disabled={busy}>
              {t("delete.cancel")}
            </AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={!matches || busy}>
              {busy ? <Spinner label={null} /> : null}
              {t("delete.confirm")}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
