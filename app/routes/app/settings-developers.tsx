import { KeyRound, Plus } from "lucide-react";
import { SecretShownOnceDialog } from "~/components/secret-shown-once-dialog";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { toast } from "~/lib/toast";
import * as v from "valibot";
import { paymentModeOf } from "#adapters/payments";
import { apiKeyScopes, type ApiKeyScope } from "#db/schema";
import { API_KEY_RATE_LIMIT } from "#domain/api-keys/api-key-rate-limit";
import { apiKeyModeFor } from "#domain/api-keys/api-key-text";
import { API_KEY_NAME_MAX_LENGTH, createApiKey } from "#domain/api-keys/create-api-key";
import { listApiKeys, type ApiKeySummary } from "#domain/api-keys/list-api-keys";
import { revokeApiKey } from "#domain/api-keys/revoke-api-key";
import { PLATFORM_TIME_ZONE } from "#domain/events/event-time-zone";
import { formatDateTime } from "#domain/shared/format";
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
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog-lazy";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Skeleton } from "~/components/ui/skeleton";
import { Spinner } from "~/components/ui/spinner";
import { useFocusFirstInvalid } from "~/lib/use-focus-first-invalid";
import { getInstance } from "~/middleware/i18next";
import { serverContext } from "~/server/context";
import { requireOrganizationPermission } from "~/server/guards.server";
import { actionError } from "~/server/route-errors.server";
import type { Route } from "./+types/settings-developers";

/** A scope as a translation key: i18next reads ":" as its namespace separator. */
type ScopeKey<S extends string> = S extends `${infer A}:${infer B}` ? `${A}-${B}` : never;
const scopeKey = (scope: ApiKeyScope) => scope.replace(":", "-") as ScopeKey<ApiKeyScope>;

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "Guichet" }];
}

/** Issue 26 §1 "Développeurs": the organization's API keys (decision 0047). Owners and admins (api-keys:manage). */
export async function loader({ context }: Route.LoaderArgs) {
  const { actor } = requireOrganizationPermission(context, "api-keys:manage");
  const { db, env } = context.get(serverContext);
  return {
    title: getInstance(context).t("developers:meta-title"),
    keys: await listApiKeys(db, actor),
    mode: apiKeyModeFor(paymentModeOf(env)),
  };
}

const revokeSchema = v.object({
  intent: v.literal("revoke"),
  id: v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1)),
});

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = requireOrganizationPermission(context, "api-keys:manage");
  const { db, env } = context.get(serverContext);
  // Read by hand: the scopes are several checkboxes of one name, which the one-value form reader would collapse.
  const form = await request.formData();
  const name = String(form.get("name") ?? "");
  try {
    if (form.get("intent") === "create") {
      const scopes = form.getAll("scopes").map(String) as ApiKeyScope[];
      const { secret } = await createApiKey(db, actor, { name, scopes, mode: apiKeyModeFor(paymentModeOf(env)) });
      return { ok: true as const, message: "developers:messages.created", secret };
    }
    const revoke = v.safeParse(revokeSchema, Object.fromEntries(form));
    if (!revoke.success) return { ok: false as const, errors: { formError: "errors:invalid-input" } };
    await revokeApiKey(db, actor, { apiKeyId: revoke.output.id });
    return { ok: true as const, message: "developers:messages.revoked" };
  } catch (error) {
    return actionError(error, { name });
  }
}

type ActionData =
  | { ok: true; message: string; secret?: string }
  | { ok: false; errors?: { formError?: string; fields?: Record<string, string> } };

export function HydrateFallback() {
  return (
    <div className="flex flex-col gap-6" aria-busy="true" data-testid="skeleton-developers">
      <div className="space-y-2">
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-4 w-full max-w-xl" />
      </div>
      {Array.from({ length: 3 }, (_, i) => (
        <Skeleton key={i} className="h-36 w-full rounded-xl" />
      ))}
    </div>
  );
}

