import { PLATFORM_TIME_ZONE } from "#domain/events/event-time-zone";
import { Building2, CircleCheck, CircleX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect } from "react-router";
import * as v from "valibot";
import { acceptInvitation, readInvitation, type InvitationView } from "#domain/invitations/accept-invitation";
import { isAppError } from "#domain/shared/app-error";
import { FormError } from "~/components/form-error";
import { Button } from "~/components/ui/button";
import { formatDate } from "#domain/shared/format";
import { getInstance } from "~/middleware/i18next";
import { serverContext } from "~/server/context";
import { clearedInvitationCookie, invitationCookie } from "~/server/invitation-cookie.server";
import { organizationCookie } from "#domain/http/session-cookie";
import { getSession } from "~/server/session.server";
import type { Route } from "./+types/invitation";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "Guichet" }, { name: "robots", content: "noindex" }];
}

type PageState =
  | { kind: "closed"; reason: "not-found" | "expired" | "revoked" | "used" }
  | { kind: "accepted" }
  | { kind: "signed-out" }
  | { kind: "wrong-account"; current: string }
  | { kind: "ready" };

function pageState(invitation: InvitationView | null, user: { id: number; email: string } | null): PageState {
  if (!invitation) return { kind: "closed", reason: "not-found" };
  if (invitation.status === "accepted")
    return invitation.acceptedByUserId === user?.id ? { kind: "accepted" } : { kind: "closed", reason: "used" };
  if (invitation.status !== "pending") return { kind: "closed", reason: invitation.status };
  if (!user) return { kind: "signed-out" };
  if (user.email !== invitation.email) return { kind: "wrong-account", current: user.email };
  return { kind: "ready" };
}

