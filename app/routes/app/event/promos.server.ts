import { readFormValues } from "~/server/forms.server";
import { data, type RouterContextProvider } from "react-router";
import * as v from "valibot";
import { createPromoCodesInBulk } from "#domain/promo-codes/create-promo-codes-in-bulk";
import { deletePromoCode } from "#domain/promo-codes/delete-promo-code";
import { getPromoCodesPage } from "#domain/promo-codes/get-promo-codes-page";
import { promoBulkSchema, promoFormSchema } from "#domain/promo-codes/promo-code-input-schema";
import { savePromoCodes } from "#domain/promo-codes/save-promo-codes";
import { requireId } from "#domain/shared/ids";
import { issuesToFields } from "#domain/shared/validation";
import type { PromoCodeView, PromoCodesPageData } from "~/components/promo-codes/promo-code-types";
import { serverContext } from "~/server/context";
import { getSignedIn } from "~/server/guards.server";
import { actionError, loaderError } from "~/server/route-errors.server";
import { promoCodeState } from "#domain/promo-codes/promo-code-state";

type Args = { params: Record<string, string | undefined>; context: Readonly<RouterContextProvider>; request: Request };

export async function loadPromoCodesPage({ params, context }: Args): Promise<PromoCodesPageData> {
  const { actor } = getSignedIn(context);
  const { db } = context.get(serverContext);
  try {
    const page = await getPromoCodesPage(db, actor, { eventId: requireId(params.event_id, "events:errors.not-found") });
    const now = Date.now();
    return {
      ...page,
      codes: page.codes.map((code): PromoCodeView => ({
        key: code.key,
        discountType: code.discountType,
        discount: code.discount,
        tickets: code.tickets,
        startAt: code.startAt?.toISOString() ?? null,
        endAt: code.endAt?.toISOString() ?? null,
        maxUses: code.maxUses,
        useCount: code.useCount,
        state: promoCodeState(code, now),
      })),
    };
  } catch (error) {
    return loaderError(error);
  }
}

const intentSchema = v.object({ intent: v.picklist(["save", "bulk", "delete"]) });

/** Three forms on the page: one code (create or edit), bulk creation, delete. */
export async function promoCodesAction({ params, context, request }: Args) {
  const { actor } = getSignedIn(context);
  const { db } = context.get(serverContext);
  const values = await readFormValues(request);
  const invalid = (fields: Record<string, string>) =>
    data({ ok: false as const, errors: { fields, formError: "errors:invalid-input" }, values }, { status: 400 });
  try {
    const eventId = requireId(params.event_id, "events:errors.not-found");
    const parsedIntent = v.safeParse(intentSchema, values);
    if (!parsedIntent.success) return invalid({ intent: "errors:invalid-input" });
    const { intent } = parsedIntent.output;
    if (intent === "delete") {
      await deletePromoCode(db, actor, { eventId, key: values.key ?? "" });
      return { ok: true as const, intent, count: 1 };
    }
    const { timezone } = await getPromoCodesPage(db, actor, { eventId });
    const entry = v.safeParse(promoFormSchema(timezone), intent === "bulk" ? { ...values, key: "BULK" } : values);
    const bulk =
      intent === "bulk"
        ? v.safeParse(promoBulkSchema, { prefix: values.prefix ?? "", count: values.count ?? "" })
        : null;
    if (!entry.success || (bulk && !bulk.success)) {
      return invalid({
        ...(bulk && !bulk.success ? issuesToFields(bulk.issues) : {}),
        ...(!entry.success ? issuesToFields(entry.issues) : {}),
      });
    }
    if (bulk?.success) {
      const { key: _key, ...settings } = entry.output;
      const created = await createPromoCodesInBulk(db, actor, { eventId, ...bulk.output, settings });
      return { ok: true as const, intent, count: created.length };
    }
    // A new code must not silently overwrite an existing one: editing sends the key it edits.
    if (values.editing !== "true") {
      const { codes } = await getPromoCodesPage(db, actor, { eventId });
      if (codes.some((code) => code.key === entry.output.key.trim().toUpperCase())) {
        return invalid({ key: "promo-codes:errors.key-duplicate" });
      }
    }
    await savePromoCodes(db, actor, { eventId, entries: [entry.output] });
    return { ok: true as const, intent, count: 1 };
  } catch (error) {
    return actionError(error, values);
  }
}
