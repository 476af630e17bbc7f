import { expect, test } from "@playwright/test";
import { registrationCodeOf, uniqueEmail, waitForMail, type DevMail } from "./support/mailbox";

test("a new user registers with the emailed code, sets a password, names an organization and lands on the events home", async ({
  page,
  request,
}) => {
  const email = uniqueEmail("inscription");

  await page.goto("/auth/login");
  await page.getByRole("link", { name: "Créer un compte" }).click();
  await expect(page).toHaveURL(/\/auth\/register$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Créez votre compte");

  // Spec §5: every field is required, the email must be valid.
  const submit = page.getByRole("button", { name: "Recevoir mon code" });
  await submit.click();
  await expect(page.getByText("Veuillez entrer votre prénom.")).toBeVisible();
  await expect(page.getByText("Veuillez entrer votre nom.")).toBeVisible();
  // After a rejected form, focus lands on the first invalid field.
  await expect(page.getByLabel("Prénom")).toBeFocused();
  // Names are bounded (100 characters).
  await page.getByLabel("Prénom").fill("L".repeat(150));
  await expect(page.getByLabel("Prénom")).toHaveValue("L".repeat(100));
  await page.getByLabel("Prénom").fill("Léa");
  await page.getByLabel("Nom", { exact: true }).fill("Martin");
  await page.getByLabel("Email").fill("lea-sans-domaine@");
  await submit.click();
  await expect(page.getByText("Email invalide")).toBeVisible();

  // An email already in use suggests signing in instead.
  await page.getByLabel("Email").fill("owner@guichet.test");
  await submit.click();
  await expect(page.getByText("Un compte existe déjà avec cet email.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Connectez-vous plutôt" })).toHaveAttribute(
    "href",
    "/auth/login?email=owner%40guichet.test",
  );

  await page.getByLabel("Email").fill(email);
  await submit.click();
  await expect(page).toHaveURL(/\/auth\/register\/validate-email\?email=/);
  await expect(page.getByText(email)).toBeVisible();

  // 'Changer d'email' goes back to step 1 with the names still typed; the same email sends a fresh code.
  await page.getByRole("link", { name: "Changer d'email" }).click();
  await expect(page).toHaveURL(/\/auth\/register\?/);
  await expect(page.getByLabel("Prénom")).toHaveValue("Léa");
  await expect(page.getByLabel("Nom", { exact: true })).toHaveValue("Martin");
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await submit.click();
  await expect(page).toHaveURL(/\/auth\/register\/validate-email\?email=/);

  await expect(page.getByText(email)).toBeVisible();
  await waitForMail(request, email, /code de validation Guichet$/);

  // 'Renvoyer le code' sends a fresh one and says so on the page (inline: no toast without JavaScript).
  const codeMails = async () =>
    ((await (await request.get(`/dev/mailbox.json?to=${encodeURIComponent(email)}`)).json()) as DevMail[]).filter((m) =>
      /code de validation Guichet$/.test(m.subject),
    );
  const sentBefore = (await codeMails()).length;
  await page.getByRole("button", { name: "renvoyez le code" }).click();
  await expect(page.getByRole("status")).toContainText("Un nouveau code vous a été envoyé.");
  await expect.poll(async () => (await codeMails()).length).toBe(sentBefore + 1);
  const code = registrationCodeOf((await codeMails())[0]!);

  // The code field is numeric: the right keyboard and autofill, six characters at most, and letters are refused (by
  // the server: the page loads no JavaScript), without spending an attempt.
  const codeField = page.getByLabel("Code de validation");
  await expect(codeField).toHaveAttribute("inputmode", "numeric");
  await expect(codeField).toHaveAttribute("autocomplete", "one-time-code");
  await expect(codeField).toHaveAttribute("pattern", "[0-9]*");
  await codeField.pressSequentially("12ab3c9");
  await expect(codeField).toHaveValue("12ab3c");
  await page.getByRole("button", { name: "Valider" }).click();
  await expect(page.getByText("Code invalide. Veuillez réessayer.")).toBeVisible();
  await expect(page.getByLabel("Code de validation")).toBeFocused();
  await page.getByLabel("Code de validation").fill("");

  // The code: required, then a wrong one is invalid (try again), then the right one.
  const validate = page.getByRole("button", { name: "Valider" });
  await validate.click();
  await expect(page.getByText("Veuillez entrer le code reçu par email.")).toBeVisible();
  await page.getByLabel("Code de validation").fill(code === "000000" ? "000001" : "000000");
  await validate.click();
  await expect(page.getByText("Code invalide. Veuillez réessayer.")).toBeVisible();
  await expect(page.getByLabel("Code de validation")).toBeFocused();
  await page.getByLabel("Code de validation").fill(code);
  await validate.click();

  await expect(page).toHaveURL(/\/auth\/register\/password$/);
  await expect(page.getByText(`votre email ${email} est vérifié`)).toBeVisible();
  const ticket = (await page.context().cookies()).find((cookie) => cookie.name === "guichet_registration");
  expect(ticket).toBeDefined();

  // Confirmation mismatch, then a too common password: nothing is created.
  const create = page.getByRole("button", { name: "Créer mon compte" });
  await page.getByLabel("Mot de passe", { exact: true }).fill("Velours-Marée-42");
  await page.getByLabel("Confirmation du mot de passe").fill("Velours-Marée-24");
  await create.click();
  await expect(page.getByText("La confirmation ne correspond pas au mot de passe.")).toBeVisible();
  await page.getByLabel("Mot de passe", { exact: true }).fill("motdepasse123");
  await page.getByLabel("Confirmation du mot de passe").fill("motdepasse123");
  await create.click();
  await expect(page.getByText("Ce mot de passe est trop courant. Choisissez-en un autre.")).toBeVisible();
  expect(await (await request.post("/auth/need-register", { data: { email, password: email } })).json()).toBe(true);

  await page.getByLabel("Mot de passe", { exact: true }).fill("Velours-Marée-42");
  await page.getByLabel("Confirmation du mot de passe").fill("Velours-Marée-42");
  await create.click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("account-menu-trigger")).toBeVisible();
  await expect(page.getByTestId("account-menu-trigger")).toContainText("Léa Martin");
  await page.screenshot({ path: "test-results/screens/registration-signed-in.png" });

  // A new account has no organization: the naming dialog asks for one, then the events home opens.
  const dialog = page.getByTestId("create-organization-dialog");
  await expect(dialog.getByRole("heading", { name: "Bienvenue ! Créons votre organisation" })).toBeVisible();
  const organization = `Asso de Léa ${Date.now().toString(36)}`;
  await dialog.getByLabel("Nom de l'organisation").fill(organization);
  await dialog.getByRole("button", { name: "Créer l'organisation" }).click();
  await expect(page.getByText("Organisation créée avec succès. À vous de jouer !")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "Événements" })).toBeVisible();
  await expect(page.getByText(`Tous les événements de ${organization}.`)).toBeVisible();
  await expect(page.getByTestId("account-menu-trigger")).toContainText(organization);

  // The registration ticket is spent: presented again once signed out (else the public-only guard would send the page
  // to / whatever the ticket), it sends the password step back to the start.
  await page.context().clearCookies({ name: "guichet_session" });
  await page.context().addCookies([ticket!]);
  await page.goto("/auth/register/password");
  await expect(page).toHaveURL(/\/auth\/register$/);
  expect(await (await request.post("/auth/need-register", { data: { email, password: email } })).json()).toBe(false);
});

test("the password step cannot be reached without a verified code", async ({ page }) => {
  await page.goto("/auth/register/password");
  await expect(page).toHaveURL(/\/auth\/register$/);
  await page
    .context()
    .addCookies([{ name: "guichet_registration", value: "1.abcdefghijklmnopqrstuvwxyz234567", url: page.url() }]);
  await page.goto("/auth/register/password");
  await expect(page).toHaveURL(/\/auth\/register$/);
});

test("the registration pages speak English", async ({ browser }) => {
  const context = await browser.newContext({ locale: "en-US" });
  const page = await context.newPage();
  await page.goto("/auth/register");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create your account");
  await page.getByRole("button", { name: "Send me a code" }).click();
  await expect(page.getByText("Enter your first name.")).toBeVisible();
  await context.close();
});