/**
 * Issue 24 §2: the page of an invitation link, signed in or not. Whoever holds the link sees who invites them where;
 * the invited account accepts; a signed-out visitor signs in or creates the account with the invited email (the
 * link rides along in a cookie: the sign-in comes back here, the new account joins as soon as it exists).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = context.get(serverContext);
  const user = getSession(context)?.user ?? null;
  const invitation = await readInvitation(db, params.token);
  const state = pageState(invitation, user);
  // Signed in with another account: once signed out and back in with the invited email, the sign-in returns here.
  // Accepted or no longer valid: the sign-in stops bringing the visitor back here.
  const headers =
    state.kind === "wrong-account"
      ? { "Set-Cookie": invitationCookie(params.token, request.url) }
      : state.kind === "closed" || state.kind === "accepted"
        ? { "Set-Cookie": clearedInvitationCookie(request.url) }
        : undefined;
  return data(
    {
      title: getInstance(context).t("members:invitation.meta-title"),
      state,
      invitation:
        invitation && state.kind !== "closed"
          ? {
              email: invitation.email,
              organizationTitle: invitation.organizationTitle,
              eventTitle: invitation.eventTitle,
              role: invitation.role,
              inviterName: invitation.inviterName,
              expiresAt: invitation.expiresAt,
            }
          : null,
    },
    { headers },
  );
}

const actionSchema = v.object({ intent: v.picklist(["accept", "sign-in", "register"]) });

export async function action({ request, params, context }: Route.ActionArgs) {
  const parsed = v.safeParse(actionSchema, Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: "errors:invalid-input" }, { status: 400 });
  const { db } = context.get(serverContext);
  const user = getSession(context)?.user ?? null;
  const here = `/invitations/${params.token}`;
  if (parsed.output.intent !== "accept") {
    const invitation = await readInvitation(db, params.token);
    if (!invitation || invitation.status !== "pending") return redirect(here);
    const query = new URLSearchParams({ email: invitation.email });
    const to = parsed.output.intent === "register" ? `/auth/register?${query}` : `/auth/login?${query}`;
    return redirect(user ? here : to, { headers: { "Set-Cookie": invitationCookie(params.token, request.url) } });
  }
  if (!user) return redirect(here);
  try {
    const { organizationId } = await acceptInvitation(db, user, params.token);
    const headers = new Headers();
    headers.append("Set-Cookie", organizationCookie(organizationId, request.url));
    headers.append("Set-Cookie", clearedInvitationCookie(request.url));
    return redirect(here, { headers });
  } catch (error) {
    if (isAppError(error)) return data({ error: error.messageKey }, { status: 409 });
    throw error;
  }
}

export default function Invitation({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("members");
  const { state, invitation } = loaderData;

  if (state.kind === "closed" || !invitation) {
    const reason = state.kind === "closed" ? state.reason : "not-found";
    return (
      <div className="space-y-6">
        <div className="space-y-2">
          <CircleX className="size-8 text-destructive" aria-hidden />
          <h1 className="text-2xl font-semibold tracking-tight">{t("invitation.closed-title")}</h1>
          <p className="text-sm text-muted-foreground">{t(`invitation.errors.${reason}`)}</p>
        </div>
        <Button asChild variant="outline" className="w-full">
          <Link to="/">{t("invitation.home")}</Link>
        </Button>
      </div>
    );
  }

  const values = {
    organization: invitation.organizationTitle,
    inviter: invitation.inviterName,
    event: invitation.eventTitle ?? "",
    email: invitation.email,
  };

  if (state.kind === "accepted") {
    return (
      <div className="space-y-6">
        <div className="space-y-2">
          <CircleCheck className="size-8 text-primary" aria-hidden />
          <h1 className="text-2xl font-semibold tracking-tight">{t("invitation.accepted-title", values)}</h1>
          <p className="text-sm text-muted-foreground">{t("invitation.accepted")}</p>
        </div>
        <Button asChild className="w-full">
          <Link to="/">{t("invitation.open")}</Link>
        </Button>
      </div>
    );
  }

  const roleKey = invitation.role === "" ? "guest" : invitation.role;
  return (
    <div className="space-y-6">
      <div className="space-y-3">
        <div className="flex size-10 items-center justify-center rounded-full bg-muted" aria-hidden>
          <Building2 className="size-5" />
        </div>
        <h1 className="text-2xl font-semibold tracking-tight break-words">{t("invitation.title", values)}</h1>
        <p className="text-sm break-words">
          {t(invitation.eventTitle ? "invitation.intro-event" : "invitation.intro", values)}
        </p>
        <p className="text-sm text-muted-foreground">
          {invitation.eventTitle ? t("invitation.role-event") : t("invitation.role", { role: t(`roles.${roleKey}`) })}
        </p>
        <p className="text-sm break-words text-muted-foreground">
          {t("invitation.for-email", {
            email: invitation.email,
            date: formatDate(invitation.expiresAt, i18n.language, PLATFORM_TIME_ZONE),
          })}
        </p>
      </div>
      {actionData?.error ? <FormError message={actionData.error} /> : null}

      {state.kind === "ready" ? (
        <Form method="post" className="space-y-3">
          <Button type="submit" name="intent" value="accept" className="w-full">
            {t("invitation.accept")}
          </Button>
          <p className="text-center text-xs text-muted-foreground">{t("invitation.ignore")}</p>
        </Form>
      ) : null}

      {state.kind === "signed-out" ? (
        <div className="space-y-3">
          <p className="text-sm">{t("invitation.signed-out")}</p>
          <Form method="post" className="grid gap-2 sm:grid-cols-2">
            <Button type="submit" name="intent" value="sign-in" variant="outline">
              {t("invitation.sign-in")}
            </Button>
            <Button type="submit" name="intent" value="register">
              {t("invitation.register")}
            </Button>
          </Form>
        </div>
      ) : null}

      {state.kind === "wrong-account" ? (
        <div className="space-y-3 rounded-lg border border-destructive/40 bg-destructive/5 p-4" role="alert">
          <h2 className="font-medium">{t("invitation.wrong-account-title")}</h2>
          <p className="text-sm break-words">
            {t("invitation.wrong-account", { email: invitation.email, current: state.current })}
          </p>
          <Form method="post" action="/auth/logout">
            <Button type="submit" variant="outline">
              {t("invitation.logout")}
            </Button>
          </Form>
        </div>
      ) : null}
    </div>
  );
}
