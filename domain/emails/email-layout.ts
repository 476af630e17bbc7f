import { emailCopy, type EmailLocale } from "./email-locale";

export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

type Block =
  | { kind: "paragraph"; text: string }
  | { kind: "code"; code: string }
  | { kind: "button"; label: string; href: string }
  | { kind: "note"; text: string }
  /** A label then links on one line ("Ajouter à mon agenda : .ics · Google · Outlook"). */
  | { kind: "links"; label: string; links: { label: string; href: string }[] }
  /** HTML already made safe (an organizer's message, sanitized then filled with escaped values). */
  | { kind: "html"; html: string };

export type EmailLayoutOptions = {
  /** Replaces the account-holder footer, for emails sent to people without an account (e.g. ticket buyers). */
  footer?: string;
};

const footer = (locale: EmailLocale, options: EmailLayoutOptions) => options.footer ?? emailCopy(locale).layout.footer;

/** A plain, inline-styled HTML email (mail clients ignore style sheets), one column, 560px wide. */
export function renderEmailHtml(
  locale: EmailLocale,
  heading: string,
  blocks: Block[],
  options: EmailLayoutOptions = {},
): string {
  const body = blocks
    .map((block) => {
      switch (block.kind) {
        case "paragraph":
          return `<p style="margin:0 0 16px;font-size:15px;line-height:22px;color:#0f172a;">${escapeHtml(block.text)}</p>`;
        case "note":
          return `<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:#64748b;">${escapeHtml(block.text)}</p>`;
        case "code":
          return `<p style="margin:8px 0 24px;text-align:center;"><span style="display:inline-block;padding:12px 20px;border-radius:8px;background:#eef2ff;color:#3730a3;font-family:Menlo,Consolas,monospace;font-size:28px;font-weight:700;letter-spacing:8px;">${escapeHtml(block.code)}</span></p>`;
        case "links":
          return `<p style="margin:0 0 16px;font-size:15px;line-height:22px;color:#0f172a;">${escapeHtml(block.label)} ${block.links
            .map(
              (link) =>
                `<a href="${escapeHtml(link.href)}" style="color:#4338ca;font-weight:600;">${escapeHtml(link.label)}</a>`,
            )
            .join(" · ")}</p>`;
        case "html":
          return `<div style="margin:0 0 16px;font-size:15px;line-height:22px;color:#0f172a;">${block.html}</div>`;
        case "button":
          return `<p style="margin:8px 0 24px;text-align:center;"><a href="${escapeHtml(block.href)}" style="display:inline-block;padding:12px 24px;border-radius:8px;background:#4338ca;color:#ffffff;font-size:15px;font-weight:600;text-decoration:none;">${escapeHtml(block.label)}</a></p>`;
      }
    })
    .join("\n");
  return `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(heading)}</title></head>
<body style="margin:0;padding:0;background:#f8fafc;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f8fafc;padding:32px 16px;">
<tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:#ffffff;border:1px solid #e2e8f0;border-radius:12px;">
<tr><td style="padding:28px 32px 8px;font-size:18px;font-weight:700;color:#4338ca;">Guichet</td></tr>
<tr><td style="padding:8px 32px 16px;">
<h1 style="margin:0 0 16px;font-size:22px;line-height:28px;color:#0f172a;">${escapeHtml(heading)}</h1>
${body}
</td></tr>
</table>
<p style="max-width:560px;margin:16px auto 0;font-size:12px;line-height:18px;color:#94a3b8;">${escapeHtml(footer(locale, options))}</p>
</td></tr>
</table>
</body>
</html>`;
}

export function renderEmailText(
  locale: EmailLocale,
  heading: string,
  lines: string[],
  options: EmailLayoutOptions = {},
): string {
  return [heading, "", ...lines, "", "—", footer(locale, options)].join("\n");
}
