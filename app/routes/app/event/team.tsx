import { PLATFORM_TIME_ZONE } from "#domain/events/event-time-zone";
import { UserPlus } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { toast } from "~/lib/toast";
import * as v from "valibot";
import { eventRoles, type EventRole } from "#db/schema";
import { addEventAccess } from "#domain/event-team/add-event-access";
import { listEventTeam } from "#domain/event-team/list-event-team";
import { listEventInvitations } from "#domain/invitations/list-invitations";
import { resendInvitation, revokeInvitation } from "#domain/invitations/manage-invitation";
import { emailSenderFromEnv } from "#adapters/email";
import { removeEventAccess, setEventAccessRoles } from "#domain/event-team/set-event-access-roles";
import { loadEventForActor } from "#domain/events/event-access";
import { canOnEvent, displayEventRole } from "#domain/policy";
import { emailSchema } from "#domain/shared/email";
import { requireId } from "#domain/shared/ids";
import { EventPageErrorBoundary } from "~/components/event/event-page-error";
import { FieldError, FormError } from "~/components/form-error";
import { TeamPageSkeleton } from "~/components/page-skeletons";
import { Badge } from "~/components/ui/badge";
import { InvitationActions, useInvitationAnswer } from "~/components/invitations/invitation-actions";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Spinner } from "~/components/ui/spinner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { useFocusFirstInvalid } from "~/lib/use-focus-first-invalid";
import { formatDate } from "#domain/shared/format";
import { getInstance, getLocale } from "~/middleware/i18next";
import { serverContext } from "~/server/context";
import { parseForm } from "~/server/forms.server";
import { getSignedIn } from "~/server/guards.server";
import { actionError, loaderError } from "~/server/route-errors.server";
import type { Route } from "./+types/team";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "Guichet" }];
}

/** Spec §2 event team page: the people given an access on the event (issue 12 §3). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { actor } = getSignedIn(context);
  const { db } = context.get(serverContext);
  try {
    const eventId = requireId(params.event_id, "events:errors.not-found");
    const { scope } = await loadEventForActor(db, actor, eventId, "event:view-team");
    const [team, invitations] = await Promise.all([
      listEventTeam(db, actor, eventId),
      listEventInvitations(db, actor, eventId),
    ]);
    return {
      title: getInstance(context).t("team:meta-title"),
      team,
      invitations,
      currentUserId: actor.userId,
      canManage: canOnEvent(actor, "event:manage-team", scope),
    };
  } catch (error) {
    return loaderError(error);
  }
}

const userIdSchema = v.pipe(v.string(), v.regex(/^\d+$/), v.toNumber());
const actionSchema = v.variant("intent", [
  v.object({ intent: v.literal("add"), email: emailSchema }),
  v.object({
    intent: v.literal("roles"),
    userId: userIdSchema,
    role: v.pipe(
      v.string(),
      v.transform((value) => value.split("|").filter(Boolean)),
      v.check(
        (parts) => parts.length > 0 && parts.every((p) => (eventRoles as readonly string[]).includes(p)),
        "team:errors.role-invalid",
      ),
      v.transform((parts) => parts as EventRole[]),
    ),
  }),
  v.object({ intent: v.literal("remove"), userId: userIdSchema }),
  v.object({ intent: v.literal("revoke"), invitationId: userIdSchema }),
  v.object({ intent: v.literal("resend"), invitationId: userIdSchema }),
]);

export async function action({ request, params, context }: Route.ActionArgs) {
  const { actor } = getSignedIn(context);
  const { db, env } = context.get(serverContext);
  const parsed = await parseForm(request, actionSchema);
  if (!parsed.ok) return { ok: false as const, errors: parsed.errors };
  const input = parsed.data;
  try {
    const eventId = requireId(params.event_id, "events:errors.not-found");
    const sender = emailSenderFromEnv(env, db);
    const deps = { sendEmail: sender.send.bind(sender), appUrl: env.APP_URL, locale: getLocale(context) };
    if (input.intent === "add") {
      const added = await addEventAccess(db, actor, eventId, { email: input.email }, deps);
      return { ok: true as const, message: added.kind === "member" ? "team:messages.added" : "team:messages.invited" };
    }
    if (input.intent === "revoke") {
      await revokeInvitation(db, actor, input.invitationId, { eventId });
      return { ok: true as const, message: "team:pending.revoked" };
    }
    if (input.intent === "resend") {
      await resendInvitation(db, actor, input.invitationId, { eventId }, deps);
      return { ok: true as const, message: "team:pending.resent" };
    }
    if (input.intent === "roles") {
      await setEventAccessRoles(db, actor, eventId, { userId: input.userId, roles: input.role });
      return { ok: true as const, message: "team:messages.updated" };
    }
    await removeEventAccess(db, actor, eventId, input.userId);
    return { ok: true as const, message: "team:messages.removed" };
  } catch (error) {
    return actionError(error);
  }
}

type ActionData =
  { ok: true; message: string } | { ok: false; errors?: { formError?: string; fields?: Record<string, string> } };
type TeamRow = Route.ComponentProps["loaderData"]["team"][number];

/** Display order of spec §4: admin (team_manager), event_manager, validator (can validate). */
const ROLE_ORDER: EventRole[] = ["team_manager", "event_manager", "validator"];

