import { data, redirectDocument } from "react-router";
import * as v from "valibot";
import { deleteAccount } from "#domain/privacy/delete-account";
import { getAccountDeletion, type AccountDeletion } from "#domain/privacy/get-account-deletion";
import { requestAccountDeletionCode } from "#domain/privacy/request-account-deletion-code";
import { isAppError } from "#domain/shared/app-error";
import { clearedAskAdminCookie } from "~/server/ask-admin.server";
import { serverContext } from "~/server/context";
import type { FormErrors } from "~/server/forms.server";
import { parseForm } from "~/server/forms.server";
import { getSignedIn } from "~/server/guards.server";
import { actionError } from "~/server/route-errors.server";
import { clearedOrganizationCookie, clearedSessionCookie } from "#domain/http/session-cookie";
import { authMailFor } from "../auth/auth-mail.server";
import type { Route } from "./+types/privacy-account";
import { boundedString, SHORT_TEXT_MAX_LENGTH } from "#domain/shared/bounded-string";

export type AccountDeletionData = AccountDeletion & { email: string };

/** GET /profile/delete-account — what the deletion card needs (app/components/privacy/delete-account-card.tsx). */
export async function loader({ context }: Route.LoaderArgs): Promise<AccountDeletionData> {
  const { user } = getSignedIn(context);
  const deletion = await getAccountDeletion(context.get(serverContext).db, { userId: user.id });
  return { ...deletion, email: user.email };
}

const formSchema = v.variant("intent", [
  v.object({ intent: v.literal("send-code") }),
  v.object({
    intent: v.literal("delete"),
    password: v.optional(boundedString(1_000), ""),
    code: v.optional(boundedString(SHORT_TEXT_MAX_LENGTH), ""),
  }),
]);

export type AccountDeletionAction =
  | { ok: "code-sent" }
  | {
      ok: false;
      errors: FormErrors;
      values: Record<string, string>;
      organizations?: { id: number; title: string }[];
    };

/** Sends the confirmation code (accounts without a password), or deletes the account and signs out everywhere. */
export async function action({ request, context }: Route.ActionArgs) {
  const parsed = await parseForm(request, formSchema);
  if (!parsed.ok) {
    return data<AccountDeletionAction>({ ok: false, errors: parsed.errors, values: parsed.values }, { status: 400 });
  }
  const { user } = getSignedIn(context);
  const { db } = context.get(serverContext);
  try {
    if (parsed.data.intent === "send-code") {
      await requestAccountDeletionCode(db, authMailFor(context), { userId: user.id });
      return data<AccountDeletionAction>({ ok: "code-sent" });
    }
    await deleteAccount(db, { userId: user.id }, { password: parsed.data.password, code: parsed.data.code });
  } catch (error) {
    if (isAppError(error) && error.code === "conflict" && Array.isArray(error.details?.organizations)) {
      const answer = actionError(error);
      return data<AccountDeletionAction>(
        { ...answer.data, organizations: error.details.organizations as { id: number; title: string }[] },
        answer.init ?? undefined,
      );
    }
    return actionError(error);
  }
  const headers = new Headers();
  headers.append("Set-Cookie", clearedSessionCookie(request.url));
  headers.append("Set-Cookie", clearedOrganizationCookie(request.url));
  headers.append("Set-Cookie", clearedAskAdminCookie(request.url));
  return redirectDocument("/privacy?account-deleted=1", { headers });
}
