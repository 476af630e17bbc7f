import { eventHtmlToText } from "../events/sanitize-event-html";

/** Ends of blocks and line breaks of the rich-text editor's HTML: where one paragraph of text ends. */
const PARAGRAPH_END = /<(?:\/(?:p|li|h[1-6]|blockquote|div)|br|hr)\b[^>]*>/gi;

/**
 * The organizer's message (sanitized HTML from the editor) as plain paragraphs, for the email's text blocks and the
 * PDF: each block or line of the HTML gives one paragraph, empty ones are dropped, entities are decoded.
 */
export function messageParagraphs(html: string): string[] {
  if (!html.trim()) return [];
  return html
    .split(PARAGRAPH_END)
    .map((chunk) => eventHtmlToText(chunk))
    .filter((text) => text.length > 0);
}
