import { expect, test } from "@playwright/test";
import { registrationCodeOf, uniqueEmail, waitForMail } from "./support/mailbox";
import { signIn } from "./support/sign-in";

const OLD_PASSWORD = "Ancien-Secret-2026";
const NEW_PASSWORD = "Nouveau-Secret-2027";

test("the emailed link resets the password and revokes the old session", async ({ browser, request }) => {
  // A fresh account of its own (the demo accounts are shared with other specs), through the JSON API.
  const email = uniqueEmail("reinitialisation");
  expect(
    (await request.post("/auth/verify-email", { data: { email, first_name: "Hugo", last_name: "Lefèvre" } })).status(),
  ).toBe(200);
  const code = registrationCodeOf(await waitForMail(request, email, /code de validation Guichet$/));
  const registered = await request.post("/auth/register", {
    data: { username: email, email, email_code: code, password: OLD_PASSWORD },
  });
  expect(registered.status()).toBe(200);

  // The session to be revoked: signed in elsewhere.
  const elsewhere = await browser.newContext();
  const oldPage = await elsewhere.newPage();
  await signIn(oldPage, email, OLD_PASSWORD);

  // "Mot de passe oublié ?" from the sign-in page.
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/auth/login");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continuer" }).click();
  await page.getByRole("link", { name: "Mot de passe oublié ?" }).click();
  await expect(page).toHaveURL(/\/auth\/reset-password\?email=/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mot de passe oublié");
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await page.getByRole("button", { name: "Envoyer le lien" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Email envoyé");
  await expect(page.getByRole("status")).toContainText(`Si un compte existe pour ${email}`);

  const mail = await waitForMail(request, email, /^Réinitialisez votre mot de passe Guichet$/);
  const link = /http:\/\/\S+\/auth\/reset-password\?\S+/.exec(mail.text)?.[0];
  expect(link).toBeDefined();
  const url = new URL(link!);
  expect(url.searchParams.get("email")).toBe(email);

  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nouveau mot de passe");
  const submit = page.getByRole("button", { name: "Réinitialiser le mot de passe" });
  await page.getByLabel("Nouveau mot de passe").fill(NEW_PASSWORD);
  await page.getByLabel("Confirmation du mot de passe").fill(`${NEW_PASSWORD}!`);
  await submit.click();
  await expect(page.getByText("La confirmation ne correspond pas au mot de passe.").first()).toBeVisible();
  await expect(page.getByLabel("Confirmation du mot de passe")).toBeFocused();

  await page.getByLabel("Nouveau mot de passe").fill(NEW_PASSWORD);
  await page.getByLabel("Confirmation du mot de passe").fill(NEW_PASSWORD);
  await submit.click();
  // Not signed in here: the sign-in page, with the email filled in and the success said inline (no JavaScript there).
  await expect(page).toHaveURL(/\/auth\/login\?email=/);
  await expect(page.getByRole("status")).toContainText("Votre mot de passe a été réinitialisé.");
  await expect(page.getByLabel("Email")).toHaveValue(email);
  // The account holder is told by email that the password changed.
  await waitForMail(request, email, /^Votre mot de passe Guichet a été modifié$/);

  // The session signed in with the old password is gone.
  await oldPage.goto("/");
  await expect(oldPage).toHaveURL(/\/auth\/login$/);
  await elsewhere.close();

  // The link was single-use; the new password works.
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lien expiré ou invalide");
  // A wrong password: focus goes back to the password field.
  await page.goto(`/auth/login-password?${new URLSearchParams({ email })}`);
  await page.getByLabel("Mot de passe", { exact: true }).fill(OLD_PASSWORD);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByText("Email ou mot de passe incorrect.")).toBeVisible();
  await expect(page.getByLabel("Mot de passe", { exact: true })).toBeFocused();
  await signIn(page, email, NEW_PASSWORD);
  await expect(page.getByTestId("account-menu-trigger")).toBeVisible();

  // The reset page renders signed in too (spec §2), and the profile sends a reset email to oneself.
  await page.goto("/auth/reset-password?email=personne%40exemple.fr&code=abc");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lien expiré ou invalide");
  await page.goto("/profile");
  // (Behind the organization naming dialog of an account without one: the dialog hides the page from roles.)
  await expect(page.locator("h1").filter({ hasText: "Paramètres du compte" })).toBeVisible();
  await context.close();
});

test("the profile edits the names and emails a reset link to oneself", async ({ page, request }) => {
  const email = uniqueEmail("profil");
  await request.post("/auth/verify-email", { data: { email, first_name: "Inès", last_name: "Petit" } });
  const code = registrationCodeOf(await waitForMail(request, email, /code de validation Guichet$/));
  const token = (await (
    await request.post("/auth/register", { data: { username: email, email, email_code: code, password: OLD_PASSWORD } })
  ).json()) as string;
  // An organization of its own, so the naming dialog of a brand-new account stays out of the way.
  const created = await request.post("/api/organizers", {
    data: { title: `Profil ${email}` },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(created.ok()).toBe(true);
  await signIn(page, email, OLD_PASSWORD);

  // The account menu leads to the profile.
  await page.getByTestId("account-menu-trigger").click();
  await page.getByRole("menuitem", { name: "Paramètres du compte" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Paramètres du compte");

  await expect(page.getByLabel("Email")).toHaveValue(email);
  await expect(page.getByLabel("Email")).toBeDisabled();
  await expect(page.getByRole("link", { name: "Contacter le support" })).toHaveAttribute("href", /^mailto:/);
  await page.getByLabel("Prénom").fill("Inès-Marie");
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Profile mis à jour" })).toBeVisible();
  await expect(page.getByTestId("account-menu-trigger")).toContainText("Inès-Marie Petit");

  await page.getByRole("button", { name: "Réinitialiser mon mot de passe" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Email envoyé" })).toBeVisible();
  await waitForMail(request, email, /^Réinitialisez votre mot de passe Guichet$/);
});
