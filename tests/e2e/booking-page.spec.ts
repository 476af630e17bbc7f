import { demoPassword } from "../../scripts/lib/demo-logins";
import { expect as baseExpect, test, type APIRequestContext, type Page } from "@playwright/test";

// The booking page (issue 10 §1): a ticket choice the order would refuse is named before any form is shown, and
// keyboard focus follows the page's visual order at every width.

const expect = baseExpect.configure({ timeout: 30_000 });

type PublicTicketJson = {
  id: number;
  title: string;
  price: number;
  ticket_type: "ticket" | "addon";
  status: string;
  status_explanation: string | null;
  min_per_order: number;
  max_per_order: number;
};
type PublicEventJson = { id: number; slug: string; tickets: PublicTicketJson[]; addons: PublicTicketJson[] };

async function publicEvent(request: APIRequestContext, id: number): Promise<PublicEventJson | null> {
  const response = await request.get(`/api/public/events/${id}`);
  return response.ok() ? ((await response.json()) as PublicEventJson) : null;
}

/** The demo festival as its public API gives it: statuses derived by the same rules as the page. */
async function festival(request: APIRequestContext): Promise<PublicEventJson> {
  const event = await publicEvent(request, 1);
  expect(event?.slug).toBe("festival-nuits-sonores");
  return event!;
}

const issues = (page: Page) => page.getByTestId("selection-issues");

function pick(list: PublicTicketJson[], test: (ticket: PublicTicketJson) => boolean): PublicTicketJson {
  const found = list.find(test);
  if (!found) throw new Error("the demo data has no such ticket");
  return found;
}

/** A ticket sold only by two or more, its fees added on top of its price, on the theatre's demo event. */
async function groupTicket(request: APIRequestContext) {
  let event: PublicEventJson | null = null;
  for (let id = 1; id <= 20 && !event; id++) {
    const found = await publicEvent(request, id);
    if (found?.slug === "le-misanthrope-de-moliere") event = found;
  }
  const login = await request.post("/auth/login", {
    data: { email: "theatre@guichet.test", password: demoPassword },
  });
  expect(login.ok()).toBe(true);
  const title = `Tarif groupe ${Date.now()}`;
  const created = await request.post(`/api/events/${event!.id}/tickets`, {
    headers: { Authorization: `Bearer ${(await login.json()) as string}` },
    data: { title, price: 1000, ticket_type: "ticket", min_per_order: 2, max_per_order: 6, fees_type: "added" },
  });
  expect(created.status()).toBe(201);
  return { event: event!, id: ((await created.json()) as { id: number }).id, title };
}

test("a ticket choice that cannot be booked is named at once, with no form and the way back to the choice", async ({
  page,
  request,
}) => {
  const event = await festival(request);
  const ended = pick(event.tickets, (ticket) => ticket.status_explanation === "sales_have_ended");
  const capped = pick(event.tickets, (ticket) => ticket.status === "on_sale" && ticket.max_per_order < 50);
  const addon = pick(event.addons, (ticket) => ticket.status === "on_sale");
  let soldOut: { event: PublicEventJson; ticket: PublicTicketJson } | null = null;
  for (let id = 1; id <= 20 && !soldOut; id++) {
    const found = await publicEvent(request, id);
    const ticket = found?.tickets.find((candidate) => candidate.status === "sold_out");
    if (found && ticket) soldOut = { event: found, ticket };
  }
  const group = await groupTicket(request);

  const cases: [string, string][] = [
    [
      `/events/${soldOut!.event.id}/${soldOut!.event.slug}/book?q${soldOut!.ticket.id}=1`,
      `${soldOut!.ticket.title} : complet, il ne reste plus de place.`,
    ],
    [
      `/events/${event.id}/${event.slug}/book?q${capped.id}=50`,
      `${capped.title} : ${capped.max_per_order} au maximum par commande, vous en avez choisi 50.`,
    ],
    [
      `/events/${group.event.id}/${group.event.slug}/book?q${group.id}=1`,
      `${group.title} : 2 billets au minimum par commande, vous en avez choisi 1.`,
    ],
    [`/events/${event.id}/${event.slug}/book?q${ended.id}=1`, `${ended.title} : les ventes sont terminées.`],
    [
      `/events/${event.id}/${event.slug}/book?q${addon.id}=1`,
      "Une option ne peut être commandée qu'avec un billet : choisissez au moins un billet.",
    ],
  ];
  for (const [path, message] of cases) {
    await page.goto(path);
    const panel = issues(page);
    await expect(panel).toContainText("Cette sélection ne peut pas être réservée");
    await expect(panel.getByRole("listitem")).toHaveText([message]);
    await expect(page.getByTestId("booking-form")).toHaveCount(0);
    await expect(page.getByTestId("participant-fieldset")).toHaveCount(0);
  }

  // Back to the ticket choice of the event page.
  await issues(page).getByRole("link", { name: "Modifier la sélection" }).click();
  await expect(page).toHaveURL(new RegExp(`/events/${event.id}/${event.slug}#tickets$`));
  await expect(page.getByTestId("booking-picker")).toBeVisible();

  // A choice within the limits shows the forms; in English the issues are English.
  await page.goto(`/events/${group.event.id}/${group.event.slug}/book?q${group.id}=2`);
  await expect(issues(page)).toHaveCount(0);
  await expect(page.getByTestId("participant-fieldset")).toHaveCount(2);
  // The language chosen in the app (its lng cookie).
  const switched = await page.request.post("/resources/locale", { form: { locale: "en" }, maxRedirects: 0 });
  expect(switched.status()).toBeLessThan(400);
  await page.goto(cases[0]![0]);
  await expect(issues(page).getByRole("listitem")).toHaveText([`${soldOut!.ticket.title}: sold out, no places left.`]);
});

