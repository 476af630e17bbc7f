import { data, redirect } from "react-router";
import * as v from "valibot";
import { idSchema } from "#domain/shared/ids";
import { organizationCookie } from "#domain/http/session-cookie";
import { safeRedirectPath } from "#domain/http/safe-redirect";
import { rememberOrganization } from "#domain/users/remember-organization";
import { serverContext } from "~/server/context";
import { getSignedIn, requireSignedInMiddleware } from "~/server/guards.server";
import type { Route } from "./+types/organization";
import { boundedString } from "#domain/shared/bounded-string";

export const middleware: Route.MiddlewareFunction[] = [requireSignedInMiddleware];

const schema = v.object({
  organizationId: idSchema,
  redirectTo: v.optional(boundedString(2_000), "/"),
  // Sent by the event area's "switch organization" screen, which must land on the event it was asked for.
  stay: v.optional(v.literal("1")),
});

/**
 * Organization switcher. Switching while on an /event/ path returns to / (spec §2), except from the event area's
 * no-access screen (`stay=1`), whose whole point is to open that event in its organization.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const result = v.safeParse(schema, Object.fromEntries(await request.formData()));
  if (!result.success) return data({ ok: false }, { status: 400 });
  const { organizations, user } = getSignedIn(context);
  if (!organizations.some((o) => o.id === result.output.organizationId)) return data({ ok: false }, { status: 404 });
  await rememberOrganization(context.get(serverContext).db, user.id, result.output.organizationId);
  const target = safeRedirectPath(result.output.redirectTo);
  return redirect(target.startsWith("/event/") && !result.output.stay ? "/" : target, {
    headers: { "Set-Cookie": organizationCookie(result.output.organizationId, request.url) },
  });
}

export function loader() {
  return redirect("/");
}
