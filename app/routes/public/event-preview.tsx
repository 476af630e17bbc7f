import { parseId } from "#domain/shared/ids";
import { data, redirect } from "react-router";
import { getPublicEvent } from "#domain/public-events/get-public-event";
import { PublicEventNotFound } from "~/components/public-event/public-event-not-found";
import { PublicEventView } from "~/components/public-event/public-event-view";
import { serverContext } from "~/server/context";
import { publicEventMeta } from "~/server/public-event-meta";
import type { Route } from "./+types/event-preview";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db } = context.get(serverContext);
  const found = await getPublicEvent(db, parseId(params.id), { mode: "preview", accessToken: params.accessToken });
  if (found.kind === "not-found") throw data(null, { status: 404 });
  const { event } = found;
  if (params.slug !== event.slug) {
    throw redirect(`/events/preview/${event.id}/${encodeURIComponent(event.slug)}/${encodeURIComponent(params.accessToken)}`);
  }
  return { event, pageUrl: new URL(request.url).toString() };
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: "Guichet" }, { name: "robots", content: "noindex" }];
  return publicEventMeta(loaderData.event, loaderData.pageUrl, { indexable: false });
}

export default function EventPreview({ loaderData }: Route.ComponentProps) {
  return <PublicEventView event={loaderData.event} preview />;
}

export function ErrorBoundary() {
  return <PublicEventNotFound />;
}