export { EventPageErrorBoundary as ErrorBoundary };
export function HydrateFallback() {
  return <TeamPageSkeleton />;
}

function AddToTeamForm() {
  const { t } = useTranslation("team");
  const fetcher = useFetcher<typeof action>();
  const formRef = useRef<HTMLFormElement>(null);
  const emailId = useId();
  const answer = fetcher.data as ActionData | undefined;
  const errors = answer && !answer.ok ? answer.errors : undefined;
  const busy = fetcher.state !== "idle";
  useFocusFirstInvalid(formRef, errors);
  useEffect(() => {
    if (fetcher.state !== "idle" || !answer) return;
    if (answer.ok) {
      toast.success(t(answer.message as never));
      formRef.current?.reset();
    }
  }, [fetcher.state, answer, t]);
  const emailError = errors?.fields?.email;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <UserPlus className="size-4" aria-hidden />
          {t("add.title")}
        </CardTitle>
        <CardDescription>{t("add.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" ref={formRef} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <input type="hidden" name="intent" value="add" />
          <div className="grid flex-1 gap-2">
            <Label htmlFor={emailId}>{t("add.email")}</Label>
            <Input
              id={emailId}
              name="email"
              type="email"
              required
              autoComplete="off"
              aria-invalid={emailError ? true : undefined}
              aria-describedby={emailError ? `${emailId}-error` : undefined}
            />
          </div>
          <Button type="submit" disabled={busy}>
            {busy ? <Spinner label={null} /> : null}
            {busy ? t("add.submitting") : t("add.submit")}
          </Button>
        </fetcher.Form>
        <div className="mt-2">
          <FieldError id={`${emailId}-error`} message={emailError} />
          {errors && !emailError ? <FormError message={errors.formError} /> : null}
        </div>
      </CardContent>
    </Card>
  );
}

function RolesCell({ member, canManage }: { member: TeamRow; canManage: boolean }) {
  const { t } = useTranslation("team");
  const fetcher = useFetcher<typeof action>();
  const answer = fetcher.data as ActionData | undefined;
  const pending = fetcher.formData?.get("role");
  // Optimistic: the boxes show the submitted roles at once; a refused change falls back to the loader's roles.
  const roles = typeof pending === "string" ? (pending.split("|") as EventRole[]) : member.roles;
  useEffect(() => {
    if (fetcher.state !== "idle" || !answer) return;
    if (answer.ok) toast.success(t("messages.updated"));
    else toast.error(t("messages.update-failed", { email: member.email }));
  }, [fetcher.state, answer, member.email, t]);
  const name = `${member.firstName} ${member.lastName}`.trim() || member.email;

  if (!canManage) {
    return (
      <div className="flex flex-wrap gap-1">
        {ROLE_ORDER.filter((role) => roles.includes(role)).map((role) => (
          <span key={role} className="rounded-md bg-muted px-2 py-0.5 text-xs">
            {t(`roles.${displayEventRole(role)}`)}
          </span>
        ))}
      </div>
    );
  }
  return (
    <fieldset className="flex flex-wrap gap-x-4 gap-y-2" aria-label={t("roles-of", { name })}>
      {ROLE_ORDER.map((role) => {
        const checked = roles.includes(role);
        const id = `role-${member.userId}-${role}`;
        return (
          <div key={role} className="flex items-center gap-2">
            <Checkbox
              id={id}
              checked={checked}
              // At least one role: the last one is removed with the Remove button.
              disabled={checked && roles.length === 1}
              onCheckedChange={(next) => {
                const nextRoles = ROLE_ORDER.filter((r) => (r === role ? next === true : roles.includes(r)));
                fetcher.submit(
                  { intent: "roles", userId: String(member.userId), role: nextRoles.join("|") },
                  { method: "post" },
                );
              }}
            />
            <Label htmlFor={id} className="text-sm font-normal" title={t(`role-help.${displayEventRole(role)}`)}>
              {t(`roles.${displayEventRole(role)}`)}
            </Label>
          </div>
        );
      })}
    </fieldset>
  );
}

function RemoveButton({ member }: { member: TeamRow }) {
  const { t } = useTranslation("team");
  const fetcher = useFetcher<typeof action>();
  const answer = fetcher.data as ActionData | undefined;
  useEffect(() => {
    if (fetcher.state !== "idle" || !answer) return;
    if (answer.ok) toast.success(t("messages.removed"));
    else toast.error(t("messages.update-failed", { email: member.email }));
  }, [fetcher.state, answer, member.email, t]);
  const name = `${member.firstName} ${member.lastName}`.trim() || member.email;
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="userId" value={member.userId} />
      <Button
        type="submit"
        variant="ghost"
        size="sm"
        className="text-destructive"
        disabled={fetcher.state !== "idle"}
        aria-label={t("remove-label", { name })}
      >
        {t("remove")}
      </Button>
    </fetcher.Form>
  );
}

