import { createElement } from "react";
import { data, redirect } from "react-router";
import { getPublicEvent } from "#domain/public-events/get-public-event";
import { parseId } from "#domain/shared/ids";
import { PublicEventNotFound } from "~/components/public-event/public-event-not-found";
import { serverContext } from "~/server/context";
import type { Route } from "./+types/event-short-link";

/** `/events/:id` (no slug) → the canonical public page. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, env } = context.get(serverContext);
  const hash = new URL(request.url).searchParams.get("t");
  const found = await getPublicEvent(db, parseId(params.id), { mode: "public", env, hash });
  if (found.kind === "not-found") throw data(null, { status: 404 });
  const search = new URLSearchParams(hash ? { t: hash } : {});
  // A waiting-list offer's link (decision 0059) keeps its token on the way.
  const offer = new URL(request.url).searchParams.get("offer");
  if (offer) search.set("offer", offer);
  const query = search.size > 0 ? `?${search}` : "";
  return redirect(`/events/${found.event.id}/${encodeURIComponent(found.event.slug)}${query}`, 302);
}

export function meta() {
  return [{ title: "Guichet" }, { name: "robots", content: "noindex" }];
}

// A component makes this a page route rather than a resource route, so a 404 renders the public event page's own
// not-found screen (HTML, translated) instead of answering a bare JSON `null`. The loader always redirects or throws.
export default function EventShortLink() {
  return null;
}

export function ErrorBoundary() {
  return createElement(PublicEventNotFound);
}
