import { eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { waitingListEntries } from "#db/schema";
import { closeEntry, type RemovedWaitingListEntry } from "./remove-waiting-list-entry";

/**
 * The person leaves the line from their own page (issue 28 §3, « Quitter la liste d'attente »): their link's token is
 * their credential; an unknown one is not found, a closed entry (booked, expired, removed) a conflict.
 */
export async function leaveWaitingList(
  db: Database,
  input: { token: string; now?: Date },
): Promise<RemovedWaitingListEntry> {
  return closeEntry(db, eq(waitingListEntries.accessToken, input.token), {
    now: input.now ?? new Date(),
    notFoundKey: "waiting-list:errors.entry-not-found",
  });
}
