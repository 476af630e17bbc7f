import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { databaseFromEnv } from "#db/from-env";
import * as schema from "#db/schema";
import { parseTicketToken, ticketTokenMatches } from "#domain/tickets/ticket-token";
import { enqueueJobs, orderConfirmationJob } from "../../domain/shared/jobs";
import { handleQueueBatch, retryDelaySeconds } from "../../workers/queue";
import { insertConfirmedOrder } from "../support/order-documents-fixtures";
import { decodeQrFromRects, readPdf } from "../support/pdf-reading";
import { errorOf } from "../support/error-body";

const BASE = "http://localhost";

type MailboxRow = {
  id: number;
  to: string;
  subject: string;
  text: string;
  attachments: { filename: string; content_type: string; size: number; url: string }[];
};

async function mailbox(to: string): Promise<MailboxRow[]> {
  const response = await exports.default.fetch(`${BASE}/dev/mailbox.json?to=${encodeURIComponent(to)}`);
  expect(response.status).toBe(200);
  return response.json();
}

/** Runs the Worker's queue consumer on one delivery of `body`, as the Queues runtime would. */
async function deliver(body: unknown, attempts = 1) {
  const batch = createMessageBatch<unknown>("guichet-jobs", [
    { id: `message-${attempts}`, timestamp: new Date(), attempts, body },
  ]);
  const ctx = createExecutionContext();
  await handleQueueBatch(batch, env, ctx);
  return getQueueResult(batch, ctx);
}

describe("order confirmation through the queue", () => {
  it("sends one email with the PDF tickets into the dev mailbox, and nothing more when the job is redelivered", async () => {
    const db = databaseFromEnv(env);
    const scenario = await insertConfirmedOrder(db, { email: "lea.queue@exemple.test" });
    const job = orderConfirmationJob(scenario.order.id);

    const first = await deliver(job);
    expect(first.explicitAcks).toEqual(["message-1"]);
    expect(first.retryMessages).toEqual([]);

    const [mail, ...others] = await mailbox("lea.queue@exemple.test");
    expect(others).toEqual([]);
    expect(mail!.subject).toBe("Vos billets pour Événement à l'Opéra");
    expect(mail!.text).toContain(`${env.APP_URL}/orders/${scenario.order.id}?token=${scenario.order.accessToken}`);
    expect(mail!.attachments).toHaveLength(1);
    const attachment = mail!.attachments[0]!;
    expect(attachment).toMatchObject({
      filename: `billets-commande-${scenario.order.id}.pdf`,
      content_type: "application/pdf",
    });

    const download = await exports.default.fetch(`${BASE}${attachment.url}`);
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Type")).toBe("application/pdf");
    const bytes = new Uint8Array(await download.arrayBuffer());
    expect(bytes.length).toBe(attachment.size);
    const { pages } = await readPdf(bytes);
    expect(pages).toHaveLength(2);
    expect(pages[0]!.text.join("\n")).toContain("Léa Martin");
    const token = decodeQrFromRects(pages[0]!.rects);
    const parsed = parseTicketToken(token ?? "");
    const participant = scenario.participants[0]!;
    expect(parsed).not.toBeNull();
    expect(
      ticketTokenMatches(env, parsed!, {
        eventId: scenario.event.id,
        participantId: participant.id,
        accessToken: participant.accessToken,
      }),
    ).toBe(true);

    // The queue delivers the same job again (a lost ack): acknowledged, nothing sent.
    const again = await deliver(job, 2);
    expect(again.explicitAcks).toEqual(["message-2"]);
    expect(await mailbox("lea.queue@exemple.test")).toHaveLength(1);

    // The mailbox page lists the attachment.
    const page = await (await exports.default.fetch(`${BASE}/dev/mailbox?to=lea.queue%40exemple.test`)).text();
    expect(page).toContain(`href="${attachment.url}"`);
    expect(page).toContain(`billets-commande-${scenario.order.id}.pdf`);
  });

  it("retries a job whose send fails, and acknowledges an unknown message", async () => {
    const db = databaseFromEnv(env);
    const scenario = await insertConfirmedOrder(db, { email: "retry@exemple.test" });
    // The mail service is down (Resend answers 503): the send fails and the job is retried with backoff.
    const batch = createMessageBatch<unknown>("guichet-jobs", [
      { id: "fails", timestamp: new Date(), attempts: 3, body: orderConfirmationJob(scenario.order.id) },
      { id: "unknown", timestamp: new Date(), attempts: 1, body: { type: "nope" } },
    ]);
    const ctx = createExecutionContext();
    await handleQueueBatch(batch, { ...env, RESEND_API_KEY: "re_test" }, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.retryMessages.map((m) => m.msgId)).toEqual(["fails"]);
    const [failed] = await db
      .select()
      .from(schema.orderEmailDeliveries)
      .where(eq(schema.orderEmailDeliveries.orderId, scenario.order.id));
    expect(failed).toMatchObject({ status: "failed", attempts: 1 });
    expect(failed!.lastError).toContain("Resend refused the email");
    // Backoff: 30 s, then doubling per attempt, capped at an hour.
    expect([1, 2, 3, 10].map(retryDelaySeconds)).toEqual([30, 60, 120, 3600]);
    expect(result.explicitAcks).toEqual(["unknown"]);
    expect(await mailbox("retry@exemple.test")).toHaveLength(0);
  });

  it("delivers a job enqueued on the JOBS binding", async () => {
    const db = databaseFromEnv(env);
    const scenario = await insertConfirmedOrder(db, { email: "enqueued@exemple.test" });
    await enqueueJobs(env, [orderConfirmationJob(scenario.order.id)]);
    let rows: MailboxRow[] = [];
    for (let i = 0; i < 100 && rows.length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      rows = await mailbox("enqueued@exemple.test");
    }
    expect(rows).toHaveLength(1);
    expect(rows[0]!.attachments[0]!.content_type).toBe("application/pdf");
  });
});

describe("GET /orders/:id/tickets.pdf", () => {
  it("serves the PDF for the order's token and 404 for a wrong one", async () => {
    const db = databaseFromEnv(env);
    const scenario = await insertConfirmedOrder(db);
    const url = `${BASE}/orders/${scenario.order.id}/tickets.pdf`;

    const ok = await exports.default.fetch(`${url}?token=${encodeURIComponent(scenario.order.accessToken)}`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("Content-Type")).toBe("application/pdf");
    expect(ok.headers.get("Cache-Control")).toBe("private, no-store");
    expect(ok.headers.get("Content-Disposition")).toBe(`inline; filename="billets-commande-${scenario.order.id}.pdf"`);
    const { pages } = await readPdf(new Uint8Array(await ok.arrayBuffer()));
    expect(pages).toHaveLength(2);

    for (const query of ["", "?token=", "?token=wrong", `?token=${scenario.participants[0]!.accessToken}`]) {
      const refused = await exports.default.fetch(`${url}${query}`);
      expect(refused.status).toBe(404);
      expect(errorOf(await refused.json())).toMatchObject({ type: "not_found" });
    }
    const badId = await exports.default.fetch(`${BASE}/orders/abc/tickets.pdf?token=x`);
    expect(badId.status).toBe(404);

    const pending = await insertConfirmedOrder(db, { status: "pending" });
    const notYet = await exports.default.fetch(
      `${BASE}/orders/${pending.order.id}/tickets.pdf?token=${encodeURIComponent(pending.order.accessToken)}`,
    );
    expect(notYet.status).toBe(404);
  });
});
