import { requireId } from "#domain/shared/ids";
import { Hono } from "hono";
import * as v from "valibot";
import { emailSenderFromEnv } from "#adapters/email";
import { contactMessageSchema } from "#domain/contact-entries/contact-message-schema";
import { listContactEntries, type ContactEntry } from "#domain/contact-entries/list-contact-entries";
import { setContactEntryRead } from "#domain/contact-entries/set-contact-entry-read";
import { submitContactMessage } from "#domain/contact-entries/submit-contact-message";
import { clientInfoFromHeaders } from "#domain/http/client-info";
import { actorForOrganizerParam } from "../actor-for-organization";
import type { HonoEnv } from "../hono-app";
import type { ApiEnv } from "../middleware/api-session";
import { parseJson } from "../parse-json";

const contactEntryJson = (entry: ContactEntry) => ({
  id: entry.id,
  first_name: entry.firstName,
  last_name: entry.lastName,
  full_name: entry.fullName,
  email: entry.email,
  subject: entry.subject,
  message: entry.message,
  is_read: entry.isRead,
  is_read_str: String(entry.isRead),
  created_at: entry.createdAt.toISOString(),
});

/** Spec §7 contact-form inbox, mounted at /api/organizer (singular, as the spec names it). */
export const contactFormApiRoutes = new Hono<ApiEnv>();

contactFormApiRoutes.get("/:organizer/contact-form", async (c) => {
  const actor = await actorForOrganizerParam(c, c.req.param("organizer"));
  const entries = await listContactEntries(c.get("db"), actor, actor.organizationId);
  return c.json(entries.map(contactEntryJson));
});

export const contactReadBodySchema = v.object({ is_read: v.optional(v.boolean("errors:invalid-input")) });

/** Toggles the read flag, or sets it when the body says `{ "is_read": true|false }`. */
contactFormApiRoutes.put("/:organizer/contact-form/:id/read", async (c) => {
  const actor = await actorForOrganizerParam(c, c.req.param("organizer"));
  const entryId = requireId(c.req.param("id"), "contact:errors.not-found");
  const { is_read } = await parseJson(c, contactReadBodySchema, {
    allowEmpty: true,
  });
  const entry = await setContactEntryRead(c.get("db"), actor, actor.organizationId, entryId, is_read);
  return c.json(contactEntryJson(entry));
});

/**
 * POST /api/public/organizers/:id/contact — the public contact form, no session. Mounted in api-public.ts. A filled
 * honeypot gets the same 201 as a real message (nothing stored).
 */
export const publicContactRoutes = new Hono<HonoEnv>();

publicContactRoutes.post("/:id{[0-9]+}/contact", async (c) => {
  const organizationId = requireId(c.req.param("id"));
  const input = await parseJson(c, contactMessageSchema);
  const db = c.get("db");
  const sender = emailSenderFromEnv(c.env, db);
  await submitContactMessage(
    db,
    { sendEmail: (message) => sender.send(message), appUrl: c.env.APP_URL },
    organizationId,
    input,
    { ip: clientInfoFromHeaders(c.req.raw.headers).ip },
  );
  return c.json({ ok: true }, 201);
});
