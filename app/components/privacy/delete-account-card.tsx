import { TriangleAlert, UserX } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { toast } from "~/lib/toast";
import { FieldError, FormError } from "~/components/form-error";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Skeleton } from "~/components/ui/skeleton";
import { useFocusFirstInvalid } from "~/lib/use-focus-first-invalid";
import type { AccountDeletionAction, AccountDeletionData } from "~/routes/app/privacy-account";

const ENDPOINT = "/profile/delete-account";

/**
 * The account settings' deletion card (issue 14 §5): lists the organizations to hand over first when the user is
 * their only owner; otherwise a dialog confirms with the password (or an emailed code for a Google account).
 */
export function DeleteAccountCard() {
  const { t } = useTranslation("privacy");
  const loader = useFetcher<AccountDeletionData>({ key: "account-deletion" });
  const remove = useFetcher<AccountDeletionAction>({ key: "account-deletion-delete" });
  const sendCode = useFetcher<AccountDeletionAction>({ key: "account-deletion-code" });
  const [open, setOpen] = useState(false);
  const ids = { password: useId(), code: useId(), passwordError: useId(), codeError: useId() };
  const formRef = useRef<HTMLFormElement>(null);
  const errors = remove.data && remove.data.ok === false ? remove.data.errors : undefined;
  useFocusFirstInvalid(formRef, errors);

  useEffect(() => {
    if (loader.state === "idle" && !loader.data) void loader.load(ENDPOINT);
  }, [loader]);

  const codeHandled = useRef<unknown>(null);
  useEffect(() => {
    const answer = sendCode.data ?? null;
    if (sendCode.state !== "idle" || !answer || codeHandled.current === answer) return;
    codeHandled.current = answer;
    if (answer.ok === "code-sent" && loader.data) toast.success(t("account.code-sent", { email: loader.data.email }));
    else if (answer.ok === false && answer.errors.formError) {
      toast.error(t(answer.errors.formError as never, { ns: answer.errors.formError.split(":")[0] }));
    }
  }, [sendCode.state, sendCode.data, loader.data, t]);

  const data = loader.data;
  if (!data) return <Skeleton className="h-40 w-full" />;
  const blocking =
    remove.data && remove.data.ok === false && remove.data.organizations
      ? remove.data.organizations
      : data.soleOwnerOrganizations;

  return (
    <Card className="border-destructive/40" data-testid="delete-account">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <UserX className="size-4" aria-hidden />
          {t("account.title")}
        </CardTitle>
        <CardDescription>{t("account.description")}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm text-muted-foreground">{t("account.kept")}</p>
        {blocking.length > 0 ? (
          <div
            role="alert"
            className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
            data-testid="sole-owner"
          >
            <p className="flex items-center gap-2 font-medium">
              <TriangleAlert className="size-4 shrink-0" aria-hidden />
              {t("account.sole-owner-title")}
            </p>
            <p>{t("account.sole-owner-text")}</p>
            <ul className="list-disc pl-6">
              {blocking.map((organization) => (
                <li key={organization.id}>{organization.title}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </CardContent>
      <CardFooter className="justify-end border-t">
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogTrigger asChild>
            <Button variant="destructive" disabled={blocking.length > 0}>
              {t("account.button")}
            </Button>
          </DialogTrigger>
          <DialogContent>
            <remove.Form ref={formRef} method="post" action={ENDPOINT} noValidate className="space-y-4">
              <DialogHeader>
                <DialogTitle>{t("account.dialog-title")}</DialogTitle>
                <DialogDescription>
                  {data.confirmation === "password" ? t("account.dialog-password") : t("account.dialog-code")}
                </DialogDescription>
              </DialogHeader>
              <FormError message={errors?.fields ? undefined : errors?.formError} />
              {data.confirmation === "password" ? (
                <div className="grid gap-2">
                  <Label htmlFor={ids.password}>{t("account.password-label")}</Label>
                  <Input
                    id={ids.password}
                    name="password"
                    type="password"
                    autoComplete="current-password"
                    aria-invalid={errors?.fields?.password ? true : undefined}
                    aria-describedby={errors?.fields?.password ? ids.passwordError : undefined}
                  />
                  <FieldError id={ids.passwordError} message={errors?.fields?.password} />
                </div>
              ) : (
                <div className="grid gap-2">
                  <Label htmlFor={ids.code}>{t("account.code-label")}</Label>
                  <div className="flex gap-2">
                    <Input
                      id={ids.code}
                      name="code"
                      inputMode="numeric"
                      autoComplete="one-time-code"
                      maxLength={6}
                      aria-invalid={errors?.fields?.code ? true : undefined}
                      aria-describedby={errors?.fields?.code ? ids.codeError : undefined}
                    />
                    <Button
                      type="button"
                      variant="outline"
                      disabled={sendCode.state !== "idle"}
                      onClick={() =>
                        void sendCode.submit({ intent: "send-code" }, { method: "post", action: ENDPOINT })
                      }
                    >
                      {t("account.send-code")}
                    </Button>
                  </div>
                  <FieldError id={ids.codeError} message={errors?.fields?.code} />
                </div>
              )}
              <DialogFooter>
                <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                  {t("account.cancel")}
                </Button>
                <Button
                  type="submit"
                  name="intent"
                  value="delete"
                  variant="destructive"
                  disabled={remove.state !== "idle"}
                >
                  {t("account.confirm")}
                </Button>
              </DialogFooter>
            </remove.Form>
          </DialogContent>
        </Dialog>
      </CardFooter>
    </Card>
  );
}
