import { createClient } from "@libsql/client";

export type MessageSendRun = {
  recipients: number;
  /** The send call: recipients written, counted against the quota, jobs handed to the queue. */
  enqueueMs: number;
  /** From the send call to the last recipient marked sent (the queue's consumer writing the dev mailbox). */
  deliverMs: number;
  sent: number;
  failed: number;
  firstError: string | null;
};

/** The bench's organization may send a whole import's messages in one day: its quota is raised before the server starts. */
export async function allowBenchEmails(file: string, eventId: number, quota: number): Promise<void> {
  const client = createClient({ url: `file:${file}` });
  try {
    await client.execute({
      sql: "update organizations set daily_email_quota = ? where id = (select organization_id from events where id = ?)",
      args: [quota, eventId],
    });
  } finally {
    client.close();
  }
}

/**
 * A message to every participant of the event through the API (issue 27): the send call's time is the time to
 * enqueue; the delivery time runs until the message's counts show no recipient queued or sending (polled every 250 ms).
 */
export async function runMessageSend(base: string, eventId: number, token: string): Promise<MessageSendRun> {
  const headers = { "Content-Type": "application/json", Authorization: `Bearer ${token}` };
  const fail = (firstError: string): MessageSendRun => ({
    recipients: 0,
    enqueueMs: 0,
    deliverMs: 0,
    sent: 0,
    failed: 0,
    firstError,
  });
  const created = await fetch(`${base}/api/events/${eventId}/messages`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      subject: "Infos pratiques pour {first_name}",
      body: "<p>Bonjour {first_name}, les portes de {event_title} ouvrent à 19 h.</p><p>{order_link}</p>",
      segment: { type: "all" },
    }),
  });
  if (created.status !== 201) return fail(`create: HTTP ${created.status}: ${(await created.text()).slice(0, 300)}`);
  const { id } = (await created.json()) as { id: number };
  const started = performance.now();
  const send = await fetch(`${base}/api/events/${eventId}/messages/${id}/send`, {
    method: "POST",
    headers,
    body: "{}",
  });
  const enqueueMs = performance.now() - started;
  const sendText = await send.text();
  if (send.status !== 202) return fail(`send: HTTP ${send.status}: ${sendText.slice(0, 300)}`);
  const recipients = (JSON.parse(sendText) as { recipient_count: number }).recipient_count;
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    const detail = await fetch(`${base}/api/events/${eventId}/messages/${id}?limit=1`, { headers });
    const body = (await detail.json()) as { counts: { queued: number; sending: number; sent: number; failed: number } };
    const { queued, sending, sent, failed } = body.counts;
    if ((queued === 0 && sending === 0) || Date.now() > deadline)
      return {
        recipients,
        enqueueMs,
        deliverMs: performance.now() - started,
        sent,
        failed,
        firstError: queued + sending > 0 ? `gave up with ${queued + sending} not delivered` : null,
      };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
