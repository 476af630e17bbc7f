import { eq } from "drizzle-orm";
import * as v from "valibot";
import type { Database } from "#db/database";
import { emailCodes, users } from "#db/schema";
import { AppError } from "../shared/app-error";
import { emailSchema } from "../shared/email";
import { constantTimeEqual, sha256Hex } from "../shared/crypto";
import { isUniqueViolation } from "../shared/sql";
import type { ClientInfo } from "./client-info";
import { registrationCodeSchema } from "./email-code";
import { consumeEmailCode, readRegistrationPayload, type EmailCodeRow } from "./email-code-store";
import { hashPassword } from "./password";
import { newPasswordSchema } from "./password-policy";
import { assertEmailAvailable } from "./request-registration-code";
import { createSession } from "./sessions";
import { checkCountedRegistrationCode, countRegistrationCodeCheck } from "./verify-registration-code";
import { orEmpty, validateInput } from "./validate-input";

export type SignedIn = { token: string; expiresAt: Date; userId: number };

export type RegistrationTicket = { codeId: number; email: string; firstName: string; lastName: string };

const TICKET_PATTERN = /^(\d{1,12})\.([a-z2-7]{32})$/;
const registrationExpired = () => new AppError("validation", "errors:registration-expired");

/** The registration a ticket (from the registration cookie) stands for, or null when it is unknown, used or expired. */
export async function readRegistrationTicket(
  db: Database,
  ticket: string | null | undefined,
  now = new Date(),
): Promise<(RegistrationTicket & { row: EmailCodeRow }) | null> {
  const match = ticket ? TICKET_PATTERN.exec(ticket) : null;
  if (!match) return null;
  const [row] = await db
    .select()
    .from(emailCodes)
    .where(eq(emailCodes.id, Number(match[1])))
    .limit(1);
  if (!row || row.purpose !== "register" || row.consumedAt || row.expiresAt.getTime() <= now.getTime()) return null;
  const payload = readRegistrationPayload(row);
  if (!payload?.ticketHash || !constantTimeEqual(sha256Hex(match[2]!), payload.ticketHash)) return null;
  return { codeId: row.id, email: row.email, firstName: payload.firstName, lastName: payload.lastName, row };
}

/** Uses the code and creates the verified password account, then its first session. */
async function createPasswordAccount(
  db: Database,
  row: EmailCodeRow,
  password: string,
  client: ClientInfo,
  now: Date,
): Promise<SignedIn> {
  const payload = readRegistrationPayload(row);
  const passwordHash = await hashPassword(password);
  if (!(await consumeEmailCode(db, row.id, now))) throw registrationExpired();
  let userId: number;
  try {
    const [user] = await db
      .insert(users)
      .values({
        email: row.email,
        firstName: payload?.firstName ?? "",
        lastName: payload?.lastName ?? "",
        passwordHash,
        authMethod: "password",
        locale: payload?.locale ?? null,
        emailVerifiedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: users.id });
    userId = user!.id;
  } catch (error) {
    if (isUniqueViolation(error, "users.email")) {
      throw new AppError("conflict", "errors:email-already-used", { fields: { email: "errors:email-already-used" } });
    }
    throw error;
  }
  const session = await createSession(db, userId, { userAgent: client.userAgent }, now);
  return { ...session, userId };
}

/** Step 3 of the registration pages: the ticket from step 2 and the chosen password. */
export async function completeRegistration(
  db: Database,
  input: { ticket: string | null | undefined; password: string },
  client: ClientInfo,
  now = new Date(),
): Promise<SignedIn> {
  const { password } = validateInput(v.object({ password: orEmpty(newPasswordSchema) }), { password: input.password });
  const registration = await readRegistrationTicket(db, input.ticket, now);
  if (!registration) throw registrationExpired();
  return createPasswordAccount(db, registration.row, password, client, now);
}

/** API POST /auth/register: {username, email, email_code, password}; the username must be the email. */
export const registerWithCodeSchema = v.object({
  email: orEmpty(emailSchema),
  code: orEmpty(registrationCodeSchema),
  password: orEmpty(newPasswordSchema),
});

export async function registerWithEmailCode(
  db: Database,
  input: v.InferInput<typeof registerWithCodeSchema>,
  client: ClientInfo,
  now = new Date(),
): Promise<SignedIn> {
  const { email, code, password } = validateInput(registerWithCodeSchema, input);
  // Counted before the account lookup: "email already used" answers whether an account exists, so it must cost an
  // attempt like a wrong code does.
  await countRegistrationCodeCheck(db, email, client, now);
  await assertEmailAvailable(db, email);
  const row = await checkCountedRegistrationCode(db, { email, code }, now);
  return createPasswordAccount(db, row, password, client, now);
}
