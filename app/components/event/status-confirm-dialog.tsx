import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "~/components/ui/alert-dialog";
import type { ConfirmedIntent } from "./event-header-card";

/**
 * 'Remettre en brouillon' and 'Archiver' take a live page offline: each asks first, saying what it does to buyers.
 * Archiving a draft says what it does to the event only (nothing is online to take down).
 */
export function StatusConfirmDialog({
  intent,
  published,
  onCancel,
  onConfirm,
}: {
  intent: ConfirmedIntent | null;
  published: boolean;
  onCancel: () => void;
  onConfirm: (intent: ConfirmedIntent) => void;
}) {
  const { t } = useTranslation("event-area");
  // Kept while the dialog closes, so its text does not change during the closing animation.
  const [shown, setShown] = useState<ConfirmedIntent>("draft");
  if (intent && intent !== shown) setShown(intent);
  const key = shown === "draft" ? "to-draft" : published ? "archive-published" : "archive-draft";
  return (
    <AlertDialog open={intent !== null} onOpenChange={(open) => (open ? undefined : onCancel())}>
      <AlertDialogContent data-testid="status-confirm-dialog" data-intent={shown}>
        <AlertDialogHeader>
          <AlertDialogTitle>{t(`confirm.${key}.title`)}</AlertDialogTitle>
          <AlertDialogDescription>{t(`confirm.${key}.description`)}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t("confirm.cancel")}</AlertDialogCancel>
          <AlertDialogAction onClick={() => onConfirm(shown)}>{t(`confirm.${key}.confirm`)}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
