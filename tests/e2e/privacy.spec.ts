import { readFileSync } from "node:fs";
import { expect as baseExpect, test, type APIRequestContext } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";
import { registrationCodeOf, uniqueEmail, waitForMail } from "./support/mailbox";
import { signIn } from "./support/sign-in";
import { acceptInvitationByRequest } from "./support/invitations";

// Long flows on a shared, slow machine.
test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const PASSWORD = "Velours-Marée-42-privé";
const DAY = 86_400_000;

/** A fresh account made through the JSON auth API (spec §7): its email and bearer token. */
async function register(request: APIRequestContext, label: string) {
  const email = uniqueEmail(label);
  const asked = await request.post("/auth/verify-email", { data: { email, first_name: "Rose", last_name: "Privée" } });
  expect(asked.ok()).toBe(true);
  const code = registrationCodeOf(await waitForMail(request, email, /./));
  const registered = await request.post("/auth/register", {
    data: { username: email, email, email_code: code, password: PASSWORD },
  });
  expect(registered.ok()).toBe(true);
  return { email, headers: { Authorization: `Bearer ${(await registered.json()) as string}` } };
}

test("an owner exports the organization, anonymises an ended event, then deletes their account", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const owner = await register(request, "privacy-owner");
  const title = `Asso Vie Privée ${Date.now().toString(36)}`;
  const organization = await request.post("/api/organizers", { headers: owner.headers, data: { title } });
  expect(organization.status()).toBe(201);
  const organizationId = ((await organization.json()) as { id: number }).id;
  const now = Date.now();
  const created = await request.post("/api/events", {
    headers: owner.headers,
    data: {
      organizer: organizationId,
      title: "Bal d'hiver 2025",
      start_at: new Date(now - 400 * DAY).toISOString(),
      end_at: new Date(now - 400 * DAY + 5 * 3_600_000).toISOString(),
      timezone: "Europe/Paris",
    },
  });
  expect(created.status()).toBe(201);
  const eventId = ((await created.json()) as { id: number }).id;
  const ticket = await request.post(`/api/events/${eventId}/tickets`, {
    headers: owner.headers,
    data: { title: "Entrée libre", price: 0, ticket_type: "ticket" },
  });
  expect(ticket.status()).toBe(201);
  const ticketId = ((await ticket.json()) as { id: number }).id;
  const buyer = { first_name: "Bastien", last_name: "Acheteur", email: "bastien.acheteur@exemple.fr" };
  const placed = await request.post(`/api/events/${eventId}/manual-orders`, {
    headers: owner.headers,
    data: { orders: [{ buyer, participants: [{ ticket_id: ticketId, ...buyer }] }] },
  });
  expect(placed.ok()).toBe(true);

  await signIn(page, owner.email, PASSWORD, { fresh: true });
  await page.goto("/organization");
  const section = page.getByTestId("organization-privacy");
  await expect(section.getByText("Export des données")).toBeVisible();
  await expect(page.getByTestId("privacy-due-events")).toContainText("Bal d'hiver 2025");
  await page.screenshot({ path: testInfo.outputPath("organization-privacy.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("organization-privacy-390.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The export downloads as a zip whose participants file holds the buyer.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("privacy-export").click()]);
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^guichet-export-${organizationId}-\\d{4}-\\d{2}-\\d{2}\\.zip$`),
  );
  const files = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
  expect(Object.keys(files)).toContain("csv/participants.csv");
  const participants = JSON.parse(strFromU8(files["json/participants.json"]!)) as { email: string }[];
  expect(participants.map((p) => p.email)).toEqual(["bastien.acheteur@exemple.fr"]);

  // Anonymising the ended event blanks the buyer and keeps the count.
  await section.getByRole("button", { name: "Anonymiser maintenant" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Anonymiser les données des acheteurs ?" });
  await confirm.getByRole("button", { name: "Anonymiser" }).click();
  await expect(page.getByText("1 événement anonymisé")).toBeVisible();
  await expect(section.getByText(/Aucun événement terminé depuis plus de 12 mois/)).toBeVisible();
  await expect(section.getByText("1 événement déjà anonymisé.")).toBeVisible();
  const again = await request.get(`/api/organizers/${organizationId}/export`, { headers: owner.headers });
  const after = unzipSync(new Uint8Array(await again.body()));
  const anonymised = JSON.parse(strFromU8(after["json/participants.json"]!)) as Record<string, unknown>[];
  expect(anonymised).toEqual([expect.objectContaining({ first_name: "", last_name: "", email: "", price: 0 })]);

  // The sole owner must hand the organization over first.
  await page.goto("/profile");
  const card = page.getByTestId("delete-account");
  await expect(card.getByTestId("sole-owner")).toContainText(title);
  await expect(card.getByRole("button", { name: "Supprimer mon compte" })).toBeDisabled();
  await page.screenshot({ path: testInfo.outputPath("profile-sole-owner.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath("profile-sole-owner-390.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  const successor = await register(request, "privacy-successor");
  const added = await request.post(`/api/organizers/${organizationId}/members`, {
    headers: owner.headers,
    data: { email: successor.email, role: "owner" },
  });
  expect(added.status()).toBe(201);
  // Issue 24 §2: an invitation, which the successor accepts.
  await acceptInvitationByRequest(request, baseURL!, successor.email, PASSWORD);

  await page.reload();
  await expect(card.getByTestId("sole-owner")).toHaveCount(0);
  await card.getByRole("button", { name: "Supprimer mon compte" }).click();
  const dialog = page.getByRole("dialog", { name: "Supprimer définitivement votre compte ?" });
  await dialog.getByLabel("Mot de passe").fill("pas-le-bon-mot-de-passe");
  await dialog.getByRole("button", { name: "Supprimer définitivement" }).click();
  await expect(dialog.getByText("Mot de passe incorrect.")).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("delete-account-dialog.png") });
  await dialog.getByLabel("Mot de passe").fill(PASSWORD);
  await dialog.getByRole("button", { name: "Supprimer définitivement" }).click();
  await expect(page).toHaveURL(/\/privacy\?account-deleted=1$/);
  await expect(page.getByRole("status")).toHaveText("Votre compte a été supprimé.");

  // Signed out everywhere, and the account is gone; the organization stays with its other owner.
  expect((await request.get("/api/me", { headers: owner.headers })).status()).toBe(401);
  const login = await request.post("/auth/login", { data: { email: owner.email, password: PASSWORD } });
  expect(login.ok()).toBe(false);
  const members = await request.get(`/api/organizers/${organizationId}/members`, { headers: successor.headers });
  expect(((await members.json()) as { email: string }[]).map((m) => m.email)).toEqual([successor.email]);
});

test("the privacy page is plain HTML in French and English, linked from the sign-in and public event pages", async ({
  page,
}) => {
  await page.goto("/auth/login");
  await page.getByRole("link", { name: "Confidentialité" }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole("heading", { level: 1, name: "Politique de confidentialité" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Combien de temps ?" })).toBeVisible();
  expect(await page.locator("script[src], script[type=module]").count()).toBe(0);
  await page.getByTestId("language-switcher").click();
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Privacy policy" })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("privacy-page-en.png"), fullPage: true });
  await page.getByTestId("language-switcher").click();
  await page.getByRole("button", { name: "Français" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Politique de confidentialité" })).toBeVisible();

  await page.goto("/events/1");
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Confidentialité" })).toHaveAttribute(
    "href",
    "/privacy",
  );
});
