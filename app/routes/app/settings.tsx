import { PLATFORM_TIME_ZONE } from "#domain/events/event-time-zone";
import { UserPlus } from "lucide-react";
import { useEffect, useId, useRef, useState, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { toast } from "~/lib/toast";
import * as v from "valibot";
import { organizationRoles, type OrganizationRole } from "#db/schema";
import { inviteMember } from "#domain/invitations/invite-member";
import { listOrganizationInvitations } from "#domain/invitations/list-invitations";
import { resendInvitation, revokeInvitation } from "#domain/invitations/manage-invitation";
import { changeMemberRole } from "#domain/members/change-member-role";
import { listMembers } from "#domain/members/list-members";
import { removeMember } from "#domain/members/remove-member";
import { canInOrganization } from "#domain/policy";
import { emailSchema } from "#domain/shared/email";
import { emailSenderFromEnv } from "#adapters/email";
import { EmailCell } from "~/components/data-table/email-cell";
import { FieldError, FormError } from "~/components/form-error";
import { InvitationActions, useInvitationAnswer } from "~/components/invitations/invitation-actions";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { LazySelect } from "~/components/lazy-select";
import { Spinner } from "~/components/ui/spinner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { useFocusFirstInvalid } from "~/lib/use-focus-first-invalid";
import { formatDate } from "#domain/shared/format";
import { getInstance, getLocale } from "~/middleware/i18next";
import { serverContext } from "~/server/context";
import { parseForm } from "~/server/forms.server";
import { requireOrganizationPermission } from "~/server/guards.server";
import { actionError } from "~/server/route-errors.server";
import { RemoveMemberDialog, REMOVE_MEMBER_WORD } from "./settings-remove-member";
import type { Route } from "./+types/settings";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "Guichet" }];
}

/** Spec §2 /settings: the organization's members (owners and admins see them; only owners change them). */
export async function loader({ context }: Route.LoaderArgs) {
  const { actor, currentOrganization } = requireOrganizationPermission(context, "members:view");
  const { db } = context.get(serverContext);
  const canManage = canInOrganization(actor, "members:manage");
  const [members, invitations] = await Promise.all([
    listMembers(db, actor, actor.organizationId),
    canManage ? listOrganizationInvitations(db, actor, actor.organizationId) : [],
  ]);
  return {
    title: getInstance(context).t("members:meta-title"),
    organization: currentOrganization.title,
    members,
    invitations,
    currentUserId: actor.userId,
    canManage,
  };
}

