import { describe, expect, it, vi } from "vitest";
import type { Job } from "../shared/jobs";
import { queueOrderEmails } from "./queue-order-emails";

function recordingQueue() {
  const batches: Job[][] = [];
  return {
    batches,
    JOBS: {
      sendBatch: async (messages: Iterable<{ body: Job }>) => {
        batches.push([...messages].map((message) => message.body));
      },
    },
  };
}

describe("queueOrderEmails", () => {
  it("queues one first-confirmation job per order, at most 100 per batch", async () => {
    const queue = recordingQueue();
    await queueOrderEmails(
      queue,
      Array.from({ length: 150 }, (_, i) => i + 1),
    );
    expect(queue.batches.map((batch) => batch.length)).toEqual([100, 50]);
    expect(queue.batches[0]![0]).toEqual({ type: "send-order-confirmation", orderId: 1 });
  });

  it("sends nothing for no order", async () => {
    const queue = recordingQueue();
    await queueOrderEmails(queue, []);
    expect(queue.batches).toEqual([]);
  });

  it("logs a refused hand-off instead of throwing: the outbox sweep sends the email later", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      await expect(
        queueOrderEmails({ JOBS: { sendBatch: () => Promise.reject(new Error("queue down")) } }, [7]),
      ).resolves.toBeUndefined();
      expect(error).toHaveBeenCalledTimes(1);
      expect(JSON.parse(String(error.mock.calls[0]![0]))).toMatchObject({
        level: "error",
        msg: "order confirmation emails not queued",
        orders: 1,
        error_message: "queue down",
      });
    } finally {
      error.mockRestore();
    }
  });
});
