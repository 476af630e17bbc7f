import { eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { waitingListEntries } from "#db/schema";
import { AppError, isAppError } from "../shared/app-error";
import { closeEntry, entryStateColumns, type RemovedWaitingListEntry } from "./remove-waiting-list-entry";

/**
 * The person leaves the line from their own page (issue 28 §3, « Quitter la liste d'attente »): their link's token is
 * their credential; an unknown one is not found. Leaving twice (a second tab, a resent form) answers the same; a booked
 * or expired entry is no longer theirs to leave (a conflict).
 */
export async function leaveWaitingList(
  db: Database,
  input: { token: string; now?: Date },
): Promise<RemovedWaitingListEntry> {
  const which = eq(waitingListEntries.accessToken, input.token);
  try {
    return await closeEntry(db, which, {
      now: input.now ?? new Date(),
      notFoundKey: "waiting-list:errors.entry-not-found",
    });
  } catch (error) {
    if (!isAppError(error) || error.code !== "conflict") throw error;
    const [entry] = await db.select(entryStateColumns).from(waitingListEntries).where(which).limit(1);
    if (entry?.status !== "removed") throw new AppError("conflict", "waiting-list:errors.entry-closed");
    return {
      id: entry.id,
      status: "removed",
      previousStatus: "removed",
      ticketId: entry.ticketId,
      eventId: entry.eventId,
    };
  }
}
