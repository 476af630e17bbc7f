import { data } from "react-router";
import * as v from "valibot";
import { anonymiseEndedEvents, type AnonymiseResult } from "#domain/privacy/anonymise-ended-events";
import { getPrivacySettings, type PrivacySettings } from "#domain/privacy/get-privacy-settings";
import { privacySettingsSchema, updatePrivacySettings } from "#domain/privacy/update-privacy-settings";
import { canInOrganization } from "#domain/policy";
import { serverContext } from "~/server/context";
import type { FormErrors } from "~/server/forms.server";
import { parseForm } from "~/server/forms.server";
import { getSignedIn } from "~/server/guards.server";
import { actionError, loaderError } from "~/server/route-errors.server";
import type { Route } from "./+types/privacy-organization";

export type OrganizationPrivacyData = { owner: false } | ({ owner: true } & PrivacySettings);

/** GET /organization/privacy — the privacy section's data (app/components/privacy/organization-privacy.tsx). */
export async function loader({ context }: Route.LoaderArgs): Promise<OrganizationPrivacyData> {
  const { actor } = getSignedIn(context);
  if (!canInOrganization(actor, "privacy:anonymise")) return { owner: false };
  try {
    return {
      owner: true,
      ...(await getPrivacySettings(context.get(serverContext).db, actor, { organizationId: actor.organizationId! })),
    };
  } catch (error) {
    return loaderError(error);
  }
}

const formSchema = v.variant("intent", [
  v.object({ intent: v.literal("settings"), ...privacySettingsSchema.entries }),
  v.object({ intent: v.literal("anonymise") }),
]);

export type OrganizationPrivacyAction =
  | { ok: "settings" }
  | { ok: "anonymised"; result: AnonymiseResult }
  | { ok: false; errors: FormErrors; values: Record<string, string> };

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = await parseForm(request, formSchema);
  if (!parsed.ok) {
    return data<OrganizationPrivacyAction>(
      { ok: false, errors: parsed.errors, values: parsed.values },
      { status: 400 },
    );
  }
  const { actor } = getSignedIn(context);
  const { db } = context.get(serverContext);
  const organizationId = actor.organizationId ?? 0;
  try {
    if (parsed.data.intent === "settings") {
      await updatePrivacySettings(db, actor, {
        organizationId,
        retentionMonths: parsed.data.retention_months,
        autoAnonymise: parsed.data.auto_anonymise,
      });
      return data<OrganizationPrivacyAction>({ ok: "settings" });
    }
    const result = await anonymiseEndedEvents(db, actor, { organizationId });
    return data<OrganizationPrivacyAction>({ ok: "anonymised", result });
  } catch (error) {
    return actionError(error);
  }
}
