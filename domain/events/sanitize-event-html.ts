import sanitizeHtml from "sanitize-html";

/** The tags an event description may keep; everything else is removed (its text kept, except for the tags below). */
const EVENT_HTML_ALLOWED_TAGS = [
  "p",
  "br",
  "strong",
  "em",
  "u",
  "s",
  "a",
  "ul",
  "ol",
  "li",
  "h2",
  "h3",
  "blockquote",
  "hr",
] as const;

/** Tags removed together with their content, whose text is never meant to be read as prose. */
const DROPPED_WITH_CONTENT = [
  "script",
  "style",
  "textarea",
  "option",
  "select",
  "noscript",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "svg",
  "math",
  "template",
  "title",
  "head",
  "xmp",
  "noembed",
  "noframes",
  "plaintext",
];

const SAFE_HREF = /^(?:https?:\/\/|mailto:)/i;
const LINK_REL = "noopener noreferrer nofollow";

const options: sanitizeHtml.IOptions = {
  allowedTags: [...EVENT_HTML_ALLOWED_TAGS],
  allowedAttributes: { a: ["href", "rel", "target"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  allowedSchemesAppliedToAttributes: ["href"],
  disallowedTagsMode: "discard",
  nonTextTags: DROPPED_WITH_CONTENT,
  enforceHtmlBoundary: false,
  parseStyleAttributes: false,
  transformTags: {
    // Links keep only an absolute http(s) or mailto target; rel and target are always ours.
    a: (tagName, attribs) => {
      const href = (attribs.href ?? "").trim();
      // eslint-disable-next-line no-control-regex -- a control character in a link is refused
      const safe = SAFE_HREF.test(href) && !/[\u0000-\u001f\u007f]/.test(href);
      return { tagName, attribs: { ...(safe ? { href } : {}), rel: LINK_REL, target: "_blank" } };
    },
    // Heading levels the editor does not offer become the nearest allowed one.
    h1: "h2",
    h4: "h3",
    h5: "h3",
    h6: "h3",
    b: "strong",
    i: "em",
    strike: "s",
    del: "s",
  },
};

/**
 * Server-side allowlist sanitizer for an event description (HTML from the rich-text editor). Runs in workerd and in
 * Node. Keeps p, br, strong, em, u, s, a (http/https/mailto href, rel and target forced), ul, ol, li, h2, h3,
 * blockquote and hr without any other attribute; strips every other tag, attribute (on*, style, class…) and URL.
 */
export function sanitizeEventHtml(html: string): string {
  if (!html) return "";
  return sanitizeHtml(html, options).trim();
}

/** Closing tags of blocks and line breaks: their end separates words in the text. */
const BLOCK_END = /<(?:\/(?:p|li|h[1-6]|blockquote|div|ul|ol)|br|hr)\b[^>]*>/gi;

/**
 * Visible text of a description (for "no description" checks, summaries and link previews), as plain text: entities
 * are decoded ("&amp;" is "&"), so whoever shows it escapes it once, as for any text.
 */
export function eventHtmlToText(html: string): string {
  if (!html) return "";
  const escaped = sanitizeHtml(html.replace(BLOCK_END, "$& "), {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: DROPPED_WITH_CONTENT,
  });
  // sanitize-html decodes the text and re-escapes only these; undoing them (&amp; last) gives the text back.
  return escaped
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}
