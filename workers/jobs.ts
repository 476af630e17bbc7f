import type { EmailMessage } from "#adapters/email";

/** Messages carried by the JOBS queue. */
export type Job = { type: "send-email"; message: EmailMessage };

export function isJob(value: unknown): value is Job {
  const job = value as Partial<Job> | null;
  return job?.type === "send-email" && typeof job.message?.to === "string";
}
