import { desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { html } from "hono/html";
import { decodeBase64 } from "@oslojs/encoding";
import type { StoredAttachment } from "#adapters/email";
import { devMailbox } from "#db/schema";
import { runPayoutJob } from "#domain/finance/run-payouts";
import { sweepWaitingLists } from "#domain/waiting-list/offer-waiting-list-places";
import { AppError, notFound } from "#domain/shared/app-error";
import type { HonoEnv } from "../hono-app";

/**
 * Local-only tools. The whole prefix answers 404 unless ENVIRONMENT says so explicitly: an unset or misspelt value
 * (a staging deployment, a forgotten var) must not expose the mailbox of sign-in codes and reset links. Even then it
 * answers only on a loopback host, so a development build reachable from a network (or a deployment that copied the
 * development vars) still hides it (docs/decisions/0006-production-defaults.md).
 */
export const devRoutes = new Hono<HonoEnv>();

const DEV_TOOL_ENVIRONMENTS: ReadonlySet<string | undefined> = new Set(["development", "test"]);
const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(["localhost", "127.0.0.1", "[::1]"]);

function isLoopbackUrl(url: string): boolean {
  return LOOPBACK_HOSTS.has(new URL(url).hostname);
}

const LOOPBACK_ADDRESS = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/i;

/**
 * The URL's host comes from the request's Host header, which any client on the network can write as `localhost`; the
 * connecting address must be loopback too. CF-Connecting-IP is the client's socket address: Cloudflare overwrites it;
 * wrangler's local server writes it only when the client did not send one, so locally this stops a rewritten Host, not
 * a client that forges both headers (wrangler dev listens on localhost unless told otherwise).
 */
function isLoopbackRequest(request: Request): boolean {
  const address = request.headers.get("CF-Connecting-IP");
  return isLoopbackUrl(request.url) && (address === null || LOOPBACK_ADDRESS.test(address));
}

devRoutes.use("*", async (c, next) => {
  if (!DEV_TOOL_ENVIRONMENTS.has(c.env.ENVIRONMENT) || !isLoopbackRequest(c.req.raw)) {
    throw notFound();
  }
  await next();
});

async function listMail(c: { get: (key: "db") => HonoEnv["Variables"]["db"] }, to: string | undefined) {
  const db = c.get("db");
  return db
    .select()
    .from(devMailbox)
    .where(to ? eq(devMailbox.to, to.trim().toLowerCase()) : undefined)
    .orderBy(desc(devMailbox.createdAt), desc(devMailbox.id))
    .limit(100);
}

function storedAttachments(json: string | null): StoredAttachment[] {
  return json ? (JSON.parse(json) as StoredAttachment[]) : [];
}

/** The attachments of a message as listed (not their content): each one's bytes are at its `url`. */
function attachmentLinks(message: { id: number; attachments: string | null }) {
  return storedAttachments(message.attachments).map((a, index) => ({
    filename: a.filename,
    content_type: a.contentType,
    size: decodeBase64(a.content).length,
    url: `/dev/mailbox/${message.id}/attachments/${index}`,
  }));
}

/**
 * Runs the payout job now (docs/contracts/finance-payouts.md), for the e2e journey: optional JSON `{ "now": ISO date or
 * epoch ms }` runs it as at that time (after an event's end, after a demo payout's arrival).
 */
devRoutes.post("/run-payouts", async (c) => {
  const body = (await c.req.json().catch(() => ({}))) as { now?: unknown };
  const now = typeof body.now === "number" || typeof body.now === "string" ? new Date(body.now).getTime() : Date.now();
  if (!Number.isSafeInteger(now))
    throw new AppError("validation", "errors:invalid-input", { fields: { now: "errors:invalid-input" } });
  return c.json(await runPayoutJob(c.get("db"), c.env, now));
});

/**
 * Runs the waiting lists' minute sweep now (decision 0059: expired offers move on, freed places are offered), for the
 * e2e journey: optional JSON `{ "now": ISO date or epoch ms }` runs it as at that time (past an offer's deadline).
 */
devRoutes.post("/run-waiting-lists", async (c) => {
  const body = (await c.req.json().catch(() => ({}))) as { now?: unknown };
  const now = typeof body.now === "number" || typeof body.now === "string" ? new Date(body.now).getTime() : Date.now();
  if (!Number.isSafeInteger(now))
    throw new AppError("validation", "errors:invalid-input", { fields: { now: "errors:invalid-input" } });
  return c.json(await sweepWaitingLists(c.get("db"), c.env, now));
});

devRoutes.get("/mailbox.json", async (c) => {
  const rows = await listMail(c, c.req.query("to"));
  return c.json(
    rows.map((m) => ({
      id: m.id,
      to: m.to,
      subject: m.subject,
      reply_to: m.replyTo,
      text: m.text,
      html: m.html,
      attachments: attachmentLinks(m),
      created_at: m.createdAt.toISOString(),
    })),
  );
});

devRoutes.get("/mailbox/:id/attachments/:index", async (c) => {
  const id = Number(c.req.param("id"));
  const index = Number(c.req.param("index"));
  const [message] = Number.isSafeInteger(id)
    ? await c.get("db").select().from(devMailbox).where(eq(devMailbox.id, id)).limit(1)
    : [];
  const attachment = message && Number.isInteger(index) ? storedAttachments(message.attachments)[index] : undefined;
  if (!attachment) throw notFound();
  return c.body(new Uint8Array(decodeBase64(attachment.content)), 200, {
    "Content-Type": attachment.contentType,
    "Content-Disposition": `inline; filename="${attachment.filename.replace(/["\\\r\n]/g, "_")}"`,
  });
});

devRoutes.get("/mailbox", async (c) => {
  const to = c.req.query("to");
  const rows = await listMail(c, to);
  const page = html`<!doctype html>
    <html lang="fr">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Boîte de réception de développement — Guichet</title>
        <style>
          body {
            font-family: system-ui, sans-serif;
            margin: 0;
            background: #f8fafc;
            color: #0f172a;
          }
          header {
            padding: 16px 24px;
            background: #1e1b4b;
            color: white;
          }
          header p {
            margin: 4px 0 0;
            opacity: 0.8;
            font-size: 14px;
          }
          main {
            max-width: 960px;
            margin: 24px auto;
            padding: 0 16px;
          }
          form {
            margin-bottom: 16px;
            display: flex;
            gap: 8px;
          }
          input {
            flex: 1;
            padding: 8px;
            border: 1px solid #cbd5e1;
            border-radius: 6px;
          }
          button {
            padding: 8px 14px;
            border-radius: 6px;
            border: 0;
            background: #4338ca;
            color: white;
          }
          details {
            background: white;
            border: 1px solid #e2e8f0;
            border-radius: 8px;
            margin-bottom: 8px;
          }
          summary {
            padding: 12px 16px;
            cursor: pointer;
            display: flex;
            justify-content: space-between;
            gap: 12px;
          }
          .meta {
            color: #64748b;
            font-size: 13px;
            white-space: nowrap;
          }
          .body {
            border-top: 1px solid #e2e8f0;
            padding: 16px;
          }
          iframe {
            width: 100%;
            min-height: 320px;
            border: 0;
          }
          .attachment {
            margin: 8px 0;
          }
          /* The plain-text version keeps its line breaks but wraps long lines (links with tokens) on a phone. */
          pre {
            white-space: pre-wrap;
            overflow-wrap: anywhere;
          }
          summary > span:first-child {
            min-width: 0;
            overflow-wrap: anywhere;
          }
          .empty {
            color: #64748b;
            text-align: center;
            padding: 48px;
          }
        </style>
      </head>
      <body>
        <header>
          <strong>Guichet — boîte de réception de développement</strong>
          <p>RESEND_API_KEY n'est pas configurée : les e-mails sont conservés ici au lieu d'être envoyés.</p>
        </header>
        <main>
          <form method="get">
            <input
              type="email"
              name="to"
              placeholder="Filtrer par destinataire"
              value="${to ?? ""}"
              aria-label="Destinataire"
            />
            <button type="submit">Filtrer</button>
          </form>
          ${
            rows.length === 0
              ? html`<p class="empty">Aucun e-mail pour l'instant.</p>`
              : rows.map(
                  (m) =>
                    html`<details>
                      <summary>
                        <span><strong>${m.subject}</strong> — ${m.to}</span
                        ><span class="meta">${m.createdAt.toISOString()}</span>
                      </summary>
                      <div class="body">
                        <iframe sandbox="" srcdoc="${m.html}" title="${m.subject}"></iframe>
                        ${attachmentLinks(m).map(
                          (a) =>
                            html`<p class="attachment">
                              📎 <a href="${a.url}" target="_blank" rel="noopener">${a.filename}</a>
                              <span class="meta">${a.content_type}, ${Math.ceil(a.size / 1024)} Ko</span>
                            </p>`,
                        )}
                        <pre>${m.text}</pre>
                      </div>
                    </details>`,
                )
          }
        </main>
      </body>
    </html>`;
  return c.html(page);
});