const roleSchema = v.picklist(organizationRoles, "members:errors.role-invalid");
const actionSchema = v.variant("intent", [
  v.object({ intent: v.literal("add"), email: emailSchema, role: roleSchema }),
  v.object({ intent: v.literal("role"), userId: v.pipe(v.string(), v.toNumber(), v.integer()), role: roleSchema }),
  v.object({ intent: v.literal("revoke"), invitationId: v.pipe(v.string(), v.regex(/^\d{1,12}$/), v.toNumber()) }),
  v.object({ intent: v.literal("resend"), invitationId: v.pipe(v.string(), v.regex(/^\d{1,12}$/), v.toNumber()) }),
  v.object({
    intent: v.literal("remove"),
    userId: v.pipe(v.string(), v.toNumber(), v.integer()),
    confirmation: v.literal(REMOVE_MEMBER_WORD, "errors:invalid-input"),
  }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = requireOrganizationPermission(context, "members:view");
  const { db, env } = context.get(serverContext);
  const parsed = await parseForm(request, actionSchema);
  if (!parsed.ok) return { ok: false as const, errors: parsed.errors, values: parsed.values };
  const input = parsed.data;
  try {
    const sender = emailSenderFromEnv(env, db);
    // Links in emails come from APP_URL, never from the request's Host (issue 24 §4).
    const deps = { sendEmail: sender.send.bind(sender), appUrl: env.APP_URL, locale: getLocale(context) };
    if (input.intent === "add") {
      await inviteMember(db, actor, actor.organizationId, input, deps);
      return { ok: true as const, intent: input.intent, message: "members:messages.invited" };
    }
    if (input.intent === "revoke") {
      await revokeInvitation(db, actor, input.invitationId);
      return { ok: true as const, intent: input.intent, message: "members:messages.revoked" };
    }
    if (input.intent === "resend") {
      await resendInvitation(db, actor, input.invitationId, {}, deps);
      return { ok: true as const, intent: input.intent, message: "members:messages.resent" };
    }
    if (input.intent === "role") {
      await changeMemberRole(db, actor, actor.organizationId, input.userId, input.role);
      return { ok: true as const, intent: input.intent, message: "members:messages.updated" };
    }
    await removeMember(db, actor, actor.organizationId, input.userId);
    return { ok: true as const, intent: input.intent, message: "members:messages.deleted" };
  } catch (error) {
    return actionError(error);
  }
}

type ActionData =
  { ok: true; message: string } | { ok: false; errors?: { formError?: string; fields?: Record<string, string> } };
const roleKey = (role: OrganizationRole) => (role === "" ? "guest" : role);
/** Radix Select cannot hold an empty value: the guest role travels as "guest" in the widget. */
const toWidget = (role: OrganizationRole) => roleKey(role);
const fromWidget = (value: string): OrganizationRole => (value === "guest" ? "" : (value as OrganizationRole));

function useActionToast(answer: unknown) {
  const data = answer as ActionData | undefined;
  const { t } = useTranslation();
  useEffect(() => {
    if (!data) return;
    if (data.ok) toast.success(t(data.message as never));
    else if (data.errors?.formError) toast.error(t(data.errors.formError as never));
  }, [data, t]);
}

function RoleSelect({
  value,
  onChange,
  busy,
  id,
  label,
  name,
}: {
  value: OrganizationRole;
  onChange: (role: OrganizationRole) => void;
  /** Saving: announced, never disabled (a disabled control drops the keyboard focus to the page). */
  busy?: boolean;
  id?: string;
  label: string;
  name?: string;
}) {
  const { t } = useTranslation("members");
  return (
    <>
      <LazySelect
        value={toWidget(value)}
        onValueChange={(next) => onChange(fromWidget(next))}
        valueLabel={t(`roles.${roleKey(value)}`)}
        options={organizationRoles.map((role) => ({ value: toWidget(role), label: t(`roles.${roleKey(role)}`) }))}
        id={id}
        aria-label={label}
        aria-busy={busy || undefined}
        className="w-full min-w-[200px]"
      />
      {name ? <input type="hidden" name={name} value={value} /> : null}
    </>
  );
}

function InviteMemberForm() {
  const { t } = useTranslation("members");
  const fetcher = useFetcher<typeof action>();
  const formRef = useRef<HTMLFormElement>(null);
  const [role, setRole] = useState<OrganizationRole>("event_manager");
  const emailId = useId();
  const roleId = useId();
  const busy = fetcher.state !== "idle";
  const answer = fetcher.data as ActionData | undefined;
  const errors = answer && !answer.ok ? answer.errors : undefined;
  useFocusFirstInvalid(formRef, errors);
  const handled = useRef<unknown>(null);
  useEffect(() => {
    if (fetcher.state !== "idle" || !answer?.ok || handled.current === answer) return;
    handled.current = answer;
    toast.success(t("messages.invited"));
    formRef.current?.reset();
    setRole("event_manager");
  }, [fetcher.state, answer, t]);
  const emailError = errors?.fields?.email;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <UserPlus className="size-4" aria-hidden />
          {t("invite.title")}
        </CardTitle>
        <CardDescription>{t("invite.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form
          method="post"
          ref={formRef}
          noValidate
          className="grid gap-3 md:grid-cols-[1fr_260px_auto] md:items-end"
        >
          <input type="hidden" name="intent" value="add" />
          <div className="grid gap-2">
            <Label htmlFor={emailId}>{t("invite.email")}</Label>
            <Input
              id={emailId}
              name="email"
              type="email"
              autoComplete="off"
              required
              aria-invalid={emailError ? true : undefined}
              aria-describedby={emailError ? `${emailId}-error` : undefined}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={roleId}>{t("invite.role")}</Label>
            <RoleSelect id={roleId} value={role} onChange={setRole} label={t("invite.role")} name="role" />
          </div>
          <Button type="submit" disabled={busy}>
            {busy ? <Spinner label={null} /> : null}
            {busy ? t("invite.submitting") : t("invite.submit")}
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

type MemberRow = Route.ComponentProps["loaderData"]["members"][number];

function MemberRoleCell({ member, canManage }: { member: MemberRow; canManage: boolean }) {
  const { t } = useTranslation("members");
  const fetcher = useFetcher<typeof action>();
  useActionToast(fetcher.data);
  const pending = fetcher.formData?.get("role");
  const shown = typeof pending === "string" ? (pending as OrganizationRole) : member.role;
  const name = `${member.firstName} ${member.lastName}`.trim() || member.email;
  if (!canManage) return <span>{t(`roles.${roleKey(member.role)}`)}</span>;
  return (
    <RoleSelect
      value={shown}
      label={t("change-role", { name })}
      busy={fetcher.state !== "idle"}
      onChange={(role) => {
        // A choice made while the previous one saves replaces it (the fetcher keeps the last submission).
        if (role !== shown)
          void fetcher.submit({ intent: "role", userId: String(member.userId), role }, { method: "post" });
      }}
    />
  );
}

/** One removal fetcher for the page: its answer outlives the row it removed (the toast is shown by the page). */
const REMOVAL_FETCHER = "remove-member";

/**
 * Toasts the removal's answer and, once the removed row is gone, moves the keyboard focus to the member that took its
 * place (the next row, else the previous one, else the members table) instead of leaving it on the page body.
 */
function useRemovalAnswer(members: MemberRow[], tableRef: RefObject<HTMLTableElement | null>) {
  const { t } = useTranslation("members");
  const fetcher = useFetcher<typeof action>({ key: REMOVAL_FETCHER });
  const answer = fetcher.data as ActionData | undefined;
  const handled = useRef<unknown>(null);
  // The rows as they stood when the removal was sent: where the removed one was.
  const removal = useRef<{ userId: string; order: number[] } | null>(null);
  const submitted = fetcher.formData?.get("userId");
  useEffect(() => {
    if (typeof submitted === "string" && removal.current?.userId !== submitted) {
      removal.current = { userId: submitted, order: members.map((member) => member.userId) };
    }
  }, [submitted, members]);
  useEffect(() => {
    if (fetcher.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    if (answer.ok) {
      toast.success(t("messages.deleted"));
      const sent = removal.current;
      removal.current = null;
      if (!sent) return;
      const at = sent.order.indexOf(Number(sent.userId));
      const remaining = new Set(members.map((member) => member.userId));
      const next = [...sent.order.slice(at + 1), ...sent.order.slice(0, Math.max(at, 0)).reverse()].find((id) =>
        remaining.has(id),
      );
      const target =
        next === undefined
          ? null
          : tableRef.current?.querySelector<HTMLElement>(`[data-user-id="${next}"] [data-remove-member]`);
      (target ?? tableRef.current)?.focus();
    } else {
      removal.current = null;
      const key = answer.errors?.formError;
      toast.error(t(key && key !== "errors:invalid-input" ? (key as never) : "messages.delete-failed"));
    }
  }, [fetcher.state, answer, t, members, tableRef]);
}

function RemoveMemberButton({ member }: { member: MemberRow }) {
  const { t } = useTranslation("members");
  const fetcher = useFetcher<typeof action>({ key: REMOVAL_FETCHER });
  const [open, setOpen] = useState(false);
  const name = `${member.firstName} ${member.lastName}`.trim() || member.email;
  const answer = fetcher.data as ActionData | undefined;
  useEffect(() => {
    if (fetcher.state === "idle" && answer && !answer.ok) setOpen(false);
  }, [fetcher.state, answer]);
  return (
    <>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className="text-destructive"
        onClick={() => setOpen(true)}
        data-remove-member
      >
        {t("remove.button")}
      </Button>
      <RemoveMemberDialog
        open={open}
        onOpenChange={setOpen}
        name={name}
        busy={fetcher.state !== "idle"}
        onConfirm={(confirmation) =>
          fetcher.submit({ intent: "remove", userId: String(member.userId), confirmation }, { method: "post" })
        }
      />
    </>
  );
}

type InvitationRow = Route.ComponentProps["loaderData"]["invitations"][number];

/** One fetcher for the invitations' actions: a revoked row disappears, its answer is toasted by the list. */
const INVITATION_FETCHER = "invitation-action";

/** Issue 24 §2: the invitations not accepted yet, which the member managers can send again or revoke. */
function PendingInvitations({ invitations }: { invitations: InvitationRow[] }) {
  const { t, i18n } = useTranslation("members");
  useInvitationAnswer(INVITATION_FETCHER, "members", "pending.failed");
  if (invitations.length === 0) return null;
  const expires = (invitation: InvitationRow) => formatDate(invitation.expiresAt, i18n.language, PLATFORM_TIME_ZONE);
  return (
    <section className="space-y-2" aria-labelledby="pending-invitations-title">
      <div className="space-y-1">
        <h2 id="pending-invitations-title" className="text-lg font-semibold">
          {t("pending.title")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("pending.description")}</p>
      </div>
      <Card className="py-0">
        <Table data-testid="invitations-table">
          <TableHeader>
            <TableRow>
              <TableHead>{t("pending.columns.email")}</TableHead>
              <TableHead className="hidden md:table-cell">{t("pending.columns.role")}</TableHead>
              <TableHead className="hidden md:table-cell">{t("pending.columns.expires")}</TableHead>
              <TableHead className="text-right">{t("pending.columns.actions")}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {invitations.map((invitation) => (
              <TableRow key={invitation.id} data-testid="invitation-row" data-email={invitation.email}>
                <TableCell className="whitespace-normal">
                  <div className="font-medium break-all">{invitation.email}</div>
                  {invitation.invitedBy ? (
                    <div className="text-xs text-muted-foreground">
                      {t("pending.invited-by", { name: invitation.invitedBy })}
                    </div>
                  ) : null}
                  <div className="text-xs text-muted-foreground md:hidden">
                    {t(`roles.${roleKey(invitation.role)}`)} · {t("pending.expires", { date: expires(invitation) })}
                  </div>
                </TableCell>
                <TableCell className="hidden md:table-cell">{t(`roles.${roleKey(invitation.role)}`)}</TableCell>
                <TableCell className="hidden md:table-cell">{expires(invitation)}</TableCell>
                <TableCell className="text-right">
                  <InvitationActions fetcherKey={INVITATION_FETCHER} namespace="members" invitation={invitation} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Card>
    </section>
  );
}

export default function Members({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("members");
  const { members, invitations, canManage, currentUserId, organization } = loaderData;
  const tableRef = useRef<HTMLTableElement>(null);
  useRemovalAnswer(members, tableRef);
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">{t("title")}</h1>
        <p className="text-sm text-muted-foreground">{t("subtitle", { organization })}</p>
      </div>
      {canManage ? <InviteMemberForm /> : <p className="text-sm text-muted-foreground">{t("read-only")}</p>}
      <Card className="py-0">
        <Table data-testid="members-table" ref={tableRef} tabIndex={-1} aria-label={t("title")}>
          <TableHeader>
            <TableRow>
              <TableHead>{t("columns.name")}</TableHead>
              <TableHead className="hidden md:table-cell">{t("columns.email")}</TableHead>
              <TableHead>{t("columns.role")}</TableHead>
              {canManage ? <TableHead className="text-right">{t("columns.actions")}</TableHead> : null}
            </TableRow>
          </TableHeader>
          <TableBody>
            {members.map((member) => (
              <TableRow
                key={member.userId}
                data-testid="member-row"
                data-email={member.email}
                data-user-id={member.userId}
              >
                <TableCell>
                  <div className="font-medium">
                    {`${member.firstName} ${member.lastName}`.trim() || member.email}
                    {member.userId === currentUserId ? (
                      <span className="ml-1 text-xs text-muted-foreground">({t("you")})</span>
                    ) : null}
                  </div>
                  <EmailCell email={member.email} className="text-xs text-muted-foreground md:hidden" />
                </TableCell>
                <TableCell className="hidden md:table-cell">
                  <EmailCell email={member.email} />
                </TableCell>
                <TableCell>
                  <MemberRoleCell member={member} canManage={canManage} />
                </TableCell>
                {canManage ? (
                  <TableCell className="text-right">
                    <RemoveMemberButton member={member} />
                  </TableCell>
                ) : null}
              </TableRow>
            ))}
            {members.length === 0 ? (
              <TableRow>
                <TableCell colSpan={4} className="text-center text-muted-foreground">
                  {t("empty")}
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </Card>
      {canManage ? <PendingInvitations invitations={invitations} /> : null}
    </div>
  );
}
