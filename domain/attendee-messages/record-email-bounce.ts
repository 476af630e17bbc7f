import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "#db/database";
import { attendeeMessageRecipients } from "#db/schema";

/**
 * A bounce the email provider reported (Resend's `email.bounced` webhook) for an email it had accepted: the
 * recipient's delivery becomes "bounced" with the provider's reason. Unknown ids (an order email, another
 * deployment's) change nothing. Returns whether a delivery was marked.
 */
export async function recordEmailBounce(
  db: Database,
  input: { providerMessageId: string; reason: string },
): Promise<boolean> {
  const marked = await db
    .update(attendeeMessageRecipients)
    .set({ status: "bounced", lastError: input.reason.slice(0, 500) || "bounced" })
    .where(
      and(
        eq(attendeeMessageRecipients.providerMessageId, input.providerMessageId),
        inArray(attendeeMessageRecipients.status, ["sent", "sending"]),
      ),
    )
    .returning({ id: attendeeMessageRecipients.id });
  return marked.length > 0;
}
