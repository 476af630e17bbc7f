import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "~/components/ui/alert-dialog-lazy";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Spinner } from "~/components/ui/spinner";

/** Spec §5: removing a member needs the exact typed confirmation; the button stays disabled until it matches. */
export const REMOVE_MEMBER_WORD = "DELETE MEMBER";

export function RemoveMemberDialog({
  open,
  onOpenChange,
  name,
  busy,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  name: string;
  busy: boolean;
  onConfirm: (confirmation: string) => void;
}) {
  const { t } = useTranslation("members");
  const [typed, setTyped] = useState("");
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const matches = typed === REMOVE_MEMBER_WORD;
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setTyped("");
        onOpenChange(next);
      }}
    >
      <AlertDialogContent
        data-testid="remove-member-dialog"
        onOpenAutoFocus={(event) => {
          // The dialog asks for typed text: it opens on that field rather than on Cancel.
          event.preventDefault();
          inputRef.current?.focus();
        }}
      >
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (matches && !busy) onConfirm(typed);
          }}
        >
          <AlertDialogHeader>
            <AlertDialogTitle>{t("remove.title", { name, interpolation: { escapeValue: false } })}</AlertDialogTitle>
            <AlertDialogDescription>{t("remove.description")}</AlertDialogDescription>
          </AlertDialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={inputId}>{t("remove.label")}</Label>
            <Input
              ref={inputRef}
              id={inputId}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              placeholder={REMOVE_MEMBER_WORD}
              className="font-mono"
            />
          </div>
          <AlertDialogFooter>
            <AlertDialogCancel type="button" disabled={busy}>
              {t("remove.cancel")}
            </AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={!matches || busy}>
              {busy ? <Spinner label={null} /> : null}
              {t("remove.confirm")}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
