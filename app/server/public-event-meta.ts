import type { PublicEvent } from "#domain/public-events/get-public-event";

/**
 * OpenGraph and search tags of a public event page. The description's text comes from the domain's one HTML-to-text
 * extractor (`eventHtmlToText`, run on the server by getPublicEvent: meta() also runs in the browser, which does not
 * load the sanitizer).
 */
export function publicEventMeta(event: PublicEvent, pageUrl: string, options: { indexable: boolean }) {
  const origin = new URL(pageUrl).origin;
  const description = (event.smallDescription || event.descriptionText).slice(0, 200);
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