type InvitationRow = Route.ComponentProps["loaderData"]["invitations"][number];

/** One fetcher for the invitations' actions: a revoked row disappears, its answer is toasted by the page. */
const INVITATION_FETCHER = "team-invitation-action";

/** Issue 24 §2: someone invited to the team who has not accepted yet, shown with the team. */
function PendingTeamRow({ invitation, canManage }: { invitation: InvitationRow; canManage: boolean }) {
  const { t, i18n } = useTranslation("team");
  return (
    <TableRow data-testid="team-invitation-row" data-email={invitation.email}>
      {/* No name yet: the email takes the name columns (and the email column from 1024 px). */}
      <TableCell colSpan={2} className="font-medium break-all whitespace-normal lg:hidden">
        {invitation.email}
      </TableCell>
      <TableCell colSpan={3} className="hidden font-medium lg:table-cell">
        {invitation.email}
      </TableCell>
      <TableCell className="whitespace-normal">
        <Badge variant="outline">{t("pending.badge")}</Badge>
        <div className="mt-1 text-xs text-muted-foreground">
          {t("pending.expires", { date: formatDate(invitation.expiresAt, i18n.language, PLATFORM_TIME_ZONE) })}
        </div>
      </TableCell>
      {canManage ? (
        <TableCell className="text-right">
          <InvitationActions fetcherKey={INVITATION_FETCHER} namespace="team" invitation={invitation} />
        </TableCell>
      ) : null}
    </TableRow>
  );
}

export default function EventTeam({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("team");
  const { team, invitations, canManage } = loaderData;
  useInvitationAnswer(INVITATION_FETCHER, "team", "errors.not-found");
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">{t("title")}</h1>
        <p className="text-sm text-muted-foreground">{t("subtitle")}</p>
      </div>
      {canManage ? <AddToTeamForm /> : <p className="text-sm text-muted-foreground">{t("read-only")}</p>}
      <Card className="py-0">
        <Table data-testid="team-table">
          <TableHeader>
            <TableRow>
              <TableHead>{t("columns.first-name")}</TableHead>
              <TableHead>{t("columns.last-name")}</TableHead>
              <TableHead className="hidden lg:table-cell">{t("columns.email")}</TableHead>
              <TableHead>{t("columns.roles")}</TableHead>
              {canManage ? <TableHead className="text-right">{t("columns.actions")}</TableHead> : null}
            </TableRow>
          </TableHeader>
          <TableBody>
            {team.map((member) => (
              <TableRow key={member.userId} data-testid="team-row" data-email={member.email}>
                <TableCell className="font-medium">{member.firstName}</TableCell>
                <TableCell>{member.lastName}</TableCell>
                <TableCell className="hidden lg:table-cell">{member.email}</TableCell>
                <TableCell>
                  <RolesCell member={member} canManage={canManage} />
                </TableCell>
                {canManage ? (
                  <TableCell className="text-right">
                    <RemoveButton member={member} />
                  </TableCell>
                ) : null}
              </TableRow>
            ))}
            {invitations.map((invitation) => (
              <PendingTeamRow key={invitation.id} invitation={invitation} canManage={canManage} />
            ))}
            {team.length === 0 && invitations.length === 0 ? (
              <TableRow>
                <TableCell colSpan={5} className="py-8 text-center whitespace-normal text-muted-foreground">
                  {t("empty")}
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </Card>
    </div>
  );
}
