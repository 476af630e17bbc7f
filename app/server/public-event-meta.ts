import type { PublicEvent } from "#domain/public-events/get-public-event";

/** OpenGraph and search tags of a public event page. */
export function publicEventMeta(event: PublicEvent, pageUrl: string, options: { indexable: boolean }) {
  const origin = new URL(pageUrl).origin;
  const description = (event.smallDescription || stripTags(event.description)).slice(0, 200);
  const tags: Array<Record<string, string>> = [
    { title: `${event.title} — ${event.organization.title}` },
    { name: "description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:title", content: event.title },
    { property: "og:description", content: description },
    { property: "og:url", content: pageUrl },
    { property: "og:site_name", content: "Guichet" },
    { name: "twitter:card", content: event.mainPicture ? "summary_large_image" : "summary" },
  ];
  if (event.mainPicture) tags.push({ property: "og:image", content: new URL(event.mainPicture, origin).toString() });
  if (!options.indexable) tags.push({ name: "robots", content: "noindex, nofollow" });
  return tags;
}

function stripTags(html: string): string {
  return html.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim();
}
