import { requireId } from "#domain/shared/ids";
import { Hono } from "hono";
import * as v from "valibot";
import { eventRoles, type EventRole } from "#db/schema";
import { emailSenderFromEnv } from "#adapters/email";
import { addEventAccess } from "#domain/event-team/add-event-access";
import { invitationJson } from "./invitation-json";
import { listEventTeam, type TeamMember } from "#domain/event-team/list-event-team";
import { removeEventAccess, setEventAccessRoles } from "#domain/event-team/set-event-access-roles";
import { emailSchema } from "#domain/shared/email";
import { actorForEventParam } from "../actor-for-organization";
import type { ApiEnv } from "../middleware/api-session";
import { parseJson } from "../parse-json";

/** Spec §7 event team calls under /api/events: GET, POST {email}, PUT {role, profile}; DELETE …/accesses/:profile. */
export const accessesApiRoutes = new Hono<ApiEnv>();

const ROLE_INVALID = "team:errors.role-invalid";
const known = new Set<string>(eventRoles);

/** "validator|event_manager": every part must be an event role; "" is the empty list. */
const rolesSchema = v.pipe(
  v.string(ROLE_INVALID),
  v.transform((value) =>
    value
      .split("|")
      .map((part) => part.trim())
      .filter(Boolean),
  ),
  v.check((parts) => parts.every((part) => known.has(part)), ROLE_INVALID),
  v.transform((parts) => parts as EventRole[]),
);
const profileSchema = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number))], "team:errors.not-found"),
  v.integer("team:errors.not-found"),
  v.minValue(1, "team:errors.not-found"),
);

export const accessInviteBodySchema = v.object({ email: emailSchema });
export const accessRolesBodySchema = v.object({ role: rolesSchema, profile: profileSchema });

/** Spec §3 Access: email, role, profile, event; plus the team member's display fields. */
const teamMemberJson = (member: TeamMember, eventId: number) => ({
  profile: member.userId,
  event: eventId,
  email: member.email,
  first_name: member.firstName,
  last_name: member.lastName,
  role: member.roles.join("|"),
  roles: member.roles,
  display_roles: member.displayRoles,
  can_validate: member.roles.includes("validator"),
});

accessesApiRoutes.get("/:id{[0-9]+}/accesses", async (c) => {
  const eventId = requireId(c.req.param("id"), "events:errors.not-found");
  const actor = await actorForEventParam(c, eventId);
  return c.json((await listEventTeam(c.get("db"), actor, eventId)).map((member) => teamMemberJson(member, eventId)));
});

accessesApiRoutes.post("/:id{[0-9]+}/accesses", async (c) => {
  const eventId = requireId(c.req.param("id"), "events:errors.not-found");
  const actor = await actorForEventParam(c, eventId);
  const { email } = await parseJson(c, accessInviteBodySchema);
  const db = c.get("db");
  const sender = emailSenderFromEnv(c.env, db);
  const added = await addEventAccess(
    db,
    actor,
    eventId,
    { email },
    {
      sendEmail: (message) => sender.send(message),
      appUrl: c.env.APP_URL,
      locale: c.get("language"),
    },
  );
  // A member of the organization has the access at once; anyone else gets an invitation to accept (issue 24 §2).
  return c.json(
    added.kind === "member" ? teamMemberJson(added.member, eventId) : invitationJson(added.invitation),
    201,
  );
});

accessesApiRoutes.put("/:id{[0-9]+}/accesses", async (c) => {
  const eventId = requireId(c.req.param("id"), "events:errors.not-found");
  const actor = await actorForEventParam(c, eventId);
  const input = await parseJson(c, accessRolesBodySchema);
  const member = await setEventAccessRoles(c.get("db"), actor, eventId, { userId: input.profile, roles: input.role });
  return member ? c.json(teamMemberJson(member, eventId)) : c.body(null, 204);
});

accessesApiRoutes.delete("/:id{[0-9]+}/accesses/:profile{[0-9]+}", async (c) => {
  const eventId = requireId(c.req.param("id"), "events:errors.not-found");
  const actor = await actorForEventParam(c, eventId);
  await removeEventAccess(c.get("db"), actor, eventId, requireId(c.req.param("profile"), "team:errors.not-found"));
  return c.body(null, 204);
});
