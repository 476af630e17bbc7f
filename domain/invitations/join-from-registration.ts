import type { Database } from "#db/database";
import { isAppError } from "../shared/app-error";
import { getProfile } from "../users/get-profile";
import { acceptInvitation } from "./accept-invitation";

/**
 * An account created from an invitation link joins as soon as it exists (issue 24 §2): its email was verified by the
 * registration code, and the person asked to join by following the link. An invitation that cannot be accepted any
 * more (expired, revoked, for another email) leaves the new account as it is; its page tells why.
 */
export async function joinFromRegistration(db: Database, userId: number, token: string, now = new Date()) {
  const user = await getProfile(db, userId);
  try {
    return await acceptInvitation(db, { id: user.id, email: user.email }, token, now);
  } catch (error) {
    if (isAppError(error)) return null;
    throw error;
  }
}
