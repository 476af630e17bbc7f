import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createEmailSender, EmailDeliveryError } from "#adapters/email";
import { devMailbox } from "#db/schema";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../support/libsql-test-db";

const message = { to: "Lea@Exemple.fr", subject: "Votre code", text: "123456", html: "<p>123456</p>" };

describe("email adapter", () => {
  let t: LibsqlTestDatabase;
  beforeEach(async () => {
    t = await createLibsqlTestDatabase();
  });
  afterEach(() => t.close());

  it("keeps mail in the dev mailbox when RESEND_API_KEY is unset", async () => {
    const sender = createEmailSender({ db: t.db, from: "Guichet <no-reply@guichet.test>" });
    expect(sender.mode).toBe("dev-mailbox");
    await sender.send(message);
    const rows = await t.db.select().from(devMailbox);
    expect(rows).toMatchObject([{ to: "lea@exemple.fr", subject: "Votre code", text: "123456", html: "<p>123456</p>" }]);
  });

  it("posts to Resend with the key when it is set, and stores nothing locally", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ id: "email_1" }), { status: 200 }));
    const sender = createEmailSender({ db: t.db, resendApiKey: "re_test", from: "Guichet <no-reply@guichet.test>", fetch });
    expect(sender.mode).toBe("resend");
    await sender.send(message);
    expect(fetch).toHaveBeenCalledOnce();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("https://api.resend.com/emails");
    expect(new Headers(init.headers).get("Authorization")).toBe("Bearer re_test");
    expect(JSON.parse(String(init.body))).toMatchObject({ to: ["Lea@Exemple.fr"], subject: "Votre code" });
    expect(await t.db.select().from(devMailbox)).toHaveLength(0);
  });

  it("reports a refused delivery", async () => {
    const fetch = vi.fn(async () => new Response("invalid from", { status: 422 }));
    const sender = createEmailSender({ db: t.db, resendApiKey: "re_test", from: "x", fetch });
    await expect(sender.send(message)).rejects.toBeInstanceOf(EmailDeliveryError);
  });
});
