import { bodyLimit } from "hono/body-limit";
import type { AppError } from "#domain/shared/app-error";

/** What the JSON calls take unless a route says otherwise: every field of the auth and profile calls fits easily. */
export const DEFAULT_BODY_LIMIT = 16 * 1024;

/**
 * Refuses a body over `maxSize` bytes before it is read: 413 'errors:payload-too-large', or `tooLarge`'s error (mapped
 * by the app's error handler) where a route answers in its own terms.
 */
export function limitBody(maxSize: number = DEFAULT_BODY_LIMIT, tooLarge?: () => AppError) {
  return bodyLimit({
    maxSize,
    onError: (c) => {
      if (tooLarge) throw tooLarge();
      return c.json({ error: "validation", message: "errors:payload-too-large" }, 413);
    },
  });
}
