import { PLATFORM_TIME_ZONE } from "#domain/events/event-time-zone";
import { SecretShownOnceDialog } from "~/components/secret-shown-once-dialog";
import { MoreHorizontal, Plus, ScrollText, Webhook } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher } from "react-router";
import { toast } from "~/lib/toast";
import * as v from "valibot";
import { createWebhookEndpoint } from "#domain/webhooks/create-webhook-endpoint";
import { deleteWebhookEndpoint } from "#domain/webhooks/delete-webhook-endpoint";
import { listWebhookEndpoints } from "#domain/webhooks/list-webhook-endpoints";
import { rotateWebhookSecret } from "#domain/webhooks/rotate-webhook-secret";
import { DEFAULT_SECRET_GRACE_HOURS, secretGraceHours, secretGraceHoursSchema } from "#domain/webhooks/secret-grace";
import { sendTestWebhook } from "#domain/webhooks/send-test-webhook";
import { updateWebhookEndpoint } from "#domain/webhooks/update-webhook-endpoint";
import { webhookEndpointInputSchema, webhookEventTypesSchema } from "#domain/webhooks/webhook-endpoint-input-schema";
import type { WebhookEndpointRecord } from "#domain/webhooks/webhook-endpoint-record";
import { webhookEventTypes, type WebhookEventType } from "#domain/webhooks/webhook-event-types";
import { allowLocalWebhookUrls } from "#domain/webhooks/webhook-url";
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
import { LazyActionsMenu } from "~/components/lazy-actions-menu";
import { Input } from "~/components/ui/input";
import { LazySelect } from "~/components/lazy-select";
import { Label } from "~/components/ui/label";
import { Spinner } from "~/components/ui/spinner";
import { Switch } from "~/components/ui/switch";
import { formatDateTime } from "#domain/shared/format";
import { useFocusFirstInvalid } from "~/lib/use-focus-first-invalid";
import { getInstance } from "~/middleware/i18next";
import { serverContext } from "~/server/context";
import { parseForm } from "~/server/forms.server";
import { requireOrganizationPermission } from "~/server/guards.server";
import { actionError } from "~/server/route-errors.server";
import type { Route } from "./+types/settings-tracking";
import { boundedString, SHORT_TEXT_MAX_LENGTH } from "#domain/shared/bounded-string";

/** Organization pages have no event to take a time zone from: the product's home zone (dates are shown, not edited). */

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "Guichet" }];
}

/** Spec §2 /settings/tracking: the organization's outgoing webhooks (issue 12 §6). Owners and admins. */
export async function loader({ context }: Route.LoaderArgs) {
  const { actor } = requireOrganizationPermission(context, "integrations:manage");
  const endpoints = await listWebhookEndpoints(context.get(serverContext).db, actor);
  return { title: getInstance(context).t("webhooks:meta-title"), endpoints };
}

