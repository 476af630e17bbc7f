import { requireId } from "#domain/shared/ids";
import { Hono } from "hono";
import * as v from "valibot";
import { emailSenderFromEnv } from "#adapters/email";
import { organizationRoles } from "#db/schema";
import { inviteMember } from "#domain/invitations/invite-member";
import { invitationJson } from "./invitation-json";
import { changeMemberRole } from "#domain/members/change-member-role";
import { listMembers, type Member } from "#domain/members/list-members";
import { removeMember } from "#domain/members/remove-member";
import { ORGANIZATION_IMAGE_KINDS, type OrganizationImageKind } from "#domain/organizations/organization-images";
import {
  removeOrganizationImage,
  storeOrganizationImage,
  type ImagePart,
} from "#domain/organizations/store-organization-image";
import { AppError, notFound } from "#domain/shared/app-error";
import { emailSchema } from "#domain/shared/email";
import { actorForOrganizerParam } from "../actor-for-organization";
import type { ApiEnv } from "../middleware/api-session";
import { parseJson } from "../parse-json";

/**
 * The organization's people and pictures (issue 12 §1–2), mounted at /api/organizers: members, and the logo and cover
 * uploads. Another organization answers 404.
 */
export const membersApiRoutes = new Hono<ApiEnv>();

const roleSchema = v.picklist(organizationRoles, "members:errors.role-invalid");
export const addSchema = v.object({ email: emailSchema, role: roleSchema });
export const changeSchema = v.object({ role: roleSchema });

const memberJson = (member: Member) => ({
  user_id: member.userId,
  email: member.email,
  first_name: member.firstName,
  last_name: member.lastName,
  role: member.role,
});

membersApiRoutes.get("/:id/members", async (c) => {
  const actor = await actorForOrganizerParam(c, c.req.param("id"));
  const members = await listMembers(c.get("db"), actor, actor.organizationId);
  return c.json(members.map(memberJson));
});

membersApiRoutes.post("/:id/members", async (c) => {
  const actor = await actorForOrganizerParam(c, c.req.param("id"));
  const input = await parseJson(c, addSchema);
  const db = c.get("db");
  const sender = emailSenderFromEnv(c.env, db);
  // Issue 24 §2: an invitation the person accepts, the same answer whether or not the email has an account.
  const invitation = await inviteMember(db, actor, actor.organizationId, input, {
    sendEmail: (message) => sender.send(message),
    appUrl: c.env.APP_URL,
    locale: c.get("language"),
  });
  return c.json(invitationJson(invitation), 201);
});

membersApiRoutes.put("/:id/members/:user_id", async (c) => {
  const actor = await actorForOrganizerParam(c, c.req.param("id"));
  const userId = requireId(c.req.param("user_id"), "members:errors.not-found");
  const { role } = await parseJson(c, changeSchema);
  const member = await changeMemberRole(c.get("db"), actor, actor.organizationId, userId, role);
  return c.json(memberJson(member));
});

membersApiRoutes.delete("/:id/members/:user_id", async (c) => {
  const actor = await actorForOrganizerParam(c, c.req.param("id"));
  const userId = requireId(c.req.param("user_id"), "members:errors.not-found");
  await removeMember(c.get("db"), actor, actor.organizationId, userId);
  return c.body(null, 204);
});

function imageKind(value: string | undefined): OrganizationImageKind {
  if (!(ORGANIZATION_IMAGE_KINDS as readonly string[]).includes(value ?? "")) throw notFound();
  return value as OrganizationImageKind;
}

/**
 * POST /api/organizers/:id/images/logo|cover — multipart with one WebP per size ("logo-400", "logo-160" or
 * "cover-1200", "cover-600"), cropped (1:1 or 3:1) and resized by the browser. Answers the new picture URL.
 */
membersApiRoutes.post("/:id/images/:kind", async (c) => {
  const actor = await actorForOrganizerParam(c, c.req.param("id"));
  const kind = imageKind(c.req.param("kind"));
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw new AppError("validation", "editor:banner.errors.not-webp", {
      fields: { image: "editor:banner.errors.not-webp" },
    });
  }
  const parts: ImagePart[] = [];
  for (const [name, value] of form) {
    if (typeof value !== "string") parts.push({ name, bytes: new Uint8Array(await value.arrayBuffer()) });
  }
  const { url } = await storeOrganizationImage(c.get("db"), c.env.IMAGES, actor, {
    organizationId: actor.organizationId,
    kind,
    parts,
  });
  return c.json({ url });
});

membersApiRoutes.delete("/:id/images/:kind", async (c) => {
  const actor = await actorForOrganizerParam(c, c.req.param("id"));
  const kind = imageKind(c.req.param("kind"));
  await removeOrganizationImage(c.get("db"), c.env.IMAGES, actor, { organizationId: actor.organizationId, kind });
  return c.json({ url: "" });
});
