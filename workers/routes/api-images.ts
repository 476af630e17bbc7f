import { requireId } from "#domain/shared/ids";
import { Hono } from "hono";
import { removeEventBanner } from "#domain/images/remove-event-banner";
import { storeEventBanner } from "#domain/images/store-event-banner";
import type { BannerPart } from "#domain/images/validate-banner-parts";
import { AppError } from "#domain/shared/app-error";
import { actorForEventParam } from "../actor-for-organization";
import type { ApiEnv } from "../middleware/api-session";

export const imagesApiRoutes = new Hono<ApiEnv>();

/**
 * POST /api/events/:id/banner — multipart with one WebP per size ("banner-1920", "banner-1280", "banner-640"),
 * already cropped to 16:9 and resized by the browser. Answers the new main_picture URL.
 */
imagesApiRoutes.post(
  "/:id/banner",
  // The body limit is the global one's upload entry (workers/middleware/body-limit.ts).
  async (c) => {
    const eventId = requireId(c.req.param("id"), "events:errors.not-found");
    const actor = await actorForEventParam(c, eventId);
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      throw new AppError("validation", "editor:banner.errors.not-webp", {
        fields: { banner: "editor:banner.errors.not-webp" },
      });
    }
    const parts: BannerPart[] = [];
    for (const [name, value] of form) {
      if (typeof value !== "string") parts.push({ name, bytes: new Uint8Array(await value.arrayBuffer()) });
    }
    const result = await storeEventBanner(c.get("db"), c.env.IMAGES, actor, { eventId, parts });
    return c.json({ main_picture: result.mainPicture });
  },
);

/** DELETE /api/events/:id/banner — the event has no banner any more. */
imagesApiRoutes.delete("/:id/banner", async (c) => {
  const eventId = requireId(c.req.param("id"), "events:errors.not-found");
  const actor = await actorForEventParam(c, eventId);
  await removeEventBanner(c.get("db"), c.env.IMAGES, actor, { eventId });
  return c.json({ main_picture: "" });
});