const idField = v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1));
/** The endpoint fields as the form sends them: event types as one comma-separated value, the switch as "on". */
const { eventTypes: _eventTypes, ...endpointFields } = webhookEndpointInputSchema.entries;
const formEndpointFields = {
  ...endpointFields,
  eventTypes: v.pipe(
    v.optional(boundedString(2_000), ""),
    v.transform((value) => value.split(",").filter(Boolean)),
    webhookEventTypesSchema,
  ),
  enabled: v.pipe(
    v.optional(boundedString(SHORT_TEXT_MAX_LENGTH), ""),
    v.transform((value) => value === "on"),
  ),
};
const actionSchema = v.variant("intent", [
  v.object({ intent: v.literal("create"), ...formEndpointFields }),
  v.object({ intent: v.literal("update"), id: idField, ...formEndpointFields }),
  v.object({ intent: v.literal("delete"), id: idField }),
  v.object({
    intent: v.literal("rotate"),
    id: idField,
    grace: v.optional(
      v.pipe(boundedString(SHORT_TEXT_MAX_LENGTH), v.transform(Number), secretGraceHoursSchema),
      String(DEFAULT_SECRET_GRACE_HOURS),
    ),
  }),
  v.object({ intent: v.literal("test"), id: idField }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = requireOrganizationPermission(context, "integrations:manage");
  const { db, env } = context.get(serverContext);
  const parsed = await parseForm(request, actionSchema);
  if (!parsed.ok) return { ok: false as const, errors: parsed.errors, values: parsed.values };
  const input = parsed.data;
  const options = { allowLocal: allowLocalWebhookUrls(env) };
  try {
    switch (input.intent) {
      case "create": {
        const { secret } = await createWebhookEndpoint(db, actor, input, options);
        return { ok: true as const, intent: input.intent, message: "webhooks:messages.created", secret };
      }
      case "update": {
        const { id, ...fields } = input;
        await updateWebhookEndpoint(db, actor, id, fields, options);
        return { ok: true as const, intent: input.intent, message: "webhooks:messages.updated" };
      }
      case "delete":
        await deleteWebhookEndpoint(db, actor, input.id);
        return { ok: true as const, intent: input.intent, message: "webhooks:messages.deleted" };
      case "rotate": {
        const { secret } = await rotateWebhookSecret(db, actor, input.id, { graceHours: input.grace });
        return { ok: true as const, intent: input.intent, message: "webhooks:messages.rotated", secret };
      }
      case "test":
        await sendTestWebhook(db, actor, input.id);
        return { ok: true as const, intent: input.intent, message: "webhooks:messages.test-sent" };
    }
  } catch (error) {
    return actionError(error);
  }
}

type ActionData =
  | { ok: true; intent: string; message: string; secret?: string }
  | { ok: false; errors?: { formError?: string; fields?: Record<string, string> } };

/** Toasts an action's answer and hands a newly shown secret to `onSecret`. */
function useActionAnswer(answer: unknown, onSecret?: (secret: string) => void) {
  const data = answer as ActionData | undefined;
  const { t } = useTranslation();
  useEffect(() => {
    if (!data) return;
    if (data.ok) {
      toast.success(t(data.message as never));
      if (data.secret) onSecret?.(data.secret);
    } else if (data.errors?.formError && !data.errors.fields) toast.error(t(data.errors.formError as never));
    // onSecret is a fresh closure each render; the answer alone decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, t]);
}

function EndpointFormDialog({
  endpoint,
  open,
  onOpenChange,
  onSecret,
}: {
  endpoint: WebhookEndpointRecord | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSecret: (secret: string) => void;
}) {
  const { t } = useTranslation("webhooks");
  const fetcher = useFetcher<typeof action>();
  const formRef = useRef<HTMLFormElement>(null);
  const ids = { url: useId(), description: useId(), enabled: useId(), types: useId() };
  const [types, setTypes] = useState<WebhookEventType[]>(endpoint?.eventTypes ?? []);
  const [enabled, setEnabled] = useState(endpoint?.enabled ?? true);
  const answer = fetcher.data as ActionData | undefined;
  const errors = answer && !answer.ok ? answer.errors : undefined;
  const busy = fetcher.state !== "idle";
  useFocusFirstInvalid(formRef, errors);
  useEffect(() => {
    if (fetcher.state !== "idle" || !answer) return;
    if (answer.ok) {
      onOpenChange(false);
      toast.success(t(answer.message as never));
      if (answer.secret) onSecret(answer.secret);
    }
    // Runs once per answer; the callbacks are fresh closures each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, answer]);
  const allTypes = types.length === 0;
  const toggle = (type: WebhookEventType, checked: boolean) =>
    setTypes((current) => (checked ? [...current, type] : current.filter((t) => t !== type)));

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{endpoint ? t("dialog.edit-title") : t("dialog.create-title")}</DialogTitle>
          <DialogDescription>{t("signature-help")}</DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" ref={formRef} className="grid gap-4" noValidate>
          <input type="hidden" name="intent" value={endpoint ? "update" : "create"} />
          {endpoint ? <input type="hidden" name="id" value={endpoint.id} /> : null}
          <input type="hidden" name="eventTypes" value={types.join(",")} />
          {enabled ? <input type="hidden" name="enabled" value="on" /> : null}
          <div className="grid gap-2">
            <Label htmlFor={ids.url}>{t("fields.url")}</Label>
            <Input
              id={ids.url}
              name="url"
              type="url"
              inputMode="url"
              required
              placeholder="https://"
              defaultValue={endpoint?.url}
              aria-invalid={errors?.fields?.url ? true : undefined}
              aria-describedby={`${ids.url}-help ${ids.url}-error`}
            />
            <p id={`${ids.url}-help`} className="text-xs text-muted-foreground">
              {t("fields.url-help")}
            </p>
            <FieldError id={`${ids.url}-error`} message={errors?.fields?.url} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.description}>{t("fields.description")}</Label>
            <Input
              id={ids.description}
              name="description"
              maxLength={200}
              placeholder={t("fields.description-placeholder")}
              defaultValue={endpoint?.description}
              aria-invalid={errors?.fields?.description ? true : undefined}
              aria-describedby={`${ids.description}-error`}
            />
            <FieldError id={`${ids.description}-error`} message={errors?.fields?.description} />
          </div>
          <fieldset className="grid gap-2" aria-describedby={`${ids.types}-error`}>
            <legend className="mb-1 text-sm font-medium">{t("fields.event-types")}</legend>
            <label className="flex items-center gap-2 text-sm">
              <Checkbox checked={allTypes} onCheckedChange={(checked) => (checked ? setTypes([]) : undefined)} />
              {t("fields.all-types")}
            </label>
            <div className="grid gap-2 sm:grid-cols-2">
              {webhookEventTypes.map((type) => (
                <label key={type} className="flex items-center gap-2 text-sm">
                  <Checkbox
                    checked={types.includes(type)}
                    onCheckedChange={(checked) => toggle(type, checked === true)}
                  />
                  <span>
                    {t(`types.${type}`)} <code className="text-xs text-muted-foreground">{type}</code>
                  </span>
                </label>
              ))}
            </div>
            <FieldError id={`${ids.types}-error`} message={errors?.fields?.eventTypes} />
          </fieldset>
          <div className="flex items-center gap-3">
            <Switch id={ids.enabled} checked={enabled} onCheckedChange={setEnabled} />
            <Label htmlFor={ids.enabled}>{t("fields.enabled")}</Label>
          </div>
          {errors && !errors.fields ? <FormError message={errors.formError} /> : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t("dialog.cancel")}
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? <Spinner label={null} /> : null}
              {busy ? t("dialog.saving") : t("dialog.save")}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

function EndpointCard({
  endpoint,
  onEdit,
  onSecret,
}: {
  endpoint: WebhookEndpointRecord;
  onEdit: () => void;
  onSecret: (secret: string) => void;
}) {
  const { t, i18n } = useTranslation("webhooks");
  const fetcher = useFetcher<typeof action>();
  const [confirm, setConfirm] = useState<"delete" | "rotate" | null>(null);
  const [grace, setGrace] = useState(String(DEFAULT_SECRET_GRACE_HOURS));
  const graceId = useId();
  useActionAnswer(fetcher.data, onSecret);
  const submit = (intent: string) =>
    fetcher.submit({ intent, id: String(endpoint.id), ...(intent === "rotate" ? { grace } : {}) }, { method: "post" });
  // The badge says "disabled"; the line below only adds why, when the sending stopped it (not for a manual pause).
  const disabledReason =
    !endpoint.enabled && (endpoint.disabledReason === "gone" || endpoint.disabledReason === "failing")
      ? t(`status.reason-${endpoint.disabledReason}`)
      : null;

  return (
    <Card data-testid="webhook-endpoint">
      <CardHeader className="flex flex-row items-start justify-between gap-3 space-y-0">
        <div className="min-w-0 space-y-1">
          <CardTitle className="truncate font-mono text-sm" title={endpoint.url}>
            {endpoint.url}
          </CardTitle>
          {endpoint.description ? <CardDescription>{endpoint.description}</CardDescription> : null}
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <Badge variant={endpoint.enabled ? "default" : "destructive"}>
            {endpoint.enabled ? t("status.enabled") : t("status.disabled")}
          </Badge>
          <LazyActionsMenu
            trigger={
              <Button variant="ghost" size="icon" aria-label={t("card.actions", { url: endpoint.url })}>
                {fetcher.state !== "idle" ? <Spinner label={null} /> : <MoreHorizontal aria-hidden />}
              </Button>
            }
            items={[
              { label: t("card.test"), disabled: !endpoint.enabled, onSelect: () => submit("test") },
              { label: t("card.edit"), onSelect: onEdit },
              { label: t("card.rotate"), onSelect: () => setConfirm("rotate") },
              {
                label: t("card.delete"),
                destructive: true,
                separatorBefore: true,
                onSelect: () => setConfirm("delete"),
              },
            ]}
          />
        </div>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {disabledReason ? (
          <p className="text-destructive" data-testid="webhook-disabled-reason">
            {disabledReason}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-1">
          {endpoint.eventTypes.length === 0 ? (
            <Badge variant="secondary">{t("card.all-types")}</Badge>
          ) : (
            endpoint.eventTypes.map((type) => (
              <Badge key={type} variant="secondary">
                {t(`types.${type}`)}
              </Badge>
            ))
          )}
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2 text-muted-foreground">
          <span>
            {t("card.secret")} <code className="font-mono">{endpoint.secretHint}</code> ·{" "}
            {t("card.created", { date: formatDateTime(endpoint.createdAt, i18n.language, PLATFORM_TIME_ZONE) })}
            {endpoint.previousSecretExpiresAt ? (
              <span className="block" data-testid="webhook-previous-secret">
                {t("card.previous-secret", {
                  date: formatDateTime(endpoint.previousSecretExpiresAt, i18n.language, PLATFORM_TIME_ZONE),
                })}
              </span>
            ) : null}
          </span>
          <Button asChild variant="outline" size="sm">
            <Link to={`/settings/tracking/${endpoint.id}`}>
              <ScrollText aria-hidden />
              {t("card.deliveries")}
            </Link>
          </Button>
        </div>
      </CardContent>
      <AlertDialog open={confirm !== null} onOpenChange={(open) => (open ? undefined : setConfirm(null))}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>
              {confirm === "delete" ? t("delete-dialog.title") : t("rotate-dialog.title")}
            </AlertDialogTitle>
            <AlertDialogDescription>
              {confirm === "delete" ? t("delete-dialog.body", { url: endpoint.url }) : t("rotate-dialog.body")}
            </AlertDialogDescription>
          </AlertDialogHeader>
          {confirm === "rotate" ? (
            <div className="grid gap-2">
              <Label htmlFor={graceId}>{t("rotate-dialog.grace")}</Label>
              <LazySelect
                value={grace}
                onValueChange={setGrace}
                valueLabel={t(
                  `rotate-dialog.grace-${grace}` as `rotate-dialog.grace-${(typeof secretGraceHours)[number]}`,
                )}
                options={secretGraceHours.map((hours) => ({
                  value: String(hours),
                  label: t(`rotate-dialog.grace-${hours}`),
                }))}
                id={graceId}
                className="w-full"
                data-testid="webhook-rotate-grace"
              />
            </div>
          ) : null}
          <AlertDialogFooter>
            <AlertDialogCancel>{t("dialog.cancel")}</AlertDialogCancel>
            <AlertDialogAction
              variant={confirm === "delete" ? "destructive" : "default"}
              onClick={() => {
                if (confirm) submit(confirm);
                setConfirm(null);
              }}
            >
              {confirm === "delete" ? t("delete-dialog.confirm") : t("rotate-dialog.confirm")}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}

export default function SettingsTracking({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("webhooks");
  const [editing, setEditing] = useState<WebhookEndpointRecord | "new" | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="max-w-2xl space-y-2">
          <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
            <Webhook className="size-6" aria-hidden />
            {t("title")}
          </h1>
          <p className="text-muted-foreground">{t("intro")}</p>
          <p className="text-sm text-muted-foreground">{t("signature-help")}</p>
        </div>
        <Button onClick={() => setEditing("new")}>
          <Plus aria-hidden />
          {t("add")}
        </Button>
      </header>
      {loaderData.endpoints.length === 0 ? (
        <Card className="border-dashed">
          <CardHeader className="items-center text-center">
            <CardTitle>{t("empty-title")}</CardTitle>
            <CardDescription>{t("empty-body")}</CardDescription>
          </CardHeader>
        </Card>
      ) : (
        <div className="grid gap-4">
          {loaderData.endpoints.map((endpoint) => (
            <EndpointCard
              key={endpoint.id}
              endpoint={endpoint}
              onEdit={() => setEditing(endpoint)}
              onSecret={setSecret}
            />
          ))}
        </div>
      )}
      {editing ? (
        <EndpointFormDialog
          key={editing === "new" ? "new" : editing.id}
          endpoint={editing === "new" ? null : editing}
          open
          onOpenChange={(open) => (open ? undefined : setEditing(null))}
          onSecret={setSecret}
        />
      ) : null}
      <SecretShownOnceDialog
        secret={secret}
        onClose={() => setSecret(null)}
        namespace="webhooks"
        testId="webhook-secret"
      />
    </div>
  );
}
