import { parseId } from "#domain/shared/ids";
import { data, redirect } from "react-router";
import { getPublicEvent } from "#domain/public-events/get-public-event";
import { PublicEventNotFound } from "~/components/public-event/public-event-not-found";
import { PublicEventView } from "~/components/public-event/public-event-view";
import { getLocale } from "~/middleware/i18next";
import { serverContext } from "~/server/context";
import { publicEventMeta } from "~/server/public-event-meta";
import type { Route } from "./+types/event-page";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, env } = context.get(serverContext);
  const url = new URL(request.url);
  const hash = url.searchParams.get("t");
  const found = await getPublicEvent(db, parseId(params.id) ?? 0, { mode: "public", env, hash });
  if (found.kind === "not-found") throw data(null, { status: 404 });
  const { event } = found;
  // A wrong or outdated slug goes to the right one, keeping the private-link hash. 302: a title can change again, and
  // a browser must not remember the old address for good.
  if (params.slug !== event.slug) {
    const target = `/events/${event.id}/${encodeURIComponent(event.slug)}${hash ? `?${new URLSearchParams({ t: hash })}` : ""}`;
    throw redirect(target, 302);
  }
  // The edge cache files the page under the language it was rendered in (workers/middleware/public-page-cache.ts).
  return data({ event, pageUrl: url.toString() }, { headers: { "Content-Language": getLocale(context) } });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  // The Worker keeps its own edge copy keyed by the event's version; the browser keeps nothing, so that a page put
  // back to draft, archived or made private is gone at the participant's next visit.
  const headers = new Headers({ "Cache-Control": "private, no-cache" });
  const language = loaderHeaders.get("Content-Language");
  if (language) headers.set("Content-Language", language);
  return headers;
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: "Guichet" }, { name: "robots", content: "noindex" }];
  return publicEventMeta(loaderData.event, loaderData.pageUrl, { indexable: loaderData.event.visibility === "public" });
}

export default function EventPage({ loaderData }: Route.ComponentProps) {
  return <PublicEventView event={loaderData.event} preview={false} />;
}

export function ErrorBoundary() {
  return <PublicEventNotFound />;
}
