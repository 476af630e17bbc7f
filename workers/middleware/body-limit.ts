import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { BANNER_PART_MAX_BYTES, BANNER_SIZES } from "#domain/images/banner";
import { AppError } from "#domain/shared/app-error";
import type { HonoEnv } from "../hono-app";
import { errorResponse } from "../error-response";

/** What the JSON calls take unless a route says otherwise: every field of the auth and profile calls fits easily. */
const DEFAULT_BODY_LIMIT = 16 * 1024;

/**
 * The ceiling for every request the Worker answers, page form actions included: an event's description (50 kB of
 * HTML, up to three times that once form-encoded) plus its other fields. Routes may set a lower limit of their own.
 */
export const GLOBAL_BODY_LIMIT = 256 * 1024;

/** The banner upload: every size at its limit plus room for the multipart boundaries and headers. */
export const BANNER_UPLOAD_BODY_LIMIT = BANNER_SIZES.length * BANNER_PART_MAX_BYTES + 64 * 1024;

type RaisedLimit = { method: string; path: RegExp; maxSize: number; tooLarge: () => AppError };

/** The only routes allowed more than GLOBAL_BODY_LIMIT: image uploads, each with the refusal its client shows. */
const UPLOAD_BODY_LIMITS: readonly RaisedLimit[] = [
  {
    method: "POST",
    path: /^\/api\/events\/[0-9]+\/banner$/,
    maxSize: BANNER_UPLOAD_BODY_LIMIT,
    tooLarge: () =>
      new AppError("validation", "editor:banner.errors.part-too-large", {
        fields: { banner: "editor:banner.errors.part-too-large" },
      }),
  },
];

/**
 * Refuses a body over `maxSize` bytes before it is read: 413 'errors:payload-too-large', or `tooLarge`'s error (mapped
 * by the app's error handler) where a route answers in its own terms.
 */
export function limitBody(maxSize: number = DEFAULT_BODY_LIMIT, tooLarge?: () => AppError) {
  return bodyLimit({
    maxSize,
    onError: (c) => {
      if (tooLarge) throw tooLarge();
      return errorResponse(c, {
        type: "validation",
        code: "payload_too_large",
        messageKey: "errors:payload-too-large",
        status: 413,
      });
    },
  });
}

const globalLimit = limitBody(GLOBAL_BODY_LIMIT);
const uploadLimits = UPLOAD_BODY_LIMITS.map((route) => ({ route, limit: limitBody(route.maxSize, route.tooLarge) }));

/**
 * The one body-size limit of the app, mounted before every route and the React Router fallback: GLOBAL_BODY_LIMIT,
 * raised only for the routes of UPLOAD_BODY_LIMITS.
 */
export const globalBodyLimit = createMiddleware<HonoEnv>(async (c, next) => {
  const upload = uploadLimits.find(({ route }) => route.method === c.req.method && route.path.test(c.req.path));
  return (upload?.limit ?? globalLimit)(c, next);
});
