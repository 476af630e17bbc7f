import { env, exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import { images, organizations } from "#db/schema";
import { createSession } from "#domain/auth/sessions";
import { parseOrganizationUpdate, updateOrganization } from "#domain/organizations/update-organization";
import { AppError } from "#domain/shared/app-error";
import { actorOf, insertMember, insertOrganization, insertUser } from "../support/fixtures";
import { losslessWebpHeader } from "../support/webp-fixtures";

const db = createD1Database(env.DB);
const tokens: Record<string, string> = {};
const people: Record<string, { id: number; email: string }> = {};
let orgId: number;
let foreignId: number;

const upload = (organizationId: number, kind: string, parts: Record<string, Uint8Array>, as = "owner") => {
  const body = new FormData();
  for (const [name, bytes] of Object.entries(parts))
    body.append(name, new Blob([new Uint8Array(bytes)], { type: "image/webp" }), `${name}.webp`);
  return exports.default.fetch(`http://localhost/api/organizers/${organizationId}/images/${kind}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${tokens[as]}` },
    body,
  });
};

async function row(id: number) {
  const [organization] = await db.select().from(organizations).where(eq(organizations.id, id));
  return organization!;
}

const profile = (overrides: Record<string, unknown> = {}) => {
  const parsed = parseOrganizationUpdate({
    title: "Les Nuits Sonores",
    small_description: "Festival de musiques électroniques",
    description: "<p>Bienvenue <script>alert(1)</script><strong>à Lyon</strong></p>",
    email: " Contact@Nuits.test ",
    page_url: "",
    is_private: false,
    address_label: "Quai Rambaud, Lyon",
    address_latitude: "45,7419",
    address_longitude: 4.8156,
    ...overrides,
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues.map((i) => i.message)));
  return parsed.value;
};

function codeOf(error: unknown) {
  return error instanceof AppError ? error.code : String(error);
}

beforeAll(async () => {
  orgId = (await insertOrganization(db, { title: "Nuits" })).id;
  foreignId = (await insertOrganization(db, { title: "Théâtre du Quai" })).id;
  for (const [name, role] of [
    ["owner", "owner"],
    ["admin", "admin"],
    ["manager", "event_manager"],
    ["guest", ""],
  ] as const) {
    const user = await insertUser(db);
    await insertMember(db, orgId, user.id, role);
    people[name] = user;
    tokens[name] = (await createSession(db, user.id)).token;
  }
});

describe("updateOrganization", () => {
  it("saves every spec §3 field for owners and admins, the description sanitized", async () => {
    await updateOrganization(db, actorOf(people.admin!, orgId, "admin"), orgId, profile());
    const saved = await row(orgId);
    expect(saved).toMatchObject({
      title: "Les Nuits Sonores",
      titleKey: "les nuits sonores",
      smallDescription: "Festival de musiques électroniques",
      contactEmail: "contact@nuits.test",
      addressLabel: "Quai Rambaud, Lyon",
      addressLatitude: 45_741_900,
      addressLongitude: 4_815_600,
      isPrivate: false,
    });
    expect(saved.description).toContain("<strong>à Lyon</strong>");
    expect(saved.description).not.toContain("script");
  });

  it("keeps the default coordinates 50, 50 when none are given", async () => {
    await updateOrganization(
      db,
      actorOf(people.owner!, orgId, "owner"),
      orgId,
      profile({ address_latitude: null, address_longitude: null, is_private: true }),
    );
    expect(await row(orgId)).toMatchObject({
      addressLatitude: 50_000_000,
      addressLongitude: 50_000_000,
      isPrivate: true,
    });
  });

  it("refuses a title taken by another organization, whatever its case, and titles over 64 characters", async () => {
    await expect(
      updateOrganization(db, actorOf(people.owner!, orgId, "owner"), orgId, profile({ title: "THÉÂTRE du quai" })),
    ).rejects.toMatchObject({ code: "conflict", messageKey: "organizations:errors.title-not-unique" });
    const long = parseOrganizationUpdate({ title: "x".repeat(65) });
    expect(long.ok).toBe(false);
    if (!long.ok) expect(long.issues[0]!.message).toBe("organizations:errors.title-max-64");
    expect(parseOrganizationUpdate({ title: "Nuits", email: "pas-un-email" }).ok).toBe(false);
  });

  it("is forbidden to event managers and guests, 404 for another organization; nothing changes", async () => {
    const before = await row(orgId);
    const foreignBefore = await row(foreignId);
    for (const [name, role] of [
      ["manager", "event_manager"],
      ["guest", ""],
    ] as const) {
      const error = await updateOrganization(
        db,
        actorOf(people[name]!, orgId, role),
        orgId,
        profile({ title: "Piraté" }),
      ).catch((e: unknown) => e);
      expect(codeOf(error)).toBe("forbidden");
    }
    const foreign = await updateOrganization(
      db,
      actorOf(people.owner!, orgId, "owner"),
      foreignId,
      profile({ title: "Piraté" }),
    ).catch((e: unknown) => e);
    expect(codeOf(foreign)).toBe("not_found");
    expect(await row(orgId)).toEqual(before);
    expect(await row(foreignId)).toEqual(foreignBefore);
  });
});

