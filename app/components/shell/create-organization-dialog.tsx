import { Building2, LogOut } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useFetcher, useNavigate } from "react-router";
import { toast } from "~/lib/toast";
import { FieldError, FormError } from "~/components/form-error";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Spinner } from "~/components/ui/spinner";
import { ORGANIZATION_TITLE_MAX_LENGTH as TITLE_MAX } from "#domain/organizations/organization-input-schema";
import { cn } from "~/lib/utils";
import type { action } from "~/routes/resources/create-organization";

const GENERIC_ERROR = "organizations:errors.generic";

/**
 * Spec §2/§7: the dialog that names an organization. `required` when the user has none: it cannot be dismissed
 * (no close button, Escape and outside clicks ignored) and offers to log out instead. On success the shell's data
 * reloads with the new organization selected (cookie set by the action), the dialog closes, the events home opens
 * and the success toast shows.
 */
export function CreateOrganizationDialog({
  open,
  required,
  onOpenChange,
}: {
  open: boolean;
  required: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("organizations");
  const fetcher = useFetcher<typeof action>({ key: "create-organization" });
  const navigate = useNavigate();
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const [title, setTitle] = useState("");
  // The answer the user already moved past (dialog closed since): its errors are not shown again.
  const [dismissed, setDismissed] = useState<unknown>(null);
  const handled = useRef<unknown>(null);

  const result = fetcher.data;
  const submitting = fetcher.state !== "idle";

  const close = () => {
    setDismissed(fetcher.data ?? null);
    setTitle("");
    onOpenChange(false);
  };

  // Once the action answered and the revalidation that follows it is done.
  useEffect(() => {
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (result.ok) {
      close();
      toast.success(t("create.success"));
      void navigate("/");
    } else if (result.errors.formError === GENERIC_ERROR) {
      toast.error(t("errors.generic"));
    }
  });

  const errors = result && !result.ok && result !== dismissed ? result.errors : undefined;
  const titleError = errors?.fields?.title;
  const formError = errors && !titleError && errors.formError !== GENERIC_ERROR ? errors.formError : undefined;
  const count = [...title].length;

  return (
    <Dialog open={open} onOpenChange={(next) => (next || required ? undefined : close())}>
      <DialogContent
        showCloseButton={!required}
        onEscapeKeyDown={(event) => required && event.preventDefault()}
        onPointerDownOutside={(event) => required && event.preventDefault()}
        onInteractOutside={(event) => required && event.preventDefault()}
        data-testid="create-organization-dialog"
      >
        <DialogHeader>
          <div className="mb-1 flex size-10 items-center justify-center rounded-full bg-primary/10 text-primary max-sm:mx-auto">
            <Building2 className="size-5" aria-hidden />
          </div>
          <DialogTitle>{t(required ? "create.first-title" : "create.title")}</DialogTitle>
          <DialogDescription>{t(required ? "create.first-description" : "create.description")}</DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" action="/resources/create-organization" className="space-y-4" noValidate>
          <FormError message={formError} />
          <div className="space-y-2">
            <Label htmlFor={inputId}>{t("create.label")}</Label>
            <Input
              id={inputId}
              name="title"
              value={title}
              onChange={(event) => setTitle(event.target.value)}
              placeholder={t("create.placeholder")}
              autoComplete="organization"
              autoFocus
              required
              aria-invalid={titleError ? true : undefined}
              aria-describedby={titleError ? errorId : `${inputId}-counter`}
            />
            <div className="flex items-start justify-between gap-3">
              <FieldError id={errorId} message={titleError} />
              <p
                id={`${inputId}-counter`}
                className={cn(
                  "ml-auto shrink-0 text-xs whitespace-nowrap tabular-nums",
                  count > TITLE_MAX ? "text-destructive" : "text-muted-foreground",
                )}
              >
                {t("create.counter", { count, max: TITLE_MAX })}
              </p>
            </div>
          </div>
          <DialogFooter className="gap-2">
            {required ? null : (
              <DialogClose asChild>
                <Button type="button" variant="outline">
                  {t("create.cancel")}
                </Button>
              </DialogClose>
            )}
            <Button type="submit" disabled={submitting}>
              {submitting ? <Spinner /> : null}
              {t(submitting ? "create.submitting" : "create.submit")}
            </Button>
          </DialogFooter>
        </fetcher.Form>
        {required ? (
          <Form method="post" action="/auth/logout" className="-mt-2 border-t pt-3 text-center sm:text-left">
            <Button type="submit" variant="link" size="sm" className="h-auto px-0 text-muted-foreground">
              <LogOut aria-hidden />
              {t("create.logout")}
            </Button>
          </Form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
