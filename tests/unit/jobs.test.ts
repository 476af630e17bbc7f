import { describe, expect, it } from "vitest";
import { enqueueJobs, isJob, orderConfirmationJob, type Job } from "../../domain/shared/jobs";

describe("queue jobs", () => {
  it("recognise each job type by its own shape and drop anything else", () => {
    expect(isJob(orderConfirmationJob(12))).toBe(true);
    expect(isJob({ type: "send-order-confirmation", orderId: 12, key: "order-confirmation:12:resend:x" })).toBe(true);
    expect(isJob({ type: "send-email", message: { to: "a@exemple.fr", subject: "s", text: "t", html: "h" } })).toBe(
      true,
    );
    for (const value of [
      null,
      "send-order-confirmation",
      { type: "send-order-confirmation" },
      { type: "send-order-confirmation", orderId: "12" },
      { type: "send-order-confirmation", orderId: 0 },
      { type: "send-order-confirmation", orderId: 1.5 },
      { type: "send-order-confirmation", orderId: 3, key: 7 },
      { type: "send-email", message: {} },
      { type: "toString", orderId: 1 },
      { type: "__proto__", orderId: 1 },
      { type: "unknown", orderId: 1 },
    ]) {
      expect(isJob(value)).toBe(false);
    }
  });

  it("enqueue in batches of at most 100 messages, nothing for no job", async () => {
    const batches: Job[][] = [];
    const queue = {
      async sendBatch(messages: Iterable<{ body: Job }>) {
        batches.push([...messages].map((message) => message.body));
      },
    };
    await enqueueJobs({ JOBS: queue }, []);
    expect(batches).toEqual([]);
    const jobs = Array.from({ length: 205 }, (_, i) => orderConfirmationJob(i + 1));
    await enqueueJobs({ JOBS: queue }, jobs);
    expect(batches.map((batch) => batch.length)).toEqual([100, 100, 5]);
    expect(batches.flat()).toEqual(jobs);
  });
});
