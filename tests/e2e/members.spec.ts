import { expect as baseExpect, test } from "@playwright/test";
import { registrationCodeOf, uniqueEmail, waitForMail } from "./support/mailbox";
import { signIn, waitForHydration } from "./support/sign-in";
import { acceptInvitationByRequest } from "./support/invitations";
import { demoPassword } from "../../scripts/lib/demo-logins";

// Long flows on a shared, slow machine.
test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

test("the owner invites, re-roles and removes a member (DELETE MEMBER)", async ({ page, request, baseURL }) => {
  await signIn(page, "owner@guichet.test");
  const navigation = page.getByRole("navigation", { name: "Navigation principale" }).first();
  await expect(navigation.getByRole("link")).toHaveText(["Événements", "Organisateur", "Finances", "Paramètres"]);
  await navigation.getByRole("link", { name: "Paramètres" }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole("heading", { level: 1, name: "Membres de l'organisation" })).toBeVisible();
  await expect(page.getByTestId("member-row")).toHaveCount(5);

  // Issue 24 §2: an email without an account is invited like any other (nothing says whether an account exists).
  await page.getByLabel("Email").fill("personne@exemple.test");
  await page.getByRole("button", { name: "Inviter", exact: true }).click();
  await expect(page.getByText("Invitation envoyée")).toBeVisible();
  await expect(page.locator('[data-testid="invitation-row"][data-email="personne@exemple.test"]')).toBeVisible();

  await page.getByLabel("Email").fill("theatre@guichet.test");
  await page.getByRole("combobox", { name: "Rôle", exact: true }).click();
  await page.getByRole("option", { name: "Administrateur", exact: true }).click();
  await page.getByRole("button", { name: "Inviter", exact: true }).click();
  await expect(page.locator('[data-testid="invitation-row"][data-email="theatre@guichet.test"]')).toBeVisible();
  const row = page.locator('[data-testid="member-row"][data-email="theatre@guichet.test"]');
  await expect(row).toHaveCount(0);
  // A member once they accept.
  await acceptInvitationByRequest(request, baseURL!, "theatre@guichet.test", demoPassword);
  await page.reload();
  await expect(row).toBeVisible();
  await waitForHydration(page);
  await expect(row.getByRole("combobox")).toHaveText("Administrateur");
  const mail = await request.get(`/dev/mailbox.json?to=${encodeURIComponent("theatre@guichet.test")}`);
  expect(JSON.stringify(await mail.json())).toContain("Association Les Nuits Sonores");

  // Already there.
  await page.getByLabel("Email").fill("theatre@guichet.test");
  await page.getByRole("button", { name: "Inviter", exact: true }).click();
  await expect(page.getByText("Ce membre a déjà été ajouté.")).toBeVisible();

  await row.getByRole("combobox").click();
  await page.getByRole("option", { name: "Gestionnaire d'événements" }).click();
  await expect(page.getByText("Rôle mis à jour")).toBeVisible();
  await page.reload();
  await expect(row.getByRole("combobox")).toHaveText("Gestionnaire d'événements");
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: "test-results/screens/members-desktop.png", fullPage: true });

  await row.getByRole("button", { name: "Retirer" }).click();
  const dialog = page.getByTestId("remove-member-dialog");
  const confirm = dialog.getByRole("button", { name: "Retirer le membre" });
  await dialog.getByLabel("Tapez DELETE MEMBER").fill("delete member");
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel("Tapez DELETE MEMBER").fill("DELETE MEMBER");
  await expect(confirm).toBeEnabled();
  await confirm.click();
  await expect(page.getByText("Membre supprimé")).toBeVisible();
  await expect(row).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId("mobile-bottom-bar").getByRole("link")).toHaveText([
    "Événements",
    "Organisateur",
    "Finances",
    "Paramètres",
  ]);
  await page.screenshot({ path: "test-results/screens/members-390.png", fullPage: true });
});

