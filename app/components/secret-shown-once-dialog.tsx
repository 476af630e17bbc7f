import { AlertTriangle, Copy } from "lucide-react";
import { useTranslation } from "react-i18next";
import { toast } from "~/lib/toast";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog-lazy";

/**
 * A secret shown once (an API key, a webhook signing secret) with a copy button. The texts are the namespace's
 * `secret-dialog.*` keys; `warning` shows `secret-dialog.warning-title`/`warning` as an alert, else `secret-dialog.body`
 * is the description.
 */
export function SecretShownOnceDialog({
  secret,
  onClose,
  namespace,
  testId,
  warning = false,
}: {
  secret: string | null;
  onClose: () => void;
  namespace: "developers" | "webhooks";
  testId: string;
  warning?: boolean;
}) {
  const { t } = useTranslation(namespace);
  async function copy() {
    try {
      await navigator.clipboard.writeText(secret ?? "");
      toast.success(t("secret-dialog.copied"));
    } catch {
      toast.error(t("secret-dialog.copy-failed"));
    }
  }
  return (
    <Dialog open={secret !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("secret-dialog.title")}</DialogTitle>
          {warning ? (
            <DialogDescription className="sr-only">{t("secret-dialog.warning")}</DialogDescription>
          ) : (
            <DialogDescription>{t("secret-dialog.body")}</DialogDescription>
          )}
        </DialogHeader>
        {warning ? (
          <Alert variant="destructive" role="status">
            <AlertTriangle aria-hidden />
            <AlertTitle>{t("secret-dialog.warning-title")}</AlertTitle>
            <AlertDescription>{t("secret-dialog.warning")}</AlertDescription>
          </Alert>
        ) : null}
        <code
          className="block rounded-md border bg-muted px-3 py-2 font-mono text-sm break-all select-all"
          data-testid={testId}
        >
          {secret}
        </code>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={copy}>
            <Copy aria-hidden />
            {t("secret-dialog.copy")}
          </Button>
          <Button type="button" onClick={onClose}>
            {t("secret-dialog.done")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
