import * as v from "valibot";
import type { Database } from "#db/database";
import { emailSchema } from "../shared/email";
import { findUserByEmail } from "../users/find-user-by-email";
import type { ClientInfo } from "./client-info";
import { hitRateLimits } from "./rate-limit";
import { orEmpty, validateInput } from "./validate-input";

/**
 * API POST /auth/need-register (spec §7): true when no account uses this email. It necessarily tells whether an
 * account exists, so it is rate-limited per IP like the other lookups.
 */
export async function checkNeedRegister(
  db: Database,
  input: { email: string },
  client: ClientInfo,
  now = new Date(),
): Promise<boolean> {
  const { email } = validateInput(v.object({ email: orEmpty(emailSchema) }), input);
  if (client.ip) await hitRateLimits(db, [{ name: "accountLookupPerIp", subject: client.ip }], now);
  return (await findUserByEmail(db, email)) === null;
}
