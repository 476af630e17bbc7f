/** The variables a message may use, filled per recipient in the recipient's language (issue 27 §1). */
export const messageVariables = [
  "first_name",
  "event_title",
  "event_date",
  "ticket_title",
  "order_link",
  "tickets_link",
] as const;
export type MessageVariable = (typeof messageVariables)[number];
export type MessageVariableValues = Record<MessageVariable, string>;

const LINK_VARIABLES: readonly MessageVariable[] = ["order_link", "tickets_link"];
const VARIABLE = /\{(first_name|event_title|event_date|ticket_title|order_link|tickets_link)\}/g;

function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** A subject line: plain text, variables as text. */
export function fillSubject(subject: string, values: MessageVariableValues): string {
  return subject.replace(VARIABLE, (_, name: MessageVariable) => values[name]).trim();
}

/**
 * The body (sanitized HTML) with each variable's value escaped, links as links. A paragraph or list item whose link
 * variable has no value (a ticket holder who did not book: the order page is the buyer's) is left out.
 */
export function fillBodyHtml(html: string, values: MessageVariableValues): string {
  const withoutEmptyLinks = html.replace(/<(p|li)>((?:(?!<\/\1>).)*)<\/\1>/gs, (block, _tag, inner: string) =>
    LINK_VARIABLES.some((name) => inner.includes(`{${name}}`) && values[name] === "") ? "" : block,
  );
  return withoutEmptyLinks.replace(VARIABLE, (_, name: MessageVariable) => {
    const value = values[name];
    if (LINK_VARIABLES.includes(name) && value)
      return `<a href="${escapeHtml(value)}" style="color:#4338ca;">${escapeHtml(value)}</a>`;
    return escapeHtml(value);
  });
}

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
  "&nbsp;": " ",
};

/** The plain-text part of an email from its filled HTML body: blocks on their own lines, links kept as URLs. */
export function htmlToText(html: string): string {
  return html
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gs, (_, href: string, text: string) =>
      text.replace(/<[^>]+>/g, "") === href ? href : `${text} (${href})`,
    )
    .replace(/<br\s*\/?>/g, "\n")
    .replace(/<li>/g, "- ")
    .replace(/<\/li>/g, "\n")
    .replace(/<\/(p|ul|ol|h2|h3|blockquote)>/g, "\n\n")
    .replace(/<hr\s*\/?>/g, "\n---\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
