import { env, exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import { eventAccesses, events, images, memberships, organizations, users } from "#db/schema";
import { createSession } from "#domain/auth/sessions";
import { BANNER_PART_MAX_BYTES, bannerPartName } from "#domain/images/banner";
import { losslessWebpHeader, lossyWebpHeader, PNG_SIGNATURE, REAL_LOSSY_16x9 } from "../support/webp-fixtures";
import { errorOf } from "../support/error-body";

const db = createD1Database(env.DB);
const fetchWorker = (path: string, init?: RequestInit) => exports.default.fetch(`http://localhost${path}`, init);

let ownerToken = "";
let strangerToken = "";
let validatorToken = "";
let teamManagerToken = "";
let eventId = 0;
let secondEventId = 0;
let foreignEventId = 0;

async function userWithSession(email: string) {
  const [user] = await db
    .insert(users)
    .values({ email, firstName: "Test", lastName: email })
    .returning({ id: users.id });
  const { token } = await createSession(db, user!.id);
  return { id: user!.id, token };
}

beforeAll(async () => {
  const [organization] = await db.insert(organizations).values({ title: "Théâtre", titleKey: "théâtre" }).returning();
  const [foreign] = await db.insert(organizations).values({ title: "Ailleurs", titleKey: "ailleurs" }).returning();
  const owner = await userWithSession("owner@images.test");
  const stranger = await userWithSession("stranger@images.test");
  const guestValidator = await userWithSession("validator@images.test");
  const guestTeamManager = await userWithSession("team@images.test");
  ownerToken = owner.token;
  strangerToken = stranger.token;
  validatorToken = guestValidator.token;
  teamManagerToken = guestTeamManager.token;
  await db.insert(memberships).values([
    { organizationId: organization!.id, userId: owner.id, role: "owner" },
    { organizationId: foreign!.id, userId: stranger.id, role: "owner" },
    { organizationId: organization!.id, userId: guestValidator.id, role: "" },
    { organizationId: organization!.id, userId: guestTeamManager.id, role: "" },
  ]);
  // One row per statement: drizzle binds every column's default, and D1 allows 100 bound values per statement.
  const created = await db.batch([
    db.insert(events).values({ organizationId: organization!.id, title: "Concert" }).returning({ id: events.id }),
    db
      .insert(events)
      .values({ organizationId: organization!.id, title: "Copie du concert" })
      .returning({ id: events.id }),
    db.insert(events).values({ organizationId: foreign!.id, title: "Ailleurs" }).returning({ id: events.id }),
  ]);
  [eventId, secondEventId, foreignEventId] = created.map(([e]) => e!.id) as [number, number, number];
  await db.insert(eventAccesses).values([
    {
      organizationId: organization!.id,
      eventId,
      userId: guestValidator.id,
      email: "validator@images.test",
      roles: "validator",
    },
    {
      organizationId: organization!.id,
      eventId,
      userId: guestTeamManager.id,
      email: "team@images.test",
      roles: "team_manager",
    },
  ]);
});

type Parts = Partial<Record<1920 | 1280 | 640, Uint8Array>>;
const validParts = (): Parts => ({
  1920: lossyWebpHeader(1920, 1080),
  1280: losslessWebpHeader(1280, 720),
  640: lossyWebpHeader(640, 360),
});

function multipart(parts: Parts, type = "image/webp"): FormData {
  const form = new FormData();
  for (const [width, bytes] of Object.entries(parts)) {
    form.append(
      bannerPartName(Number(width)),
      new Blob([bytes as Uint8Array<ArrayBuffer>], { type }),
      `banner-${width}.webp`,
    );
  }
  return form;
}

const upload = (id: number, token: string, body: FormData) =>
  fetchWorker(`/api/events/${id}/banner`, { method: "POST", headers: { Authorization: `Bearer ${token}` }, body });

async function mainPictureOf(id: number) {
  const [row] = await db.select({ mainPicture: events.mainPicture }).from(events).where(eq(events.id, id));
  return row!.mainPicture;
}

describe("POST /api/events/:id/banner", () => {
  it("stores the three sizes under a versioned prefix and points main_picture at the 1280 size", async () => {
    const response = await upload(eventId, ownerToken, multipart(validParts()));
    expect(response.status).toBe(200);
    const { main_picture } = (await response.json()) as { main_picture: string };
    expect(main_picture).toMatch(new RegExp(`^/images/events/${eventId}/banner-[0-9a-f]{8}-1280\\.webp$`));
    expect(await mainPictureOf(eventId)).toBe(main_picture);

    const prefix = main_picture.slice("/images/".length).replace(/-1280\.webp$/, "");
    for (const width of [1920, 1280, 640]) {
      const object = await env.IMAGES.get(`${prefix}-${width}.webp`);
      expect(object, `${width}`).not.toBeNull();
      expect(object!.httpMetadata?.contentType).toBe("image/webp");
      await object!.arrayBuffer();
    }
    const [row] = await db.select().from(images).where(eq(images.keyPrefix, prefix));
    expect(row).toMatchObject({ ownerType: "event", ownerId: eventId, sizes: "[1920,1280,640]" });
  });

  it("replaces the previous version and deletes its files", async () => {
    const first = (await (await upload(eventId, ownerToken, multipart(validParts()))).json()) as {
      main_picture: string;
    };
    const other = { ...validParts(), 640: losslessWebpHeader(640, 360, 10) };
    const second = (await (await upload(eventId, ownerToken, multipart(other))).json()) as { main_picture: string };
    expect(second.main_picture).not.toBe(first.main_picture);
    expect(await env.IMAGES.head(first.main_picture.slice("/images/".length))).toBeNull();
    expect(await env.IMAGES.head(second.main_picture.slice("/images/".length))).not.toBeNull();
    const rows = await db.select().from(images).where(eq(images.ownerId, eventId));
    expect(rows).toHaveLength(1);
  });

  it("keeps the files of a version another event still shows (a duplicated event)", async () => {
    const original = (await (await upload(eventId, ownerToken, multipart(validParts()))).json()) as {
      main_picture: string;
    };
    await db.update(events).set({ mainPicture: original.main_picture }).where(eq(events.id, secondEventId));
    await upload(eventId, ownerToken, multipart({ ...validParts(), 640: losslessWebpHeader(640, 360, 20) }));
    expect(await env.IMAGES.head(original.main_picture.slice("/images/".length))).not.toBeNull();
  });

  it("refuses a part over 2 MB", async () => {
    const before = await mainPictureOf(eventId);
    const response = await upload(
      eventId,
      ownerToken,
      multipart({ ...validParts(), 1920: losslessWebpHeader(1920, 1080, BANNER_PART_MAX_BYTES) }),
    );
    expect(response.status).toBe(400);
    expect(errorOf(await response.json())).toMatchObject({
      type: "validation",
      code: "banner_part_too_large",
      fields: { banner: "banner_part_too_large" },
    });
    expect(await mainPictureOf(eventId)).toBe(before);
  });

  it("refuses a body far over the limit before reading it", async () => {
    const huge = new Uint8Array(8 * 1024 * 1024);
    const response = await upload(eventId, ownerToken, multipart({ ...validParts(), 1920: huge }));
    expect(response.status).toBe(400);
    expect(errorOf(await response.json())).toMatchObject({ code: "banner_part_too_large" });
  });

  it("refuses what is not a WebP, whatever its declared type", async () => {
    const png = await upload(eventId, ownerToken, multipart({ ...validParts(), 1280: PNG_SIGNATURE }));
    expect(png.status).toBe(400);
    expect(errorOf(await png.json())).toMatchObject({ code: "banner_not_webp" });
    const text = await upload(
      eventId,
      ownerToken,
      multipart({ ...validParts(), 640: new TextEncoder().encode("<script>") }),
    );
    expect(errorOf(await text.json())).toMatchObject({ code: "banner_not_webp" });
  });

  it("refuses wrong dimensions and a missing size", async () => {
    const wrong = await upload(eventId, ownerToken, multipart({ ...validParts(), 1280: lossyWebpHeader(1280, 960) }));
    expect(wrong.status).toBe(400);
    expect(errorOf(await wrong.json())).toMatchObject({ code: "banner_wrong_dimensions" });
    const swapped = await upload(eventId, ownerToken, multipart({ ...validParts(), 640: REAL_LOSSY_16x9 }));
    expect(errorOf(await swapped.json())).toMatchObject({ code: "banner_wrong_dimensions" });
    const { 640: _, ...missing } = validParts();
    const incomplete = await upload(eventId, ownerToken, multipart(missing));
    expect(errorOf(await incomplete.json())).toMatchObject({ code: "banner_missing_size" });
  });

  it("answers 404 for an event of another organization, and for an unknown event, storing nothing", async () => {
    const before = await mainPictureOf(foreignEventId);
    const foreign = await upload(foreignEventId, ownerToken, multipart(validParts()));
    expect(foreign.status).toBe(404);
    expect(await mainPictureOf(foreignEventId)).toBe(before);
    expect((await upload(eventId, strangerToken, multipart(validParts()))).status).toBe(404);
    expect((await upload(999_999, ownerToken, multipart(validParts()))).status).toBe(404);
    expect((await upload(Number.NaN, ownerToken, multipart(validParts()))).status).toBe(404);
    const listed = await env.IMAGES.list({ prefix: `events/${foreignEventId}/` });
    expect(listed.objects).toHaveLength(0);
  });

  it("follows the event roles: a team manager may change the banner, a validator (who cannot even see it here) may not", async () => {
    expect((await upload(eventId, teamManagerToken, multipart(validParts()))).status).toBe(200);
    expect((await upload(eventId, validatorToken, multipart(validParts()))).status).toBe(404);
    // A guest with no access to that event does not learn it exists.
    expect((await upload(secondEventId, validatorToken, multipart(validParts()))).status).toBe(404);
  });

  it("needs a session and, with the cookie, a same-origin request", async () => {
    const anonymous = await fetchWorker(`/api/events/${eventId}/banner`, {
      method: "POST",
      body: multipart(validParts()),
    });
    expect(anonymous.status).toBe(401);
    const crossSite = await fetchWorker(`/api/events/${eventId}/banner`, {
      method: "POST",
      headers: { Cookie: `guichet_session=${ownerToken}`, Origin: "https://evil.example" },
      body: multipart(validParts()),
    });
    expect(crossSite.status).toBe(403);
    const sameSite = await fetchWorker(`/api/events/${eventId}/banner`, {
      method: "POST",
      headers: { Cookie: `guichet_session=${ownerToken}`, Origin: "http://localhost" },
      body: multipart(validParts()),
    });
    expect(sameSite.status).toBe(200);
  });
});

describe("DELETE /api/events/:id/banner", () => {
  it("empties main_picture and deletes the files", async () => {
    const { main_picture } = (await (
      await upload(secondEventId, ownerToken, multipart({ ...validParts(), 640: losslessWebpHeader(640, 360, 30) }))
    ).json()) as {
      main_picture: string;
    };
    const response = await fetchWorker(`/api/events/${secondEventId}/banner`, {
      method: "DELETE",
      headers: { Authorization: `Bearer ${ownerToken}` },
    });
    expect(response.status).toBe(200);
    expect(await mainPictureOf(secondEventId)).toBe("");
    expect(await env.IMAGES.head(main_picture.slice("/images/".length))).toBeNull();
    expect(await db.select().from(images).where(eq(images.ownerId, secondEventId))).toHaveLength(0);
  });

  it("answers 404 for another organization's event", async () => {
    const response = await fetchWorker(`/api/events/${foreignEventId}/banner`, {
      method: "DELETE",
      headers: { Authorization: `Bearer ${ownerToken}` },
    });
    expect(response.status).toBe(404);
  });
});

describe("GET /images/*", () => {
  it("serves a stored banner with a year of immutable cache, an ETag and 304 on a matching If-None-Match", async () => {
    const body = multipart({ ...validParts(), 1280: losslessWebpHeader(1280, 720, 40) });
    const { main_picture } = (await (await upload(eventId, ownerToken, body)).json()) as { main_picture: string };
    const response = await fetchWorker(main_picture);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/webp");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const etag = response.headers.get("ETag");
    expect(etag).toMatch(/^".+"$/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(bytes).toEqual(losslessWebpHeader(1280, 720, 40));

    const again = await fetchWorker(main_picture, { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
    expect(again.headers.get("ETag")).toBe(etag);
    expect(again.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(await again.text()).toBe("");

    const changed = await fetchWorker(main_picture, { headers: { "If-None-Match": '"something-else"' } });
    expect(changed.status).toBe(200);
    await changed.arrayBuffer();

    const head = await fetchWorker(main_picture, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("Content-Length")).toBe(String(bytes.length));
  });

  it("answers a missing image with the short-lived brand placeholder, and refuses odd keys the same way", async () => {
    for (const path of [
      "/images/events/1/banner-00000000-1280.webp",
      "/images/events/1/..%2F..%2Fsecret.webp",
      "/images/events/1/%E0%A4%A.webp",
      "/images/users/1/x.webp",
    ]) {
      const response = await fetchWorker(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("image/svg+xml");
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=60");
      expect(response.headers.get("X-Image-Placeholder")).toBe("1");
      expect(await response.text()).toContain("<svg");
    }
  });

  it("needs no session", async () => {
    const { main_picture } = (await (await upload(eventId, ownerToken, multipart(validParts()))).json()) as {
      main_picture: string;
    };
    const response = await fetchWorker(main_picture.replace("-1280.webp", "-640.webp"));
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Image-Placeholder")).toBeNull();
    await response.arrayBuffer();
  });
});
