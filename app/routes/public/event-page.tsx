import { data, redirect } from "react-router";
import { getPublicEvent } from "#domain/public-events/get-public-event";
import { PublicEventNotFound } from "~/components/public-event/public-event-not-found";
import { PublicEventView } from "~/components/public-event/public-event-view";
import { serverContext } from "~/server/context";
import { publicEventMeta } from "~/server/public-event-meta";
import type { Route } from "./+types/event-page";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, env } = context.get(serverContext);
  const url = new URL(request.url);
  const hash = url.searchParams.get("t");
  const found = await getPublicEvent(db, Number(params.id), { mode: "public", env, hash });
  if (found.kind === "not-found") throw data(null, { status: 404 });
  const { event } = found;
  // A wrong or outdated slug goes to the right one, keeping the private-link hash.
  if (params.slug !== event.slug) {
    const target = `/events/${event.id}/${encodeURIComponent(event.slug)}${hash ? `?${new URLSearchParams({ t: hash })}` : ""}`;
    throw redirect(target, 301);
  }
  return { event, pageUrl: url.toString() };
}

export function headers() {
  // The Worker keeps its own edge copy keyed by the event's version (workers/middleware/public-page-cache.ts).
  return { "Cache-Control": "public, max-age=60" };
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
