import { randomUUID } from "node:crypto";
import { expect as baseExpect, test, type APIRequestContext, type Page } from "@playwright/test";
import { registerWithOrganization } from "./support/accounts";
import { describeViolations, seriousViolations } from "./support/axe";
import { uniqueEmail, waitForMail } from "./support/mailbox";
import { signIn, waitForHydration } from "./support/sign-in";

// Issue 28 §1-2 end to end: the organizer sees the self-service rules on the event settings page; a buyer books two
// tickets on the public page, reads the rules on the order page, edits a holder's name, then transfers the other
// ticket: the page shows a new QR code, the old one is refused at check-in and the new one accepted, the new holder
// gets their ticket by email, and the organizer reads the change in the participant's history. Then (docs/decisions/
// 0060) on a fresh organizer with a paid order: the cancellation rule in the settings card, the buyer edits, transfers,
// and cancels one ticket « hors frais » with the amount stated before confirming, and the finance page shows the refund.

const expect = baseExpect.configure({ timeout: 30_000 });
const DAY = 86_400_000;
const SCREENS = process.env.E2E_SCREENS ?? "test-results/screens";

type CheckInOutcome = { result: string; participant: { id: number; first_name: string } | null };

async function checkIn(request: APIRequestContext, eventId: number, token: string): Promise<CheckInOutcome> {
  const response = await request.post(`/api/events/${eventId}/check-ins`, {
    data: { token, direction: "in", id: randomUUID() },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as CheckInOutcome;
}

async function fillNames(page: Page, prefix: string, first: string, last: string, email: string) {
  await page.locator(`[name="${prefix}.first_name"]`).fill(first);
  await page.locator(`[name="${prefix}.last_name"]`).fill(last);
  await page.locator(`[name="${prefix}.email"]`).fill(email);
}

async function screens(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SCREENS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("a buyer edits a name and transfers a ticket; the old QR code is refused, the new one accepted", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, "owner@guichet.test");
  const start = Date.now() + 30 * DAY;
  const title = `Soirée jazz ${Date.now().toString(36)}`;
  const created = await page.request.post("/api/events", {
    data: {
      title,
      start_at: new Date(start).toISOString(),
      end_at: new Date(start + 3 * 3_600_000).toISOString(),
      timezone: "Europe/Paris",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const event = (await created.json()) as { id: number; self_service_edit: boolean; self_service_edit_before: number };
  // The defaults, in the event's JSON: both allowed until 24 hours before the start.
  expect(event).toMatchObject({ self_service_edit: true, self_service_edit_before: 24 });
  const ticket = await page.request.post(`/api/events/${event.id}/tickets`, {
    data: { title: "Entrée", price: 0, ticket_type: "ticket", max_per_order: 4 },
  });
  expect(ticket.status(), await ticket.text()).toBe(201);
  const published = await page.request.put(`/api/events/${event.id}/status/published`);
  expect(published.status(), await published.text()).toBe(200);

  // The organizer's settings section, with the defaults shown.
  await page.goto(`/event/${event.id}/settings`);
  const section = page.getByTestId("self-service-settings");
  await expect(section.getByRole("switch", { name: "Modifier les participants" })).toBeChecked();
  await expect(section.getByRole("switch", { name: "Transférer un billet" })).toBeChecked();
  await expect(section.locator('[name="self_service_edit_before"]')).toHaveValue("24");
  await expect(section.locator('[name="self_service_edit_unit"]')).toHaveValue("hours");
  await screens(page, "event-settings-self-service");

  // The buyer books two tickets; the second one for someone else.
  const buyer = uniqueEmail("self-service-buyer");
  const slug = ((await (await page.request.get(`/api/public/events/${event.id}`)).json()) as { slug: string }).slug;
  await page.goto(`/events/${event.id}/${slug}`);
  await page.getByLabel("Quantité pour Entrée").selectOption("2");
  await page.getByRole("button", { name: "Réserver" }).click();
  await fillNames(page, "buyer", "Margaux", "Lefèvre", buyer);
  await fillNames(page, "participants.1", "Hugo", "Bernard", uniqueEmail("self-service-hugo"));
  await page.getByTestId("booking-submit").click();
  await expect(page).toHaveURL(/\/orders\/\d+\?token=/);
  await expect(page.getByTestId("order-status")).toHaveText("Confirmée");
  const buyerOrderPath = new URL(page.url()).pathname + new URL(page.url()).search;

  // The rules, in plain words, with the deadline in the event's time zone.
  const rules = page.getByTestId("self-service-rules");
  await expect(rules).toContainText("Vous pouvez modifier les noms, emails et réponses des participants jusqu'au");
  await expect(rules).toContainText("Vous pouvez transférer un billet à une autre personne jusqu'au");
  const tickets = page.getByTestId("order-ticket");
  await expect(tickets).toHaveCount(2);
  await screens(page, "order-self-service");

  // « Modifier »: the first holder's last name.
  await tickets.nth(0).getByTestId("edit-participant").click();
  const editLast = tickets.nth(0).locator('[name$=".last_name"]').first();
  await expect(editLast).toHaveValue("Lefèvre");
  await editLast.fill("Lefèvre-Martin");
  await tickets.nth(0).getByTestId("save-participant").click();
  await expect(page.getByTestId("self-service-done")).toHaveText("Participant modifié.");
  await expect(tickets.nth(0)).toContainText("Margaux Lefèvre-Martin");

  // « Transférer »: the second ticket, to Inès; the page shows a new QR code.
  const oldToken = await tickets.nth(1).locator("svg[data-token]").getAttribute("data-token");
  expect(oldToken).toBeTruthy();
  const ines = uniqueEmail("self-service-ines");
  await tickets.nth(1).getByTestId("transfer-participant").click();
  await screens(page, "order-self-service-transfer-form");
  const participantId = Number(
    (await tickets.nth(1).locator('input[name="participant_id"]').first().getAttribute("value")) ?? "0",
  );
  await fillNames(page, `transfer.${participantId}`, "Inès", "Moreau", ines);
  await tickets.nth(1).getByTestId("confirm-transfer").click();
  await expect(page.getByTestId("self-service-done")).toHaveText(
    "Billet transféré à Inès Moreau. Un nouveau QR code a été créé.",
  );
  await expect(tickets.nth(1)).toContainText("Inès Moreau");
  const newToken = await tickets.nth(1).locator("svg[data-token]").getAttribute("data-token");
  expect(newToken).toBeTruthy();
  expect(newToken).not.toBe(oldToken);
  await screens(page, "order-self-service-after");

  // At the entrance: the old QR code is refused, the new one accepted.
  expect((await checkIn(page.request, event.id, oldToken!)).result).toBe("invalid");
  const accepted = await checkIn(page.request, event.id, newToken!);
  expect(accepted).toMatchObject({ result: "ok", participant: { id: participantId, first_name: "Inès" } });

  // Scanned now: the buyer may no longer transfer it, and the page says so.
  await page.reload();
  await expect(tickets.nth(1).getByTestId("ticket-checked-in")).toHaveText("Déjà scanné");
  await expect(tickets.nth(1).getByTestId("transfer-participant")).toHaveCount(0);
  await expect(tickets.nth(1).getByTestId("edit-participant")).toHaveCount(1);

  // The new holder's ticket by email.
  const mail = await waitForMail(page.request, ines, new RegExp(`^Votre billet pour ${title}$`), { timeout: 150_000 });
  expect(mail.text).toContain("Entrée — Inès Moreau");

  // The organizer reads the change in the participant's history.
  await page.goto(`/event/${event.id}/participants/${participantId}`);
  const changes = page.getByTestId("participant-changes");
  await expect(changes).toContainText("Transféré");
  await expect(changes).toContainText("Hugo Bernard");
  await expect(changes).toContainText("Inès Moreau");
  await screens(page, "participant-changes");

  // The deadline passes while the buyer's form is open: the answer says so.
  await page.goto(buyerOrderPath);
  await tickets.nth(0).getByTestId("edit-participant").click();
  const closed = await page.request.put(`/api/events/${event.id}/settings`, {
    data: { self_service_edit_before: 60, self_service_edit_unit: "days" },
  });
  expect(closed.status(), await closed.text()).toBe(200);
  await tickets.nth(0).getByTestId("save-participant").click();
  await expect(tickets.nth(0).getByTestId("self-service-error")).toHaveText(
    "La date limite pour modifier les participants est passée.",
  );
  await expect(tickets.nth(0).getByTestId("edit-participant")).toHaveCount(0);

  // The organizer closes editing: 60 days before a start 30 days away. The buyer reads it, and has no « Modifier ».
  await page.goto(`/event/${event.id}/settings`);
  await section.locator('[name="self_service_edit_before"]').fill("60");
  await section.locator('[name="self_service_edit_unit"]').selectOption("days");
  await section.getByRole("switch", { name: "Transférer un billet" }).click();
  await section.getByTestId("self-service-save").click();
  await expect(page.getByText("Événement mis à jour")).toBeVisible();
  const saved = (await (await page.request.get(`/api/events/${event.id}`)).json()) as Record<string, unknown>;
  expect(saved).toMatchObject({
    self_service_edit: true,
    self_service_edit_before: 60,
    self_service_edit_unit: "days",
    self_service_transfer: false,
  });
  await page.goto(buyerOrderPath);
  await expect(rules).toContainText("La modification des participants n'est plus possible depuis le");
  await expect(rules).toContainText("L'organisateur ne permet pas de transférer les billets.");
  await expect(page.getByTestId("edit-participant")).toHaveCount(0);
  await expect(page.getByTestId("transfer-participant")).toHaveCount(0);
  await screens(page, "order-self-service-closed");
});

test("a buyer of a paid order edits, transfers and cancels one ticket « hors frais »; finance shows the refund", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const password = "Annulation-Demo-2026";
  const organizer = await registerWithOrganization(
    page.request,
    "annulation",
    "Camille",
    "Salle des annulations",
    password,
  );
  await signIn(page, organizer, password);

  // Paid tickets need a valid payment account: the demo onboarding, then Stripe's review simulated.
  await page.goto("/finance");
  await waitForHydration(page);
  const account = page.getByTestId("payment-account");
  await account.getByRole("button", { name: "Connecter le compte de paiement" }).click();
  await expect(page).toHaveURL(/\/demo-connect\//);
  await page.getByRole("button", { name: "Envoyer les informations" }).click();
  await expect(page).toHaveURL(/\/finance$/);
  await waitForHydration(page);
  await account.getByRole("button", { name: "Simuler la vérification de Stripe" }).click();
  await expect(account).toHaveAttribute("data-status", "valid_conected");

  const start = Date.now() + 30 * DAY;
  const created = await page.request.post("/api/events", {
    data: {
      title: `Récital annulable ${Date.now().toString(36)}`,
      start_at: new Date(start).toISOString(),
      end_at: new Date(start + 2 * 3_600_000).toISOString(),
      timezone: "Europe/Paris",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const event = (await created.json()) as {
    id: number;
    self_service_cancel: boolean;
    self_service_cancel_refund: string;
  };
  // The defaults, in the event's JSON: no cancellation, and « hors frais » once allowed.
  expect(event).toMatchObject({ self_service_cancel: false, self_service_cancel_refund: "full-minus-fees" });
  // 20 € with the service fee included in the price (0.55 € a ticket).
  const ticket = await page.request.post(`/api/events/${event.id}/tickets`, {
    data: { title: "Plein tarif", price: 2000, fees_type: "included", ticket_type: "ticket", max_per_order: 4 },
  });
  expect(ticket.status(), await ticket.text()).toBe(201);
  const ticketId = ((await ticket.json()) as { id: number }).id;
  const published = await page.request.put(`/api/events/${event.id}/status/published`);
  expect(published.status(), await published.text()).toBe(200);

  // The settings card: cancellation off by default, 48 hours, « Remboursement hors frais » chosen; turned on.
  await page.goto(`/event/${event.id}/settings`);
  await waitForHydration(page);
  const section = page.getByTestId("self-service-settings");
  const cancelSwitch = section.getByRole("switch", { name: "Annuler des billets" });
  await expect(cancelSwitch).not.toBeChecked();
  await expect(section.getByTestId("self-service-cancel").locator('input[type="number"]')).toHaveValue("48");
  await expect(section.getByTestId("self-service-cancel-refund-full-minus-fees")).toBeChecked();
  await expect(section.getByTestId("self-service-cancel-refund-full-minus-fees")).toBeDisabled();
  await cancelSwitch.click();
  await expect(section.getByTestId("self-service-cancel-refund-full-minus-fees")).toBeEnabled();
  await expect(section.getByRole("radio", { name: /^Remboursement intégral/ })).toBeVisible();
  await expect(section.getByRole("radio", { name: /^Remboursement hors frais/ })).toBeChecked();
  await expect(section.getByRole("radio", { name: /^Un pourcentage/ })).toBeVisible();
  await expect(section.getByRole("radio", { name: /^Sans remboursement \(la place est libérée\)/ })).toBeVisible();
  await section.getByTestId("self-service-cancel-refund-percentage").check();
  await expect(section.getByTestId("self-service-cancel-percent")).toHaveValue("100");
  await section.getByTestId("self-service-cancel-refund-full-minus-fees").check();
  await screens(page, "event-settings-self-service-cancel");
  const settingsViolations = await seriousViolations(page);
  expect(settingsViolations, describeViolations(settingsViolations)).toEqual([]);
  await section.getByTestId("self-service-save").click();
  await expect(page.getByText("Événement mis à jour")).toBeVisible();
  const saved = (await (await page.request.get(`/api/events/${event.id}`)).json()) as Record<string, unknown>;
  expect(saved).toMatchObject({
    self_service_cancel: true,
    self_service_cancel_before: 48,
    self_service_cancel_unit: "hours",
    self_service_cancel_refund: "full-minus-fees",
  });

  // The buyer books two places and pays through the demo checkout, in a browser of their own.
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  const buyerEmail = uniqueEmail("annulation-acheteuse");
  const placed = await buyer.request.post(`/api/public/events/${event.id}/orders`, {
    data: {
      items: [{ ticket_id: ticketId, quantity: 2 }],
      buyer: { first_name: "Margaux", last_name: "Lefèvre", email: buyerEmail },
      participants: [
        { ticket_id: ticketId, first_name: "Margaux", last_name: "Lefèvre", email: buyerEmail },
        { ticket_id: ticketId, first_name: "Hugo", last_name: "Bernard", email: uniqueEmail("annulation-hugo") },
      ],
      locale: "fr",
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as { id: number; checkout_url: string; access_token: string; amount: number };
  expect(order.amount).toBe(4000);
  await buyer.goto(new URL(order.checkout_url).pathname);
  await buyer.getByRole("button", { name: /^Payer/ }).click();
  await expect(buyer.getByTestId("order-status")).toHaveText("Payée");
  const orderPath = `/orders/${order.id}?token=${encodeURIComponent(order.access_token)}`;

  // The rules in plain words: edit, transfer, cancel until 48 hours before, and what a cancellation gives back.
  const rules = buyer.getByTestId("self-service-rules");
  await expect(rules).toContainText("Vous pouvez annuler un billet ou toute la commande jusqu'au");
  await expect(rules).toContainText("Un billet annulé est remboursé hors frais de service.");
  const tickets = buyer.getByTestId("order-ticket");
  await expect(tickets).toHaveCount(2);
  await screens(buyer, "order-self-service-cancel-rules");
  // The whole order's cancellation states its amount too: 2 × 19.45 €. Closed again without confirming.
  await buyer.getByTestId("cancel-order").click();
  const wholeOrder = buyer.getByTestId("cancel-order-disclosure");
  await expect(wholeOrder).toContainText("Annuler toute la commande ?");
  await expect(wholeOrder.getByTestId("cancel-refund-amount")).toHaveText("Vous serez remboursé de 38,90\u00a0€.");
  await screens(buyer, "order-self-service-cancel-order-confirm");
  await buyer.getByTestId("cancel-order").click();
  await expect(wholeOrder.getByTestId("confirm-cancel")).toBeHidden();

  // « Modifier »: Margaux's last name.
  await tickets.nth(0).getByTestId("edit-participant").click();
  await tickets.nth(0).locator('[name$=".last_name"]').first().fill("Lefèvre-Martin");
  await tickets.nth(0).getByTestId("save-participant").click();
  await expect(buyer.getByTestId("self-service-done")).toHaveText("Participant modifié.");
  await expect(tickets.nth(0)).toContainText("Margaux Lefèvre-Martin");

  // « Transférer »: Hugo's ticket to Inès; the old QR code is refused at the entrance, the new one accepted.
  const oldToken = await tickets.nth(1).locator("svg[data-token]").getAttribute("data-token");
  const hugoId = Number(
    (await tickets.nth(1).locator('input[name="participant_id"]').first().getAttribute("value")) ?? "0",
  );
  await tickets.nth(1).getByTestId("transfer-participant").click();
  await fillNames(buyer, `transfer.${hugoId}`, "Inès", "Moreau", uniqueEmail("annulation-ines"));
  await tickets.nth(1).getByTestId("confirm-transfer").click();
  await expect(buyer.getByTestId("self-service-done")).toHaveText(
    "Billet transféré à Inès Moreau. Un nouveau QR code a été créé.",
  );
  const newToken = await tickets.nth(1).locator("svg[data-token]").getAttribute("data-token");
  expect(newToken).not.toBe(oldToken);
  expect((await checkIn(page.request, event.id, oldToken!)).result).toBe("invalid");
  expect(await checkIn(page.request, event.id, newToken!)).toMatchObject({
    result: "ok",
    participant: { id: hugoId, first_name: "Inès" },
  });

  // Scanned: Inès's ticket can no longer be cancelled, nor the whole order; Margaux's can, for 19.45 €.
  await buyer.goto(orderPath);
  await expect(tickets.nth(1).getByTestId("ticket-checked-in")).toHaveText("Déjà scanné");
  await expect(tickets.nth(1).getByTestId("cancel-participant")).toHaveCount(0);
  await expect(buyer.getByTestId("cancel-order")).toHaveCount(0);
  await expect(rules).toContainText("Un billet déjà scanné à l'entrée ne peut plus être transféré ni annulé.");
  await tickets.nth(0).getByTestId("cancel-participant").click();
  const confirm = tickets.nth(0).getByTestId("cancel-participant-disclosure");
  await expect(confirm).toContainText("Annuler le billet de Margaux Lefèvre-Martin ?");
  await expect(confirm.getByTestId("cancel-refund-amount")).toHaveText("Vous serez remboursé de 19,45\u00a0€.");
  await screens(buyer, "order-self-service-cancel-confirm");
  const violations = await seriousViolations(buyer);
  expect(violations, describeViolations(violations)).toEqual([]);
  await confirm.getByTestId("confirm-cancel").click();
  await expect(buyer.getByTestId("self-service-cancelled")).toHaveText(
    "Annulation enregistrée : 19,45\u00a0€ vous seront remboursés.",
  );
  await expect(tickets).toHaveCount(1);
  await expect(tickets.nth(0)).toContainText("Inès Moreau");
  await expect(buyer.getByTestId("order-refunded-amount")).toHaveText("Montant remboursé : 19,45\u00a0€");
  await screens(buyer, "order-self-service-cancelled");
  await buyerContext.close();

  // The organizer's finance: the payment of 40 € and the refund of 19.45 €.
  await page.goto("/finance/transactions");
  await page.waitForLoadState("networkidle");
  await page.getByTestId("data-table-search").fill(String(order.id));
  await expect(page).toHaveURL(new RegExp(`search.*${order.id}`));
  const rows = page.getByTestId("data-table").locator("tbody tr");
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: "Remboursement" })).toContainText(/-19,45\s€/);
  await expect(rows.filter({ hasText: "Paiement" })).toContainText(/40,00\s€/);
  await page.screenshot({ path: `${SCREENS}/order-self-service-cancel-finance-1280.png`, fullPage: true });

  // The order's page in the back office says who cancelled.
  await page.goto(`/event/${event.id}/orders/${order.id}`);
  await expect(page.getByTestId("order-refunds")).toContainText("annulé par l'acheteur");
});
