import { and, eq, like } from "drizzle-orm";
import type { Database } from "#db/database";
import { images, organizations } from "#db/schema";
import { BANNER_PART_MAX_BYTES, imageKey, publicImageUrl } from "../images/banner";
import { IMMUTABLE_CACHE_CONTROL, type ImageStore } from "../images/image-store";
import { parseWebp } from "../images/webp";
import { assertCanInOrganization } from "../policy";
import type { Actor } from "../shared/actor";
import { AppError } from "../shared/app-error";
import {
  ORGANIZATION_IMAGE_MAIN_WIDTH,
  ORGANIZATION_IMAGE_SIZES,
  organizationImagePartName,
  organizationImagePrefix,
  type OrganizationImageKind,
} from "./organization-images";

export type ImagePart = { name: string; bytes: Uint8Array };

const invalid = (messageKey: string, part: string) =>
  new AppError("validation", messageKey, { fields: { image: messageKey }, details: { part } });

async function hash8(parts: readonly { bytes: Uint8Array }[]): Promise<string> {
  const all = new Uint8Array(parts.reduce((n, p) => n + p.bytes.length, 0));
  let offset = 0;
  for (const p of parts) {
    all.set(p.bytes, offset);
    offset += p.bytes.length;
  }
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", all));
  return [...digest.subarray(0, 4)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Every size present, a WebP by its bytes, exactly the declared dimensions, at most 2 MB each. */
function validateOrganizationImageParts(kind: OrganizationImageKind, parts: readonly ImagePart[]) {
  const byName = new Map(parts.map((p) => [p.name, p]));
  return ORGANIZATION_IMAGE_SIZES[kind].map((size) => {
    const name = organizationImagePartName(kind, size.width);
    const part = byName.get(name);
    if (!part || part.bytes.length === 0) throw invalid("editor:banner.errors.missing-size", name);
    if (part.bytes.length > BANNER_PART_MAX_BYTES) throw invalid("editor:banner.errors.part-too-large", name);
    const info = parseWebp(part.bytes);
    if (!info) throw invalid("editor:banner.errors.not-webp", name);
    if (info.width !== size.width || info.height !== size.height)
      throw invalid("editor:banner.errors.wrong-dimensions", name);
    return { width: size.width, bytes: part.bytes };
  });
}

const column = { logo: "mainPicture", cover: "coverPicture" } as const;

/**
 * Replaces the organization's logo or cover with the sizes the browser cropped (owners and admins; another
 * organization 404). Stored under a content-hashed prefix; the previous version is deleted from R2 afterwards.
 */
export async function storeOrganizationImage(
  db: Database,
  store: ImageStore,
  actor: Actor,
  input: { organizationId: number; kind: OrganizationImageKind; parts: readonly ImagePart[] },
): Promise<{ url: string }> {
  assertCanInOrganization(actor, "organization:update", input.organizationId);
  const organizationId = actor.organizationId;
  const parts = validateOrganizationImageParts(input.kind, input.parts);
  const prefix = organizationImagePrefix(organizationId, input.kind, await hash8(parts));
  await Promise.all(
    parts.map((p) =>
      store.put(imageKey(prefix, p.width), p.bytes, {
        httpMetadata: { contentType: "image/webp", cacheControl: IMMUTABLE_CACHE_CONTROL },
      }),
    ),
  );
  const url = publicImageUrl(imageKey(prefix, ORGANIZATION_IMAGE_MAIN_WIDTH[input.kind]));
  const previous = await replaceVersion(db, organizationId, input.kind, { prefix, sizes: parts.map((p) => p.width) });
  await db
    .update(organizations)
    .set({ [column[input.kind]]: url, updatedAt: new Date() })
    .where(eq(organizations.id, organizationId));
  await deleteVersions(store, previous);
  return { url };
}

/** Removes the logo or cover: the field becomes empty and the stored sizes are deleted. */
export async function removeOrganizationImage(
  db: Database,
  store: ImageStore,
  actor: Actor,
  input: { organizationId: number; kind: OrganizationImageKind },
): Promise<void> {
  assertCanInOrganization(actor, "organization:update", input.organizationId);
  const organizationId = actor.organizationId;
  const previous = await replaceVersion(db, organizationId, input.kind, null);
  await db
    .update(organizations)
    .set({ [column[input.kind]]: "", updatedAt: new Date() })
    .where(eq(organizations.id, organizationId));
  await deleteVersions(store, previous);
}

type Version = { keyPrefix: string; sizes: string };

async function replaceVersion(
  db: Database,
  organizationId: number,
  kind: OrganizationImageKind,
  next: { prefix: string; sizes: number[] } | null,
): Promise<Version[]> {
  const ofKind = and(
    eq(images.ownerType, "organization"),
    eq(images.ownerId, organizationId),
    like(images.keyPrefix, `organizers/${organizationId}/${kind}-%`),
  );
  const previous = (
    await db.select({ keyPrefix: images.keyPrefix, sizes: images.sizes }).from(images).where(ofKind)
  ).filter((v) => v.keyPrefix !== next?.prefix);
  await db.delete(images).where(ofKind);
  if (next) {
    await db.insert(images).values({
      organizationId,
      keyPrefix: next.prefix,
      ownerType: "organization",
      ownerId: organizationId,
      sizes: JSON.stringify(next.sizes),
    });
  }
  return previous;
}

async function deleteVersions(store: ImageStore, versions: readonly Version[]) {
  const keys = versions.flatMap((v) => {
    try {
      const sizes = JSON.parse(v.sizes) as unknown;
      return Array.isArray(sizes) ? sizes.filter(Number.isInteger).map((w: number) => imageKey(v.keyPrefix, w)) : [];
    } catch {
      return [];
    }
  });
  if (keys.length > 0) await store.delete(keys);
}
