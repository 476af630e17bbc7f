import { and, eq } from "drizzle-orm";
import type { EmailSender } from "#adapters/email";
import type { Database } from "#db/database";
import { memberships, organizations, users, webhookEndpoints } from "#db/schema";
import { renderEmailHtml, renderEmailText } from "../emails/email-layout";
import { emailCopy, fill, toEmailLocale } from "../emails/email-locale";

/** Tells every owner of the organization that an endpoint was disabled, each in their own language. */
export async function notifyWebhookEndpointDisabled(
  db: Database,
  email: EmailSender,
  input: { endpointId: number; appUrl: string },
): Promise<number> {
  const rows = await db
    .select({
      url: webhookEndpoints.url,
      organization: organizations.title,
      to: users.email,
      locale: users.locale,
    })
    .from(webhookEndpoints)
    .innerJoin(organizations, eq(organizations.id, webhookEndpoints.organizationId))
    .innerJoin(
      memberships,
      and(eq(memberships.organizationId, webhookEndpoints.organizationId), eq(memberships.role, "owner")),
    )
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(webhookEndpoints.id, input.endpointId));
  const settingsUrl = new URL("/settings/tracking", input.appUrl).toString();
  for (const row of rows) {
    const locale = toEmailLocale(row.locale);
    const c = emailCopy(locale)["webhook-disabled"];
    const values = { url: row.url, organization: row.organization };
    await email.send({
      to: row.to,
      subject: fill(c.subject, values),
      text: renderEmailText(locale, c.heading, [fill(c.body, values), "", c.action, "", settingsUrl]),
      html: renderEmailHtml(locale, c.heading, [
        { kind: "paragraph", text: fill(c.body, values) },
        { kind: "paragraph", text: c.action },
        { kind: "button", label: c.button, href: settingsUrl },
      ]),
    });
  }
  return rows.length;
}
