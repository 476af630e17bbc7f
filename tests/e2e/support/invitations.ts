import { expect, type APIRequestContext } from "@playwright/test";
import { waitForMail } from "./mailbox";

/** The path of the newest invitation link emailed to `to` (issue 24 §2): `/invitations/<token>`. */
export async function invitationLinkOf(request: APIRequestContext, to: string): Promise<string> {
  const mail = await waitForMail(request, to, /vous invite à rejoindre|invites you to join/);
  const path = /\/invitations\/[a-z2-7]{32}/.exec(mail.text)?.[0];
  if (!path) throw new Error(`no invitation link in "${mail.subject}"`);
  return path;
}

/**
 * Accepts the invitation last emailed to `email` as that account, without a browser: signs in through POST
 * /auth/login and posts the invitation page's "accept" with that session cookie, as the page's form does.
 */
export async function acceptInvitationByRequest(
  request: APIRequestContext,
  baseURL: string,
  email: string,
  password: string,
): Promise<void> {
  const link = await invitationLinkOf(request, email);
  const login = await request.post("/auth/login", { data: { email, password } });
  expect(login.ok()).toBe(true);
  const token = (await login.json()) as string;
  const accepted = await request.post(link, {
    form: { intent: "accept" },
    headers: { Cookie: `guichet_session=${token}`, Origin: new URL(baseURL).origin },
    maxRedirects: 0,
  });
  expect(accepted.status()).toBe(302);
  const page = await request.get(link, { headers: { Cookie: `guichet_session=${token}` } });
  expect(await page.text()).toMatch(/Vous avez rejoint|You joined/);
}
