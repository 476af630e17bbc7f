import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "#db/database";
import { contactEntries, memberships, organizations, users } from "#db/schema";
import type { EmailMessage } from "#adapters/email";
import enContact from "../locales/en/contact.json";
import frContact from "../locales/fr/contact.json";
import { hitRateLimits, type RateLimitHit } from "../auth/rate-limit";
import { renderEmailHtml, renderEmailText } from "../emails/email-layout";
import { fill } from "../emails/email-locale";
import { notFound } from "../shared/app-error";
import type { ContactMessageInput } from "./contact-message-schema";

export type SubmitContactDeps = {
  sendEmail?: (message: EmailMessage) => Promise<void>;
  appUrl?: string;
  now?: Date;
};

/** What happened: stored, or dropped because the honeypot was filled (the sender is told the same as a person). */
export type ContactSubmission = { status: "stored"; id: number } | { status: "dropped" };

const copy = { fr: frContact.email, en: enContact.email };

/**
 * A visitor writes to the organization from a public page. Unknown and private organizations are 404 (no public page,
 * no form). Rate-limited per IP and per sender email (contactMessagePerIp / contactMessagePerEmail) before anything is
 * stored; the organization is told by email at its contact address, or its owners' when it has none.
 */
export async function submitContactMessage(
  db: Database,
  deps: SubmitContactDeps,
  organizationId: number,
  input: ContactMessageInput,
  client: { ip: string | null },
): Promise<ContactSubmission> {
  const [organization] = await db
    .select({
      id: organizations.id,
      title: organizations.title,
      contactEmail: organizations.contactEmail,
      isPrivate: organizations.isPrivate,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  if (!organization || organization.isPrivate) throw notFound();

  const hits: RateLimitHit[] = [{ name: "contactMessagePerEmail", subject: input.email }];
  if (client.ip) hits.push({ name: "contactMessagePerIp", subject: client.ip });
  await hitRateLimits(db, hits, deps.now);
  if (input.website.trim() !== "") return { status: "dropped" };

  const [entry] = await db
    .insert(contactEntries)
    .values({
      organizationId: organization.id,
      firstName: input.first_name,
      lastName: input.last_name,
      email: input.email,
      subject: input.subject,
      message: input.message,
    })
    .returning({ id: contactEntries.id });

  if (deps.sendEmail) {
    const recipients = organization.contactEmail
      ? [organization.contactEmail]
      : (
          await db
            .select({ email: users.email })
            .from(memberships)
            .innerJoin(users, eq(users.id, memberships.userId))
            .where(and(eq(memberships.organizationId, organization.id), inArray(memberships.role, ["owner"])))
        ).map((r) => r.email);
    const c = copy.fr;
    const values = {
      organization: organization.title,
      name: `${input.first_name} ${input.last_name}`,
      email: input.email,
    };
    // Without APP_URL (a deploy not finished) the email goes without its link rather than with a relative one.
    const appUrl = (deps.appUrl ?? "").replace(/\/$/, "");
    const inboxUrl = appUrl ? `${appUrl}/organization/contact-entries` : null;
    const heading = fill(c.heading, values);
    const lines = [fill(c.intro, values), "", input.subject ? `${c.subject} ${input.subject}` : "", input.message];
    for (const to of recipients) {
      await deps.sendEmail({
        to,
        subject: fill(c["mail-subject"], values),
        text: renderEmailText("fr", heading, inboxUrl ? [...lines, "", inboxUrl] : lines),
        html: renderEmailHtml("fr", heading, [
          { kind: "paragraph", text: fill(c.intro, values) },
          ...(input.subject ? [{ kind: "paragraph" as const, text: `${c.subject} ${input.subject}` }] : []),
          { kind: "paragraph", text: input.message },
          ...(inboxUrl ? [{ kind: "button" as const, label: c.button, href: inboxUrl }] : []),
          { kind: "note", text: fill(c.reply, values) },
        ]),
      });
    }
  }
  return { status: "stored", id: entry!.id };
}
