import { data, redirect } from "react-router";
import * as v from "valibot";
import { selectableLanguages } from "#domain/http/i18n-config";
import { localeCookie } from "~/middleware/i18next";
import { safeRedirectPath } from "#domain/http/safe-redirect";
import type { Route } from "./+types/locale";
import { boundedString } from "#domain/shared/bounded-string";

const schema = v.object({ locale: v.picklist(selectableLanguages), redirectTo: v.optional(boundedString(2_000), "/") });

/** The language selector: stores the choice in the `lng` cookie (then Accept-Language decides). */
export async function action({ request }: Route.ActionArgs) {
  const result = v.safeParse(schema, Object.fromEntries(await request.formData()));
  if (!result.success) return data({ ok: false }, { status: 400 });
  const headers = { "Set-Cookie": await localeCookie.serialize(result.output.locale) };
  return redirect(safeRedirectPath(result.output.redirectTo), { headers });
}

export function loader() {
  return redirect("/");
}
