import { PLATFORM_TIME_ZONE } from "#domain/events/event-time-zone";
import { Download, ShieldCheck } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { toast } from "~/lib/toast";
import { FieldError, FormError } from "~/components/form-error";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "~/components/ui/alert-dialog-lazy";
import { useLazyDialogTrigger } from "~/components/ui/lazy-dialog-trigger";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Skeleton } from "~/components/ui/skeleton";
import { Switch } from "~/components/ui/switch";
import { formatDate } from "#domain/shared/format";
import type { OrganizationPrivacyAction, OrganizationPrivacyData } from "~/routes/app/privacy-organization";

const ENDPOINT = "/organization/privacy";

/**
 * The organization page's privacy section (issue 14 §5): the data export and the buyers' anonymisation with its
 * retention setting. Loads its own data from /organization/privacy; owners only (others see why it is not offered).
 */
export function OrganizationPrivacy() {
  const { t, i18n } = useTranslation("privacy");
  const loader = useFetcher<OrganizationPrivacyData>({ key: "organization-privacy" });
  const settings = useFetcher<OrganizationPrivacyAction>({ key: "organization-privacy-settings" });
  const anonymise = useFetcher<OrganizationPrivacyAction>({ key: "organization-privacy-anonymise" });
  // The confirmation's code loads when it first opens: its trigger is server-rendered with the page.
  const confirm = useLazyDialogTrigger();
  const ids = { months: useId(), auto: useId(), error: useId() };
  const formRef = useRef<HTMLFormElement>(null);
  const handled = useRef<unknown>(null);

  useEffect(() => {
    if (loader.state === "idle" && !loader.data) void loader.load(ENDPOINT);
  }, [loader]);

  useEffect(() => {
    const answer = settings.data ?? null;
    if (settings.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    if (answer.ok === "settings") {
      toast.success(t("anonymise.saved"));
      void loader.load(ENDPOINT);
    }
  }, [settings.state, settings.data, loader, t]);

  const anonymiseHandled = useRef<unknown>(null);
  useEffect(() => {
    const answer = anonymise.data ?? null;
    if (anonymise.state !== "idle" || !answer || anonymiseHandled.current === answer) return;
    anonymiseHandled.current = answer;
    if (answer.ok === "anonymised") {
      if (answer.result.done) toast.success(t("anonymise.done", { count: answer.result.events }));
      else toast.info(t("anonymise.partial", { participants: answer.result.participants }));
      void loader.load(ENDPOINT);
    } else if (answer.ok === false && answer.errors.formError) {
      toast.error(t(answer.errors.formError as never, { ns: answer.errors.formError.split(":")[0] }));
    }
  }, [anonymise.state, anonymise.data, loader, t]);

  const data = loader.data;
  if (!data) {
    return (
      <div className="space-y-4" aria-busy="true">
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (!data.owner) {
    return (
      <Card data-testid="organization-privacy">
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-base">
            <ShieldCheck className="size-4" aria-hidden />
            {t("export.title")}
          </CardTitle>
          <CardDescription>{t("export.owner-only")}</CardDescription>
        </CardHeader>
      </Card>
    );
  }

  const settingsErrors = settings.data && settings.data.ok === false ? settings.data.errors : undefined;
  const monthsError = settingsErrors?.fields?.retention_months;
  const hidden = data.dueCount - data.dueEvents.length;
  return (
    <div className="space-y-6" data-testid="organization-privacy">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-base">
            <Download className="size-4" aria-hidden />
            {t("export.title")}
          </CardTitle>
          <CardDescription>{t("export.description")}</CardDescription>
        </CardHeader>
        <CardFooter className="justify-end border-t">
          <Button asChild variant="outline">
            <a href={`${ENDPOINT}/export.zip`} download data-testid="privacy-export">
              <Download aria-hidden />
              {t("export.button")}
            </a>
          </Button>
        </CardFooter>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-base">
            <ShieldCheck className="size-4" aria-hidden />
            {t("anonymise.title")}
          </CardTitle>
          <CardDescription>{t("anonymise.description")}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          <settings.Form
            ref={formRef}
            method="post"
            action={ENDPOINT}
            noValidate
            className="grid gap-4 md:grid-cols-[minmax(0,1fr)_auto] md:items-end"
          >
            <input type="hidden" name="intent" value="settings" />
            <div className="grid gap-2">
              <Label htmlFor={ids.months}>{t("anonymise.retention-label")}</Label>
              <Input
                id={ids.months}
                name="retention_months"
                type="number"
                inputMode="numeric"
                min={1}
                max={120}
                className="max-w-32"
                defaultValue={data.retentionMonths}
                aria-invalid={monthsError ? true : undefined}
                aria-describedby={monthsError ? ids.error : undefined}
              />
              <p className="text-xs text-muted-foreground">{t("anonymise.retention-hint")}</p>
              <FieldError id={ids.error} message={monthsError} />
            </div>
            <div className="flex items-start gap-3 md:col-span-2">
              <Switch id={ids.auto} name="auto_anonymise" value="true" defaultChecked={data.autoAnonymise} />
              <div className="grid gap-1">
                <Label htmlFor={ids.auto}>{t("anonymise.auto-label")}</Label>
                <p className="text-xs text-muted-foreground">{t("anonymise.auto-hint")}</p>
              </div>
            </div>
            <div className="md:col-span-2">
              <Button type="submit" disabled={settings.state !== "idle"}>
                {t("anonymise.save")}
              </Button>
            </div>
          </settings.Form>

          <div className="space-y-3 border-t pt-4">
            <h3 className="text-sm font-semibold">{t("anonymise.due-title")}</h3>
            {data.dueEvents.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                {t("anonymise.due-none", { count: data.retentionMonths })}
              </p>
            ) : (
              <ul className="divide-y rounded-md border text-sm" data-testid="privacy-due-events">
                {data.dueEvents.map((event) => (
                  <li key={event.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                    <span className="font-medium">{event.title || t("anonymise.untitled")}</span>
                    <span className="text-muted-foreground">
                      {event.endAt
                        ? t("anonymise.ended-on", { date: formatDate(event.endAt, i18n.language, PLATFORM_TIME_ZONE) })
                        : t("anonymise.no-date")}
                    </span>
                  </li>
                ))}
                {hidden > 0 ? (
                  <li className="px-3 py-2 text-muted-foreground">{t("anonymise.due-more", { count: hidden })}</li>
                ) : null}
              </ul>
            )}
            {data.anonymisedEvents > 0 ? (
              <p className="text-xs text-muted-foreground">
                {t("anonymise.anonymised-count", { count: data.anonymisedEvents })}
              </p>
            ) : null}
            {anonymise.data && anonymise.data.ok === false ? (
              <FormError message={anonymise.data.errors.formError} />
            ) : null}
          </div>
        </CardContent>
        <CardFooter className="justify-end border-t">
          <Button
            {...confirm.triggerProps}
            variant="destructive"
            disabled={data.dueCount === 0 || anonymise.state !== "idle"}
          >
            {t("anonymise.button")}
          </Button>
          <AlertDialog open={confirm.open} onOpenChange={confirm.setOpen}>
            <AlertDialogContent onCloseAutoFocus={confirm.onCloseAutoFocus}>
              <AlertDialogHeader>
                <AlertDialogTitle>{t("anonymise.confirm-title")}</AlertDialogTitle>
                <AlertDialogDescription>{t("anonymise.confirm-description")}</AlertDialogDescription>
              </AlertDialogHeader>
              <AlertDialogFooter>
                <AlertDialogCancel>{t("anonymise.cancel")}</AlertDialogCancel>
                <AlertDialogAction
                  onClick={() => {
                    void anonymise.submit({ intent: "anonymise" }, { method: "post", action: ENDPOINT });
                    confirm.setOpen(false);
                  }}
                >
                  {t("anonymise.confirm")}
                </AlertDialogAction>
              </AlertDialogFooter>
            </AlertDialogContent>
          </AlertDialog>
        </CardFooter>
      </Card>
    </div>
  );
}
