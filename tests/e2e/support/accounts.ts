import { expect, type APIRequestContext } from "@playwright/test";
import { registrationCodeOf, uniqueEmail, waitForMail } from "./mailbox";

/**
 * A new account, registered through the spec's own calls, with an organization of its own; answers its email.
 * Specs that switch organizations use one: the server remembers each user's last organization (issue 24 §2), so a
 * switch made with a shared demo account would move every other spec signing in with it at the same time.
 */
export async function registerWithOrganization(
  request: APIRequestContext,
  label: string,
  firstName: string,
  title: string,
  password: string,
): Promise<string> {
  const email = uniqueEmail(label);
  const asked = await request.post("/auth/verify-email", { data: { email, first_name: firstName, last_name: "Test" } });
  expect(asked.ok()).toBe(true);
  const code = registrationCodeOf(await waitForMail(request, email, /code de validation Guichet$/));
  const registered = await request.post("/auth/register", {
    data: { username: email, email, email_code: code, password },
  });
  expect(registered.status()).toBe(200);
  const token = (await registered.json()) as string;
  const created = await request.post("/api/organizers", {
    headers: { Authorization: `Bearer ${token}` },
    data: { title },
  });
  expect(created.status()).toBe(201);
  return email;
}
