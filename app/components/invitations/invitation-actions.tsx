import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { toast } from "~/lib/toast";
import { Button } from "~/components/ui/button";

/** The namespaces whose `pending.*` keys label the invitations of the members page and of an event's team. */
type InvitationNamespace = "members" | "team";

type InvitationAnswer = { ok: boolean; message?: string; errors?: { formError?: string } };

/**
 * Send again and revoke, for one pending invitation (issue 24 §2). Every row of a list shares the fetcher `fetcherKey`:
 * a revoked row leaves the list at once, and `useInvitationAnswer` still toasts its answer.
 */
export function InvitationActions({
  fetcherKey,
  namespace,
  invitation,
}: {
  fetcherKey: string;
  namespace: InvitationNamespace;
  invitation: { id: number; email: string };
}) {
  const { t } = useTranslation(namespace);
  const fetcher = useFetcher({ key: fetcherKey });
  const busy = fetcher.state !== "idle";
  const send = (intent: "resend" | "revoke") =>
    fetcher.submit({ intent, invitationId: String(invitation.id) }, { method: "post" });
  return (
    <div className="flex flex-col items-end gap-1 md:flex-row md:justify-end">
      {(["resend", "revoke"] as const).map((intent) => (
        <Button
          key={intent}
          type="button"
          variant="ghost"
          size="sm"
          className={intent === "revoke" ? "text-destructive" : undefined}
          disabled={busy}
          onClick={() => send(intent)}
          aria-label={t(`pending.${intent}-label`, { email: invitation.email })}
        >
          {t(`pending.${intent}`)}
        </Button>
      ))}
    </div>
  );
}

/** Toasts the answer of the list's invitation actions once, in the list's namespace (`failedKey` when it says no more). */
export function useInvitationAnswer(fetcherKey: string, namespace: InvitationNamespace, failedKey: string) {
  const { t } = useTranslation(namespace);
  const fetcher = useFetcher({ key: fetcherKey });
  const answer = fetcher.data as InvitationAnswer | undefined;
  const handled = useRef<unknown>(null);
  useEffect(() => {
    if (fetcher.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    if (answer.ok) toast.success(t((answer.message ?? "") as never));
    else toast.error(t((answer.errors?.formError ?? failedKey) as never));
  }, [fetcher.state, answer, t, failedKey]);
}
