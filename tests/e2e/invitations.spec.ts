import { mkdirSync } from "node:fs";
import { expect as baseExpect, test, type APIRequestContext, type Page } from "@playwright/test";
import { registerWithOrganization as register } from "./support/accounts";
import { describeViolations, seriousViolations } from "./support/axe";
import { invitationLinkOf } from "./support/invitations";
import { registrationCodeOf, uniqueEmail, waitForMail } from "./support/mailbox";
import { signIn, waitForHydration } from "./support/sign-in";

// Long flows on a shared, slow machine.
test.describe.configure({ timeout: 300_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const SHOTS = process.env.SHOTS_DIR ?? "test-results/screens";
const PASSWORD = "Invitation-Acceptee-2026";
const registerWithOrganization = (request: APIRequestContext, label: string, firstName: string, title: string) =>
  register(request, label, firstName, title, PASSWORD);

/** Screenshots at 1280 and 390 px, each width checked by axe-core (serious and critical findings fail). */
async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    expect.soft(describeViolations(await seriousViolations(page)), `${name} at ${width} px`).toBe("");
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function invite(page: Page, email: string, role?: string) {
  await page.getByLabel("Email").fill(email);
  if (role) {
    await page.getByRole("combobox", { name: "Rôle", exact: true }).click();
    await page.getByRole("option", { name: role, exact: true }).click();
  }
  await page.getByRole("button", { name: "Inviter", exact: true }).click();
  await expect(page.locator(`[data-testid="invitation-row"][data-email="${email}"]`)).toBeVisible();
}

async function signOut(page: Page) {
  await page.context().clearCookies();
}

test("invitations: a newcomer registers from the link and joins, an existing account signs in and accepts, a revoked link refuses; sign-in opens the last organization used", async ({
  page,
  request,
}) => {
  // The inviting organization is the test's own (other specs count the demo organization's members), and so is the
  // existing account's, whose name sorts first ("Aaa…").
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
  const ORGANIZATION = `Compagnie des Invitations ${suffix}`;
  const ownTitle = `Aaa Atelier ${suffix}`;
  const owner = await registerWithOrganization(request, "invite-owner", "Claire", ORGANIZATION);
  const existing = await registerWithOrganization(request, "invite-existing", "Inès", ownTitle);

  const newcomer = uniqueEmail("invite-new");
  const revoked = uniqueEmail("invite-revoked");

  // The owner invites three people from the settings page: none of them is a member until they accept.
  await signIn(page, owner, PASSWORD, { fresh: true });
  await page.goto("/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Membres de l'organisation" })).toBeVisible();
  await waitForHydration(page);
  await invite(page, newcomer, "Gestionnaire d'événements");
  await expect(page.getByText("Invitation envoyée").first()).toBeVisible();
  await invite(page, existing, "Administrateur");
  await invite(page, revoked);
  await expect(page.locator(`[data-testid="member-row"][data-email="${existing}"]`)).toHaveCount(0);
  // Inviting the same email again says so, whether or not it has an account.
  await page.getByLabel("Email").fill(existing);
  await page.getByRole("button", { name: "Inviter", exact: true }).click();
  await expect(page.getByText("Une invitation est déjà en attente pour cet email.")).toBeVisible();
  await page.reload();
  // Other specs invite people to the same demo organization: only these three rows are this test's.
  for (const email of [newcomer, existing, revoked]) {
    await expect(page.locator(`[data-testid="invitation-row"][data-email="${email}"]`)).toBeVisible();
  }
  await shoot(page, "settings-pending-invitations");
  await waitForHydration(page);

  // Revoke the third one: its link then refuses.
  const revokedLink = await invitationLinkOf(request, revoked);
  await page
    .locator(`[data-testid="invitation-row"][data-email="${revoked}"]`)
    .getByRole("button", { name: "Révoquer" })
    .click();
  await expect(page.getByText("Invitation révoquée")).toBeVisible();
  await expect(page.locator(`[data-testid="invitation-row"][data-email="${revoked}"]`)).toHaveCount(0);

  // 1. No account yet: from the link to registration (email prefilled), and the new account joins on creation.
  await signOut(page);
  const newcomerLink = await invitationLinkOf(request, newcomer);
  await page.goto(newcomerLink);
  await expect(page.getByRole("heading", { name: `Rejoindre ${ORGANIZATION}` })).toBeVisible();
  await expect(page.getByText("Rôle proposé : Gestionnaire d'événements")).toBeVisible();
  await shoot(page, "invitation-signed-out");
  await page.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(page).toHaveURL(/\/auth\/register\?/);
  await expect(page.getByLabel("Email")).toHaveValue(newcomer);
  await page.getByLabel("Prénom").fill("Noé");
  await page.getByLabel("Nom", { exact: true }).fill("Nouveau");
  await page.getByRole("button", { name: "Recevoir mon code" }).click();
  await expect(page).toHaveURL(/\/auth\/register\/validate-email/);
  const newcomerCode = registrationCodeOf(await waitForMail(request, newcomer, /code de validation Guichet$/));
  await page.getByLabel("Code de validation").fill(newcomerCode);
  await page.getByRole("button", { name: "Valider", exact: true }).click();
  await expect(page).toHaveURL(/\/auth\/register\/password/);
  await page.getByLabel("Mot de passe", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirmation du mot de passe").fill(PASSWORD);
  await page.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(page).toHaveURL(new RegExp(`${newcomerLink}$`));
  await expect(page.getByRole("heading", { name: `Vous avez rejoint ${ORGANIZATION}` })).toBeVisible();
  await page.getByRole("link", { name: "Ouvrir Guichet" }).click();
  await expect(page.getByText(`Tous les événements de ${ORGANIZATION}.`)).toBeVisible();

  // 2. An existing account: signed in with another account it is refused clearly; then sign in and accept.
  const existingLink = await invitationLinkOf(request, existing);
  await page.goto(existingLink);
  await expect(page.getByRole("heading", { name: "Cette invitation est destinée à un autre compte" })).toBeVisible();
  await expect(
    page.getByText(`Elle a été envoyée à ${existing}, mais vous êtes connecté avec ${newcomer}.`),
  ).toBeVisible();
  await shoot(page, "invitation-wrong-account");
  await signOut(page);
  await page.goto(existingLink);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page).toHaveURL(/\/auth\/login\?/);
  await expect(page.getByLabel("Email")).toHaveValue(existing);
  await page.getByRole("button", { name: /continuer|continue/i }).click();
  await page.getByLabel(/mot de passe|password/i).fill(PASSWORD);
  await page.getByRole("button", { name: /se connecter|sign in/i }).click();
  await expect(page).toHaveURL(new RegExp(`${existingLink}$`));
  await expect(page.getByText("Rôle proposé : Administrateur")).toBeVisible();
  await shoot(page, "invitation-accept");
  await page.getByRole("button", { name: "Accepter l'invitation" }).click();
  await expect(page.getByRole("heading", { name: `Vous avez rejoint ${ORGANIZATION}` })).toBeVisible();

  // 3. The revoked link refuses.
  await page.goto(revokedLink);
  await expect(page.getByRole("heading", { name: "Cette invitation n'est plus valable" })).toBeVisible();
  await expect(page.getByText("Cette invitation a été révoquée.")).toBeVisible();

  // 4. Two organizations: "Aaa…" is first by title, but a new sign-in opens the one last used.
  await signOut(page);
  await signIn(page, existing, PASSWORD, { fresh: true });
  await expect(page.getByText(`Tous les événements de ${ORGANIZATION}.`)).toBeVisible();
  await page.getByTestId("account-menu-trigger").click();
  await page.getByTestId("organization-switcher").getByRole("menuitem", { name: ownTitle }).click();
  await expect(page.getByText(`Tous les événements de ${ownTitle}.`)).toBeVisible();
  await signOut(page);
  await signIn(page, existing, PASSWORD, { fresh: true });
  await expect(page.getByText(`Tous les événements de ${ownTitle}.`)).toBeVisible();
  await page.getByTestId("account-menu-trigger").click();
  await page.getByTestId("organization-switcher").getByRole("menuitem", { name: ORGANIZATION }).click();
  await expect(page.getByText(`Tous les événements de ${ORGANIZATION}.`)).toBeVisible();
  await signOut(page);
  await signIn(page, existing, PASSWORD, { fresh: true });
  await expect(page.getByText(`Tous les événements de ${ORGANIZATION}.`)).toBeVisible();

  // The owner's list: the two who accepted are members, nothing is pending any more.
  await signOut(page);
  await signIn(page, owner, PASSWORD, { fresh: true });
  await page.goto("/settings");
  await expect(page.locator(`[data-testid="member-row"][data-email="${existing}"]`)).toBeVisible();
  await expect(page.locator(`[data-testid="member-row"][data-email="${newcomer}"]`)).toBeVisible();
  for (const email of [newcomer, existing, revoked]) {
    await expect(page.locator(`[data-testid="invitation-row"][data-email="${email}"]`)).toHaveCount(0);
  }
});
