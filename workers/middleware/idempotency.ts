import { createMiddleware } from "hono/factory";
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  releaseIdempotencyKey,
} from "#domain/idempotency/idempotency-keys";
import { sha256Hex } from "#domain/shared/crypto";
import { logger, errorFields } from "#domain/shared/logger";
import type { HonoEnv } from "../hono-app";
import { requestCredential } from "./api-session";

/** Answers that mean the call never ran (who is asking, too often): not kept, a retry runs again. */
const NOT_KEPT = new Set([401, 403, 429]);
/** D1 keeps a row under 1 MB: a larger first answer is not kept (the create calls answer a few kB). */
const MAX_KEPT_BODY = 512 * 1024;

/**
 * `Idempotency-Key` on the API's POST calls (issue 26 §4): a retry with the same key and request answers the first
 * answer (with `Idempotent-Replayed: true`) without running the call again; the same key with another request is a
 * 422; a retry while the first is still running is a 409. Keys belong to the credential that sent them (a session or
 * an API key), or to everybody for the public booking calls, where the key and the whole body (the buyer's details)
 * must match. Without the header nothing changes.
 */
export const idempotency = createMiddleware<HonoEnv>(async (c, next) => {
  const key = c.req.header("Idempotency-Key");
  if (c.req.method !== "POST" || key === undefined) return next();

  const db = c.get("db");
  const credential = requestCredential(c.req.raw);
  const scope = credential ? sha256Hex(`credential:${credential}`) : "public";
  // A clone: the handler reads the body itself (JSON or an upload's multipart) from the untouched request.
  const body = new Uint8Array(await c.req.raw.clone().arrayBuffer());
  const requestHash = sha256Hex(`${c.req.method} ${c.req.path}\n${new TextDecoder().decode(body)}`);

  const claim = await claimIdempotencyKey(db, { scope, key: key.trim(), requestHash });
  if (claim.kind === "replay") {
    return new Response(claim.body, {
      status: claim.status,
      headers: {
        ...(claim.contentType ? { "content-type": claim.contentType } : {}),
        "Idempotent-Replayed": "true",
      },
    });
  }

  const ref = { scope, key: key.trim() };
  try {
    await next();
  } catch (error) {
    await releaseIdempotencyKey(db, ref);
    throw error;
  }
  const status = c.res.status;
  if (status >= 500 || NOT_KEPT.has(status)) {
    await releaseIdempotencyKey(db, ref);
    return;
  }
  const answer = await c.res.clone().text();
  if (answer.length > MAX_KEPT_BODY) {
    logger.warn("idempotency: answer too large to keep", { path: c.req.path, bytes: answer.length });
    await releaseIdempotencyKey(db, ref);
    return;
  }
  try {
    await completeIdempotencyKey(db, { ...ref, status, body: answer, contentType: c.res.headers.get("content-type") });
  } catch (error) {
    // The call ran and its answer goes out; a retry then finds the key running until it is abandoned (60 s).
    logger.error("idempotency: could not keep the answer", errorFields(error));
  }
});
