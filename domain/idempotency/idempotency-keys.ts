import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Database } from "#db/database";
import { idempotencyKeys } from "#db/schema";
import { AppError } from "#domain/shared/app-error";

/** How long a key's first answer is replayed (issue 26 §4: 24 hours, as Stripe keeps them). */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * A key still marked running after this long belongs to a request that died (a Worker request ends within 30 s of
 * wall time): a retry may run it again instead of waiting for ever.
 */
export const IDEMPOTENCY_ABANDONED_MS = 60 * 1000;
/** Stripe's limit for a key's length. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

export type IdempotencyClaim =
  /** The first request under this key: run it, then `completeIdempotencyKey` or `releaseIdempotencyKey`. */
  | { kind: "first" }
  /** A retry: answer what the first request answered. */
  | { kind: "replay"; status: number; body: string; contentType: string | null };

type KeyRef = { scope: string; key: string };

/** A printable key of 1 to 255 characters; anything else is refused before any work is done. */
export function assertIdempotencyKey(key: string): void {
  if (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX_LENGTH || !/^[\x21-\x7e]+$/.test(key))
    throw new AppError("validation", "errors:idempotency-key-invalid", { reason: "idempotency_key_invalid" });
}

/**
 * Claims `key` for a request whose method, path and body hash to `requestHash`, in one atomic batch: a stale row
 * (older than 24 h, or abandoned while running) is dropped, then the row is inserted unless one exists. Two retries
 * racing on a new key: exactly one is `first`, the other is refused as still running. A known key with another request
 * is refused (422); a finished one is replayed.
 */
export async function claimIdempotencyKey(
  db: Database,
  input: KeyRef & { requestHash: string; now?: Date },
): Promise<IdempotencyClaim> {
  assertIdempotencyKey(input.key);
  const now = input.now ?? new Date();
  const sameKey = and(eq(idempotencyKeys.scope, input.scope), eq(idempotencyKeys.key, input.key));
  const [, inserted] = await db.batch([
    db
      .delete(idempotencyKeys)
      .where(
        and(
          sameKey,
          or(
            lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS)),
            and(
              isNull(idempotencyKeys.status),
              lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_ABANDONED_MS)),
            ),
          ),
        ),
      ),
    db
      .insert(idempotencyKeys)
      .values({ scope: input.scope, key: input.key, requestHash: input.requestHash, createdAt: now })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key }),
  ]);
  if (inserted.length > 0) return { kind: "first" };

  const [row] = await db.select().from(idempotencyKeys).where(sameKey);
  // Released between our insert and this read: the caller may simply retry.
  if (!row) throw inProgress();
  if (row.requestHash !== input.requestHash)
    throw new AppError("validation", "errors:idempotency-key-reused", { reason: "idempotency_key_reused" });
  if (row.status === null || row.body === null) throw inProgress();
  return { kind: "replay", status: row.status, body: row.body, contentType: row.contentType };
}

/** Records the first request's answer for the retries. */
export async function completeIdempotencyKey(
  db: Database,
  input: KeyRef & { status: number; body: string; contentType: string | null },
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ status: input.status, body: input.body, contentType: input.contentType })
    .where(
      and(eq(idempotencyKeys.scope, input.scope), eq(idempotencyKeys.key, input.key), isNull(idempotencyKeys.status)),
    );
}

/** Forgets a key whose request did no work worth replaying (refused before running, or failed): a retry runs again. */
export async function releaseIdempotencyKey(db: Database, input: KeyRef): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(eq(idempotencyKeys.scope, input.scope), eq(idempotencyKeys.key, input.key), isNull(idempotencyKeys.status)),
    );
}

function inProgress() {
  return new AppError("conflict", "errors:idempotency-key-in-progress", { reason: "idempotency_key_in_progress" });
}
