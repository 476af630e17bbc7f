import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { localeCookie } from "../../domain/http/locale-cookie";

let sequence = 0;
const newEmail = () => `lng-${Date.now().toString(36)}-${++sequence}@exemple.fr`;

async function verificationSubject(email: string, headers: Record<string, string>): Promise<string> {
  const response = await exports.default.fetch("http://localhost/auth/verify-email", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify({ email, first_name: "Sam", last_name: "Lee" }),
  });
  expect(response.status).toBeLessThan(300);
  for (let i = 0; i < 50; i++) {
    const row = await env.DB.prepare('SELECT subject FROM dev_mailbox WHERE "to" = ? ORDER BY id DESC LIMIT 1')
      .bind(email)
      .first<{ subject: string }>();
    if (row) return row.subject;
    await new Promise((done) => setTimeout(done, 20));
  }
  throw new Error(`no email to ${email}`);
}

describe("language of the JSON auth API's emails", () => {
  it("follows the lng cookie as the app writes it (React Router's encoded value), before Accept-Language", async () => {
    const english = (await localeCookie.serialize("en")).split(";")[0]!;
    expect(await verificationSubject(newEmail(), { Cookie: english, "Accept-Language": "fr-FR" })).toMatch(
      /is your Guichet verification code$/,
    );
    const french = (await localeCookie.serialize("fr")).split(";")[0]!;
    expect(await verificationSubject(newEmail(), { Cookie: french, "Accept-Language": "en-GB" })).toMatch(
      /est votre code de validation Guichet$/,
    );
  });
});