describe("POST /api/organizers/:id/images/:kind", () => {
  it("stores a cropped logo and cover under organizers/{id}/ and points the organization at them", async () => {
    const logo = await upload(orgId, "logo", {
      "logo-400": losslessWebpHeader(400, 400),
      "logo-160": losslessWebpHeader(160, 160),
    });
    expect(logo.status).toBe(200);
    const { url: logoUrl } = (await logo.json()) as { url: string };
    expect(logoUrl).toMatch(new RegExp(`^/images/organizers/${orgId}/logo-[0-9a-f]{8}-400\\.webp$`));
    const cover = await upload(
      orgId,
      "cover",
      { "cover-1200": losslessWebpHeader(1200, 400), "cover-600": losslessWebpHeader(600, 200) },
      "admin",
    );
    expect(cover.status).toBe(200);
    const { url: coverUrl } = (await cover.json()) as { url: string };
    expect(coverUrl).toMatch(/\/cover-[0-9a-f]{8}-1200\.webp$/);
    expect(await row(orgId)).toMatchObject({ mainPicture: logoUrl, coverPicture: coverUrl });
    expect(await env.IMAGES.head(logoUrl.slice("/images/".length))).not.toBeNull();
    const served = await exports.default.fetch(`http://localhost${coverUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/webp");
  });

  it("replaces the previous version and deletes it from storage", async () => {
    const before = (await row(orgId)).mainPicture;
    const again = await upload(orgId, "logo", {
      "logo-400": losslessWebpHeader(400, 400, 7),
      "logo-160": losslessWebpHeader(160, 160, 7),
    });
    expect(again.status).toBe(200);
    const { url } = (await again.json()) as { url: string };
    expect(url).not.toBe(before);
    expect(await env.IMAGES.head(before.slice("/images/".length))).toBeNull();
    const versions = await db.select().from(images).where(eq(images.ownerId, orgId));
    expect(versions.filter((v) => v.keyPrefix.includes("/logo-"))).toHaveLength(1);
  });

  it("refuses a wrong ratio (a 3:1 cover sent as the logo) and missing sizes", async () => {
    const wrong = await upload(orgId, "logo", {
      "logo-400": losslessWebpHeader(1200, 400),
      "logo-160": losslessWebpHeader(160, 160),
    });
    expect(wrong.status).toBe(400);
    const missing = await upload(orgId, "cover", { "cover-1200": losslessWebpHeader(1200, 400) });
    expect(missing.status).toBe(400);
    expect((await upload(orgId, "banner", { "banner-1": losslessWebpHeader(1, 1) })).status).toBe(404);
  });

  it("is 403 for event managers and guests, 404 for another organization; nothing stored", async () => {
    const before = await row(orgId);
    const parts = { "logo-400": losslessWebpHeader(400, 400, 3), "logo-160": losslessWebpHeader(160, 160, 3) };
    expect((await upload(orgId, "logo", parts, "manager")).status).toBe(403);
    expect((await upload(orgId, "logo", parts, "guest")).status).toBe(403);
    expect((await upload(foreignId, "logo", parts)).status).toBe(404);
    expect(await row(orgId)).toEqual(before);
    expect((await row(foreignId)).mainPicture).toBe("");
    const listed = await env.IMAGES.list({ prefix: `organizers/${foreignId}/` });
    expect(listed.objects).toHaveLength(0);
  });

  it("DELETE empties the cover", async () => {
    const response = await exports.default.fetch(`http://localhost/api/organizers/${orgId}/images/cover`, {
      method: "DELETE",
      headers: { Authorization: `Bearer ${tokens.owner}` },
    });
    expect(response.status).toBe(200);
    expect((await row(orgId)).coverPicture).toBe("");
  });
});
