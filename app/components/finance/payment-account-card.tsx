import {
  Check,
  CircleCheck,
  CircleDashed,
  CircleX,
  ExternalLink,
  FlaskConical,
  Landmark,
  RefreshCw,
} from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form, useFetcher, useNavigation } from "react-router";
import { toast } from "~/lib/toast";
import { FormError } from "~/components/form-error";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Spinner } from "~/components/ui/spinner";
import { cn } from "~/lib/utils";

/** What the card needs of domain/finance/account-status.ts's PaymentAccount (serialized by the loader). */
export type PaymentAccountView = {
  status: "not_connected" | "need_validation" | "valid_conected";
  pendingStep: "onboarding" | "review" | null;
  connectedAccountId: string | null;
  mode: "stripe" | "demo";
  canConnect: boolean;
};

type FetcherAnswer = { ok: true; intent: string } | { ok: false; errors: { formError?: string } };

const statusIcon = { not_connected: CircleX, need_validation: CircleDashed, valid_conected: CircleCheck } as const;
const statusVariant = { not_connected: "destructive", need_validation: "warning", valid_conected: "success" } as const;

/**
 * Spec §4's three connection states, each with the one action it needs: connect; finish the onboarding or wait for
 * Stripe's review ("about 5 minutes") and refresh; open Stripe's dashboard. The forms post to the overview's action.
 */
export function PaymentAccountCard({ account, errorKey }: { account: PaymentAccountView; errorKey: string | null }) {
  const { t } = useTranslation("payment-account");
  const navigation = useNavigation();
  const fetcher = useFetcher<FetcherAnswer>();
  const handled = useRef<unknown>(null);
  const leaving = navigation.state !== "idle" && navigation.formData?.get("intent") !== undefined;
  const busy = fetcher.state !== "idle" || leaving;
  const { status, pendingStep } = account;
  const StatusIcon = statusIcon[status];

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    const answer = fetcher.data;
    if (answer.ok)
      toast.success(t(answer.intent === "simulate-review" ? "account.demo.simulated" : "account.refreshed"));
  }, [fetcher.state, fetcher.data, t]);

  const fetcherError = fetcher.data && !fetcher.data.ok ? fetcher.data.errors.formError : null;
  const stepState = (index: number): "done" | "current" | "upcoming" => {
    const reached = status === "not_connected" ? 0 : status === "need_validation" ? 1 : 3;
    return index < reached ? "done" : index === reached ? "current" : "upcoming";
  };
  const text =
    status === "not_connected"
      ? t("account.not_connected.text")
      : status === "valid_conected"
        ? t("account.valid.text")
        : t(pendingStep === "onboarding" ? "account.onboarding.text" : "account.review.text");

  const refreshButton = (
    <fetcher.Form method="post">
      <Button
        type="submit"
        name="intent"
        value="refresh"
        variant="outline"
        disabled={busy}
        className="w-full sm:w-auto"
      >
        {fetcher.formData?.get("intent") === "refresh" ? <Spinner label={null} /> : <RefreshCw aria-hidden />}
        {t("account.refresh")}
      </Button>
    </fetcher.Form>
  );

  return (
    <Card id="payment-account" data-testid="payment-account" data-status={status} className="scroll-mt-20">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2 text-base">
          <Landmark className="size-4" aria-hidden />
          {t("account.title")}
          <Badge variant={statusVariant[status]} className="ml-auto" data-testid="payment-account-status">
            <StatusIcon aria-hidden />
            {t(`account.status.${status}`)}
          </Badge>
        </CardTitle>
        <CardDescription>{t("account.description")}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <ol aria-label={t("account.steps.label")} className="grid grid-cols-3 gap-2">
          {(["connect", "validation", "valid"] as const).map((step, index) => {
            const state = stepState(index);
            return (
              <li
                key={step}
                aria-current={state === "current" ? "step" : undefined}
                className={cn(
                  "flex flex-col gap-1 rounded-md border-t-4 pt-2 text-xs",
                  state === "done" && "border-success text-foreground",
                  state === "current" && "border-warning font-medium text-foreground",
                  state === "upcoming" && "border-muted text-muted-foreground",
                  status === "valid_conected" && "border-success",
                )}
              >
                <span className="flex items-center gap-1">
                  {state === "done" || status === "valid_conected" ? (
                    <Check className="size-3.5 text-success" aria-hidden />
                  ) : null}
                  {t(`account.steps.${step}`)}
                </span>
                {state === "current" && status !== "valid_conected" ? (
                  <span className="sr-only">{t("account.steps.current")}</span>
                ) : null}
              </li>
            );
          })}
        </ol>

        <p className="text-sm" data-testid="payment-account-text">
          {text}
        </p>
        {account.connectedAccountId ? (
          <p className="font-mono text-xs break-all text-muted-foreground">
            {t("account.account-id", { id: account.connectedAccountId })}
          </p>
        ) : null}
        <FormError message={fetcherError ?? errorKey} />

        {account.canConnect ? (
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            {status === "not_connected" || pendingStep === "onboarding" ? (
              <Form method="post">
                <Button type="submit" name="intent" value="connect" disabled={busy} className="w-full sm:w-auto">
                  {leaving ? <Spinner label={null} /> : <ExternalLink aria-hidden />}
                  {t(status === "not_connected" ? "account.not_connected.action" : "account.onboarding.action")}
                </Button>
              </Form>
            ) : null}
            {status === "valid_conected" ? (
              <Form method="post">
                <Button type="submit" name="intent" value="dashboard" disabled={busy} className="w-full sm:w-auto">
                  {leaving ? <Spinner label={null} /> : <ExternalLink aria-hidden />}
                  {t("account.valid.action")}
                </Button>
              </Form>
            ) : null}
            {status !== "not_connected" ? refreshButton : null}
          </div>
        ) : (
          <div className="space-y-3">
            {status === "need_validation" ? refreshButton : null}
            {status !== "valid_conected" ? (
              <p className="text-sm text-muted-foreground">{t("account.connect-only")}</p>
            ) : null}
          </div>
        )}

        {account.mode === "demo" && account.canConnect && pendingStep === "review" ? (
          <div
            className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950 dark:border-amber-700 dark:bg-amber-950/30 dark:text-amber-100"
            data-testid="payment-account-demo"
          >
            <p className="flex items-center gap-2 text-sm font-semibold">
              <FlaskConical className="size-4 shrink-0" aria-hidden />
              {t("account.demo.label")}
            </p>
            <p className="text-sm">{t("account.demo.text")}</p>
            <fetcher.Form method="post">
              <Button
                type="submit"
                name="intent"
                value="simulate-review"
                variant="outline"
                disabled={busy}
                className="w-full bg-white sm:w-auto dark:bg-transparent"
              >
                {fetcher.formData?.get("intent") === "simulate-review" ? <Spinner label={null} /> : null}
                {t("account.demo.simulate")}
              </Button>
            </fetcher.Form>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