test("keyboard: a role change keeps focus on its control; removal asks for the typed word first and then focuses the next member", async ({
  page,
  request,
  baseURL,
}) => {
  // Two fresh accounts of their own (the demo accounts are shared with other specs); "Aa…" names sort them first.
  const register = async (label: string, firstName: string) => {
    const email = uniqueEmail(label);
    expect(
      (await request.post("/auth/verify-email", { data: { email, first_name: firstName, last_name: "Aabel" } })).ok(),
    ).toBe(true);
    const code = registrationCodeOf(await waitForMail(request, email, /code de validation Guichet$/));
    const registered = await request.post("/auth/register", {
      data: { username: email, email, email_code: code, password: "Clavier-Focus-2026" },
    });
    expect(registered.status()).toBe(200);
    return email;
  };
  const first = await register("focus-a", "Adèle");
  const second = await register("focus-b", "Bastien");

  await signIn(page, "owner@guichet.test");
  await page.goto("/settings");
  for (const email of [first, second]) {
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Inviter", exact: true }).click();
    await expect(page.locator(`[data-testid="invitation-row"][data-email="${email}"]`)).toBeVisible();
    await acceptInvitationByRequest(request, baseURL!, email, "Clavier-Focus-2026");
  }
  await page.reload();
  for (const email of [first, second]) {
    await expect(page.locator(`[data-testid="member-row"][data-email="${email}"]`)).toBeVisible();
  }
  await waitForHydration(page);
  const rowOf = (email: string) => page.locator(`[data-testid="member-row"][data-email="${email}"]`);
  const activeRow = () =>
    page.evaluate(
      () => document.activeElement?.closest("[data-testid=member-row]")?.getAttribute("data-email") ?? null,
    );

  // The role select by keyboard: open, move, choose. Focus stays on it while it saves and after.
  const role = rowOf(first).getByRole("combobox");
  await expect(role).toHaveText("Gestionnaire d'événements");
  await role.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("option", { name: "Gestionnaire d'événements" })).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await expect(page.getByRole("option", { name: "Administrateur", exact: true })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(role).toHaveText("Administrateur");
  await expect(role).toBeFocused();
  await expect(page.getByText("Rôle mis à jour")).toBeVisible();
  await expect(role).not.toHaveAttribute("aria-busy", "true");
  await expect(role).toBeFocused();
  await page.reload();
  await expect(rowOf(first).getByRole("combobox")).toHaveText("Administrateur");

  // Removal by keyboard: the dialog opens on the field to type in, and focus then goes to the next member's row.
  const order = await page.getByTestId("member-row").evaluateAll((rows) => rows.map((row) => row.dataset.email));
  const index = order.indexOf(first);
  const expected = order[index + 1] ?? order[index - 1];
  await rowOf(first).getByRole("combobox").focus();
  await page.keyboard.press("Tab");
  await expect(rowOf(first).getByRole("button", { name: "Retirer" })).toBeFocused();
  await page.keyboard.press("Enter");
  const dialog = page.getByTestId("remove-member-dialog");
  await expect(dialog.getByLabel("Tapez DELETE MEMBER")).toBeFocused();
  await page.keyboard.type("DELETE MEMBER");
  await page.keyboard.press("Enter");
  await expect(page.getByText("Membre supprimé")).toBeVisible();
  await expect(rowOf(first)).toHaveCount(0);
  await expect.poll(activeRow).toBe(expected);
  await expect(page.locator("body")).not.toBeFocused();

  // Removing the other one: the same, and the table is as the seed left it.
  await rowOf(second).getByRole("button", { name: "Retirer" }).click();
  await expect(dialog.getByLabel("Tapez DELETE MEMBER")).toBeFocused();
  await page.keyboard.type("DELETE MEMBER");
  await page.keyboard.press("Enter");
  await expect(rowOf(second)).toHaveCount(0);
  await expect.poll(activeRow).not.toBeNull();
  await expect(page.getByTestId("member-row")).toHaveCount(5);
});

test("an admin sees the members without changing them", async ({ page }) => {
  await signIn(page, "admin-org@guichet.test");
  await page.goto("/settings");
  await expect(
    page.getByText("Seul un super administrateur peut ajouter, modifier ou retirer des membres."),
  ).toBeVisible();
  await expect(page.getByRole("combobox")).toHaveCount(0);
});

test("an event manager is sent away from the organization pages", async ({ page }) => {
  await signIn(page, "manager@guichet.test");
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Vous n'avez pas l'autorisation d'accéder à cette page")).toBeVisible();
});
