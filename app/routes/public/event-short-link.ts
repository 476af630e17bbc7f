import { parseId } from "#domain/shared/ids";
import { data, redirect } from "react-router";
import { getPublicEvent } from "#domain/public-events/get-public-event";
import { serverContext } from "~/server/context";
import type { Route } from "./+types/event-short-link";

/** `/events/:id` (no slug) → the canonical public page. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, env } = context.get(serverContext);
  const hash = new URL(request.url).searchParams.get("t");
  const found = await getPublicEvent(db, parseId(params.id) ?? 0, { mode: "public", env, hash });
  if (found.kind === "not-found") throw data(null, { status: 404 });
  const query = hash ? `?${new URLSearchParams({ t: hash })}` : "";
  return redirect(`/events/${found.event.id}/${encodeURIComponent(found.event.slug)}${query}`, 302);
}
