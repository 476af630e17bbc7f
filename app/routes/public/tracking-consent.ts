import { redirect } from "react-router";
import { safeRedirectPath } from "#domain/http/safe-redirect";
import { consentSetCookie } from "#domain/http/tracking-consent";
import type { Route } from "./+types/tracking-consent";

/**
 * The ads-tracking banner's plain form POST (app/components/tracking/meta-pixel.tsx): keeps the answer in a first-party
 * cookie for six months and goes back to the page it came from (same site only).
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const answer = form.get("consent");
  const back = safeRedirectPath(typeof form.get("returnTo") === "string" ? String(form.get("returnTo")) : null, "/");
  if (answer !== "ads" && answer !== "none") return redirect(back, 303);
  const secure = new URL(request.url).protocol === "https:";
  return redirect(back, { status: 303, headers: { "Set-Cookie": consentSetCookie(answer, { secure }) } });
}

/** Nothing to show: a GET (a bookmarked or pasted address) goes home. */
export function loader() {
  return redirect("/", 302);
}
