import sanitizeHtml from "sanitize-html";

/**
 * The reminders page edits a reminder's body as plain text (a textarea with the variables inserted where the cursor
 * is); the body is stored as HTML like every message's. A blank line separates paragraphs, a line break is kept.
 */
export function reminderTextToBody(text: string): string {
  const paragraphs = text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== "");
  return paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, "<br />")}</p>`).join("");
}

/** The text the page shows for a stored body: paragraphs and line breaks kept, other markup dropped (links keep their text). */
export function reminderBodyToText(html: string): string {
  if (!html) return "";
  const marked = html
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/(p|h[1-6]|blockquote|ul|ol)>/gi, "$&\n\n")
    .replace(/<\/li>/gi, "$&\n");
  const text = sanitizeHtml(marked, { allowedTags: [], allowedAttributes: {} })
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
  return text
    .split("\n")
    .map((line) => line.replace(/[ \t]+/g, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