test("the event page shows each ticket's fees by its fees type, and the summary names included fees once", async ({
  page,
  request,
}) => {
  const group = await groupTicket(request);
  const included = pick(group.event.tickets, (ticket) => ticket.status === "on_sale" && ticket.price > 0);
  await page.goto(`/events/${group.event.id}/${group.event.slug}`);
  const card = (title: string) => page.getByTestId("public-ticket").filter({ hasText: title });
  // 1.5 % + 0.25 € of 10,00 € (domain/booking/fees.ts), as the booking charges it.
  await expect(card(group.title).getByTestId("public-ticket-fees")).toHaveText("+ 0,40 € de frais de service");
  await expect(card(included.title).getByTestId("public-ticket-fees")).toHaveText("Frais de service inclus");

  await page.goto(`/events/${group.event.id}/${group.event.slug}/book?q${included.id}=1&q${group.id}=2`);
  await expect(page.getByTestId("summary-fees")).toHaveText("0,80 €");
  await expect(page.getByTestId("summary-fees-included")).toHaveText(
    `Frais de service inclus dans le prix de ${included.title}.`,
  );
  await expect(page.getByTestId("order-summary").getByText("Frais de service inclus", { exact: true })).toHaveCount(0);
});

for (const width of [390, 1280]) {
  test(`keyboard focus follows the page's order at ${width} px: fields, then the summary's promo code, then pay`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const event = await festival(request);
    const ticket = pick(event.tickets, (candidate) => candidate.status === "on_sale" && candidate.min_per_order <= 1);
    await page.goto(`/events/${event.id}/${event.slug}/book?q${ticket.id}=1`);
    await page.getByRole("link", { name: "Modifier la sélection" }).focus();

    const focused: string[] = [];
    for (let step = 0; step < 40; step++) {
      await page.keyboard.press("Tab");
      const name = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        if (!element || element === document.body) return "";
        return element.getAttribute("name") ?? element.getAttribute("data-testid") ?? element.textContent?.trim() ?? "";
      });
      focused.push(name);
      if (name === "booking-submit") break;
    }
    expect(focused[0]).toBe("buyer.first_name");
    const promo = focused.indexOf("promo");
    const lastField = focused.findLastIndex((name) => name.startsWith("participants.") || name.startsWith("buyer."));
    expect(promo).toBeGreaterThan(lastField);
    expect(focused.slice(promo)).toEqual(["promo", "intent", "booking-submit"]);

    // What is focused later is never above what was focused before, in the column it belongs to: the fields in
    // the page's order, then the summary (beside them from 768 px, below them on a phone).
    const top = async (name: string) =>
      (await page.locator(`[name="${name}"], [data-testid="${name}"]`).first().boundingBox())!.y;
    const fields = focused.slice(0, promo);
    for (let index = 1; index < fields.length; index++) {
      expect(await top(fields[index]!)).toBeGreaterThanOrEqual(await top(fields[index - 1]!));
    }
    if (width < 768) expect(await top("promo")).toBeGreaterThan(await top(fields.at(-1)!));
  });
}
