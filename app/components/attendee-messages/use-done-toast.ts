import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { toast } from "~/lib/toast";

const doneIntents = ["save", "send", "schedule", "unschedule", "resend", "delete"] as const;

/** The message actions redirect with `?done=<intent>`: say it once, then drop the flag. */
export function useDoneToast() {
  const { t } = useTranslation("attendee-messages");
  const [params, setParams] = useSearchParams();
  const done = doneIntents.find((intent) => intent === params.get("done"));
  useEffect(() => {
    if (!done) return;
    toast.success(t(`toasts.${done}`));
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("done");
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [done, t, setParams]);
}