function CreateKeyDialog({
  open,
  onOpenChange,
  onSecret,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSecret: (secret: string) => void;
}) {
  const { t } = useTranslation("developers");
  const fetcher = useFetcher<typeof action>();
  const formRef = useRef<HTMLFormElement>(null);
  const ids = { name: useId(), scopes: useId() };
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const answer = fetcher.data as ActionData | undefined;
  const errors = answer && !answer.ok ? answer.errors : undefined;
  const busy = fetcher.state !== "idle";
  // A field's error stays until the field is changed, then the next answer decides again.
  const [edited, setEdited] = useState<{ answer: unknown; fields: ReadonlySet<string> }>({ answer, fields: new Set() });
  const editedFields = edited.answer === answer ? edited.fields : new Set<string>();
  const markEdited = (field: string) => setEdited({ answer, fields: new Set([...editedFields, field]) });
  const fieldError = (field: string) => (editedFields.has(field) ? undefined : errors?.fields?.[field]);
  useFocusFirstInvalid(formRef, errors);
  useEffect(() => {
    if (fetcher.state !== "idle" || !answer?.ok) return;
    onOpenChange(false);
    toast.success(t(answer.message as never));
    if (answer.secret) onSecret(answer.secret);
    // Runs once per answer; the callbacks are fresh closures each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, answer]);
  const toggle = (scope: ApiKeyScope, checked: boolean) => {
    markEdited("scopes");
    setScopes((current) => (checked ? [...current, scope] : current.filter((s) => s !== scope)));
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{t("dialog.title")}</DialogTitle>
          <DialogDescription>{t("dialog.description")}</DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" ref={formRef} className="grid gap-4" noValidate>
          <input type="hidden" name="intent" value="create" />
          {scopes.map((scope) => (
            <input key={scope} type="hidden" name="scopes" value={scope} />
          ))}
          <div className="grid gap-2">
            <Label htmlFor={ids.name}>{t("dialog.name")}</Label>
            <Input
              id={ids.name}
              name="name"
              required
              maxLength={API_KEY_NAME_MAX_LENGTH}
              autoComplete="off"
              placeholder={t("dialog.name-placeholder")}
              onChange={() => markEdited("name")}
              aria-invalid={fieldError("name") ? true : undefined}
              aria-describedby={`${ids.name}-error`}
            />
            <FieldError id={`${ids.name}-error`} message={fieldError("name")} />
          </div>
          <fieldset className="grid gap-3" aria-describedby={`${ids.scopes}-error`}>
            <legend className="mb-1 text-sm font-medium">{t("dialog.scopes")}</legend>
            {apiKeyScopes.map((scope) => (
              <label key={scope} className="flex items-start gap-3 text-sm">
                <Checkbox
                  className="mt-0.5"
                  checked={scopes.includes(scope)}
                  onCheckedChange={(checked) => toggle(scope, checked === true)}
                  aria-invalid={fieldError("scopes") ? true : undefined}
                />
                <span className="grid gap-0.5">
                  <span className="font-medium">
                    {t(`scopes.${scopeKey(scope)}`)}{" "}
                    <code className="text-xs font-normal text-muted-foreground">{scope}</code>
                  </span>
                  <span className="text-muted-foreground">{t(`scope-help.${scopeKey(scope)}`)}</span>
                </span>
              </label>
            ))}
            <FieldError id={`${ids.scopes}-error`} message={fieldError("scopes")} />
          </fieldset>
          {errors && !errors.fields ? <FormError message={errors.formError} /> : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t("dialog.cancel")}
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? <Spinner label={null} /> : null}
              {busy ? t("dialog.submitting") : t("dialog.submit")}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

function KeyCard({ apiKey }: { apiKey: ApiKeySummary }) {
  const { t, i18n } = useTranslation("developers");
  const fetcher = useFetcher<typeof action>();
  const [confirming, setConfirming] = useState(false);
  const answer = fetcher.data as ActionData | undefined;
  useEffect(() => {
    if (fetcher.state !== "idle" || !answer) return;
    if (answer.ok) toast.success(t(answer.message as never));
    else if (answer.errors?.formError) toast.error(t(answer.errors.formError as never));
  }, [fetcher.state, answer, t]);
  const date = (value: Date) => formatDateTime(value, i18n.language, PLATFORM_TIME_ZONE);
  const revoked = apiKey.revokedAt !== null;
  const busy = fetcher.state !== "idle";

  return (
    <Card data-testid="api-key" className={revoked ? "opacity-70" : undefined}>
      <CardHeader className="flex flex-row items-start justify-between gap-3 space-y-0">
        <div className="min-w-0 flex-1 space-y-1">
          <CardTitle className="text-base break-words">{apiKey.name}</CardTitle>
          <CardDescription>
            <span className="sr-only">{t("card.key")} </span>
            <code className="font-mono text-sm text-foreground" data-testid="api-key-prefix">
              {apiKey.prefix}…
            </code>
          </CardDescription>
        </div>
        <div className="flex shrink-0 flex-wrap items-center justify-end gap-2">
          {apiKey.mode === "test" ? <Badge variant="outline">{t("card.test")}</Badge> : null}
          <Badge variant={revoked ? "destructive" : "default"}>{revoked ? t("card.revoked") : t("card.active")}</Badge>
        </div>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <div className="flex flex-wrap gap-1" aria-label={t("card.scopes")}>
          {apiKey.scopes.map((scope) => (
            <Badge key={scope} variant="secondary">
              {t(`scopes.${scopeKey(scope)}`)}
            </Badge>
          ))}
        </div>
        <div className="grid gap-1 text-muted-foreground sm:grid-cols-2">
          <p>
            {apiKey.createdByEmail
              ? t("card.created-by", { date: date(apiKey.createdAt), email: apiKey.createdByEmail })
              : t("card.created", { date: date(apiKey.createdAt) })}
          </p>
          <p data-testid="api-key-last-used">
            {t("card.last-used")}{" "}
            {apiKey.lastUsedAt
              ? apiKey.lastUsedIp
                ? t("card.last-used-value", { date: date(apiKey.lastUsedAt), ip: apiKey.lastUsedIp })
                : t("card.last-used-no-ip", { date: date(apiKey.lastUsedAt) })
              : t("card.never-used")}
          </p>
          {apiKey.revokedAt ? <p>{t("card.revoked-on", { date: date(apiKey.revokedAt) })}</p> : null}
        </div>
        {revoked ? null : (
          <div className="flex justify-end">
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="text-destructive"
              disabled={busy}
              aria-label={t("card.revoke-label", { name: apiKey.name })}
              onClick={() => setConfirming(true)}
            >
              {busy ? <Spinner label={null} /> : null}
              {t("card.revoke")}
            </Button>
          </div>
        )}
      </CardContent>
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t("revoke-dialog.title", { name: apiKey.name })}</AlertDialogTitle>
            <AlertDialogDescription>{t("revoke-dialog.body")}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t("revoke-dialog.cancel")}</AlertDialogCancel>
            <AlertDialogAction
              variant="destructive"
              onClick={() => {
                void fetcher.submit({ intent: "revoke", id: String(apiKey.id) }, { method: "post" });
                setConfirming(false);
              }}
            >
              {t("revoke-dialog.confirm")}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}

export default function SettingsDevelopers({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("developers");
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="max-w-2xl space-y-2">
          <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
            <KeyRound className="size-6" aria-hidden />
            {t("title")}
          </h1>
          <p className="text-muted-foreground">{t("intro")}</p>
          <p className="text-sm text-muted-foreground">
            {t("usage", { limit: API_KEY_RATE_LIMIT.limit, seconds: API_KEY_RATE_LIMIT.windowMs / 1000 })}
          </p>
          {loaderData.mode === "test" ? (
            <p className="text-sm text-muted-foreground" data-testid="api-key-test-mode">
              {t("test-mode")}
            </p>
          ) : null}
        </div>
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden />
          {t("create")}
        </Button>
      </header>
      {loaderData.keys.length === 0 ? (
        <Card className="border-dashed">
          <CardHeader className="items-center text-center">
            <CardTitle>{t("empty-title")}</CardTitle>
            <CardDescription>{t("empty-body")}</CardDescription>
          </CardHeader>
        </Card>
      ) : (
        <section className="grid gap-4" aria-label={t("list-label")}>
          {loaderData.keys.map((apiKey) => (
            <KeyCard key={apiKey.id} apiKey={apiKey} />
          ))}
        </section>
      )}
      {creating ? <CreateKeyDialog open onOpenChange={setCreating} onSecret={setSecret} /> : null}
      <SecretShownOnceDialog
        secret={secret}
        onClose={() => setSecret(null)}
        namespace="developers"
        testId="api-key-secret"
        warning
      />
    </div>
  );
}
