import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { demoPassword } from "../../scripts/lib/demo-logins";
import { describeViolations, seriousViolations } from "./support/axe";
import { waitForMail } from "./support/mailbox";
import { signIn, waitForHydration } from "./support/sign-in";

// Issue 14 §3: axe-core on every screen of app/routes.ts (and the states that only show after an action: open dialogs,
// forms with their errors), at desktop width and at 390 px, with no serious or critical violation. Each screen is
// loaded once at 1280 px, checked, resized to 390 px and checked again. A failure lists every rule, its impact and the
// target selectors of each screen that broke it (soft assertions: one run shows them all). Each load must also hydrate
// without a React hydration error (issue 25 §5): a mismatch makes React re-render the page and drop what was typed.

const DAY = 86_400_000;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** Ids the screens' paths need: the seeded festival (rich data) and an event of this run for what a screen writes. */
type World = {
  organizationId: number;
  festivalId: number;
  festivalSlug: string;
  ticketId: number;
  onSaleTicketId: number;
  participantId: number;
  orderId: number;
  endpointId: number;
  draftId: number;
  draftToken: string;
  accountId: string;
  ownEventId: number;
  /** A free order (paid at once: the confirmation page) and the demo checkout of a paid order waiting for payment. */
  ownOrder: { id: number; token: string };
  /** The paid order, waiting for its payment: the order page's pending state. */
  pendingOrder: { id: number; token: string };
  checkoutPath: string;
  /** Issue 28 §3: the run's event's slug, its sold-out ticket with a waiting list, and the page of one person in line. */
  ownEventSlug: string;
  soldOutTicketId: number;
  waitingListPath: string;
};

let worldOfWorker: Promise<World> | undefined;

async function json<T>(response: Awaited<ReturnType<APIRequestContext["get"]>>): Promise<T> {
  expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** Reads the seeded ids through the organizer API as the owner, and makes an event of this run with a pending order. */
async function buildWorld(request: APIRequestContext): Promise<World> {
  const login = await request.post("/auth/login", { data: { email: "owner@guichet.test", password: demoPassword } });
  const token = await json<string>(login);
  const headers = { Authorization: `Bearer ${token}` };
  const get = <T>(path: string) => request.get(path, { headers }).then((r) => json<T>(r));

  const [organization] = await get<{ organizer: number }[]>("/api/me/organizers");
  const organizationId = organization!.organizer;
  const events = await get<{ id: number; title: string; status: string }[]>(
    `/api/dashboard/${organizationId}/events?filter=all&limit=100`,
  );
  const festival = events.find((event) => event.title === "Festival Nuits Sonores")!;
  const draft = events.find((event) => event.status === "draft")!;
  const detail = await get<{
    tickets: { id: number; ticket_type: string }[];
    participants: { id: number }[];
    payments: { id: number }[];
  }>(`/api/dashboard/${organizationId}/events/${festival.id}`);
  const publicFestival = await get<{ slug: string; tickets: { id: number; sold_out?: boolean }[] }>(
    `/api/public/events/${festival.id}`,
  );
  const draftDetail = await get<{ access_token: string; title: string }>(`/api/events/${draft.id}`);
  const [endpoint] = await get<{ id: number }[]>(`/api/organizers/${organizationId}/webhooks`);

  // An event of this run, published with a paid and a free ticket: a free order shows the confirmation page, a paid
  // one waits on the demo checkout.
  const start = Date.now() + 40 * DAY;
  const created = await request.post("/api/events", {
    headers,
    data: {
      title: `Concert accessible ${Date.now().toString(36)}`,
      start_at: new Date(start).toISOString(),
      end_at: new Date(start + 3 * 3_600_000).toISOString(),
      // A zone whose offset rules browsers and workerd have disagreed on (issue 25 §5): its editor must still hydrate.
      timezone: "Africa/Casablanca",
    },
  });
  const { id: ownEventId } = await json<{ id: number }>(created);
  const ticket = await request.post(`/api/events/${ownEventId}/tickets`, {
    headers,
    data: { title: "Placement libre", price: 1800, ticket_type: "ticket", max_per_order: 4 },
  });
  const { id: paidTicketId } = await json<{ id: number }>(ticket);
  const freeTicket = await request.post(`/api/events/${ownEventId}/tickets`, {
    headers,
    data: { title: "Invitation", price: 0, ticket_type: "ticket", max_per_order: 4 },
  });
  const { id: freeTicketId } = await json<{ id: number }>(freeTicket);
  await json(await request.put(`/api/events/${ownEventId}/status/published`, { headers }));
  const buyer = { first_name: "Lucie", last_name: "Moreau", email: `lucie.${Date.now().toString(36)}@exemple.test` };
  const order = (ticketId: number) =>
    request
      .post(`/api/public/events/${ownEventId}/orders`, {
        data: {
          items: [{ ticket_id: ticketId, quantity: 1 }],
          buyer,
          participants: [{ ticket_id: ticketId, ...buyer }],
        },
      })
      .then((r) => json<{ id: number; access_token: string; checkout_url: string | null }>(r));
  const free = await order(freeTicketId);
  const paid = await order(paidTicketId);
  // A ticket of one place with its waiting list on, booked, then someone in its line (their page is in their email).
  const soldOut = await request.post(`/api/events/${ownEventId}/tickets`, {
    headers,
    data: { title: "Dernière place", price: 0, ticket_type: "ticket", amount: 1, waiting_list: true },
  });
  const { id: soldOutTicketId } = await json<{ id: number }>(soldOut);
  await order(soldOutTicketId);
  const waitingEmail = `attente.${Date.now().toString(36)}@exemple.test`;
  await json(
    await request.post(`/api/public/events/${ownEventId}/waiting-list`, {
      data: { ticket_id: soldOutTicketId, ...buyer, email: waitingEmail, quantity: 1, consent: true },
    }),
  );
  const waitingMail = await waitForMail(request, waitingEmail, /liste d'attente/, { timeout: 30_000 });
  const { slug: ownEventSlug } = await json<{ slug: string }>(await request.get(`/api/public/events/${ownEventId}`));

  return {
    organizationId,
    festivalId: festival.id,
    festivalSlug: publicFestival.slug,
    ticketId: detail.tickets.find((t) => t.ticket_type === "ticket")!.id,
    onSaleTicketId: publicFestival.tickets.at(-1)!.id,
    participantId: detail.participants[0]!.id,
    orderId: detail.payments[0]!.id,
    endpointId: endpoint!.id,
    draftId: draft.id,
    draftToken: draftDetail.access_token,
    accountId: "acct_demo_lesnuits",
    ownEventId,
    ownOrder: { id: free.id, token: free.access_token },
    pendingOrder: { id: paid.id, token: paid.access_token },
    checkoutPath: new URL(paid.checkout_url!).pathname,
    ownEventSlug,
    soldOutTicketId,
    waitingListPath: /\/waiting-list\/[a-z0-9]+/.exec(waitingMail.text)![0],
  };
}

function world(request: APIRequestContext): Promise<World> {
  worldOfWorker ??= buildWorld(request);
  return worldOfWorker;
}

type Screen = {
  name: string;
  path: (w: World) => string;
  /** Shown once the screen is ready (default: the page's first-level heading). */
  ready?: (page: Page) => Locator;
  /** Brings the screen into the state to check: an open dialog, a form with its errors. */
  act?: (page: Page, w: World) => Promise<void>;
};

/** Waits for the page's scripts (when it has any) and for the end of finite animations (dialogs fading in). */
async function settle(page: Page) {
  if ((await page.locator("script[type=module]").count()) > 0) await waitForHydration(page);
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== "running" || animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
}

/** React's hydration failures, as its production build reports them (#418 text, #423 and #425 recoverable errors…). */
const HYDRATION_ERROR = /Minified React error #(418|419|421|422|423|425)\b|hydrat/i;

async function checkScreens(page: Page, w: World, screens: Screen[]) {
  const hydrationErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && HYDRATION_ERROR.test(message.text())) hydrationErrors.push(message.text());
  });
  page.on("pageerror", (error) => {
    if (HYDRATION_ERROR.test(error.message)) hydrationErrors.push(error.message);
  });
  for (const screen of screens) {
    await test.step(screen.name, async () => {
      await page.setViewportSize(DESKTOP);
      hydrationErrors.length = 0;
      await page.goto(screen.path(w));
      await settle(page);
      expect.soft(hydrationErrors, `${screen.name} (${screen.path(w)}) hydrates without error`).toEqual([]);
      await expect((screen.ready ?? ((p: Page) => p.getByRole("heading", { level: 1 }).first()))(page)).toBeVisible();
      if (screen.act) {
        await screen.act(page, w);
        await settle(page);
      }
      for (const viewport of [DESKTOP, PHONE]) {
        if (viewport !== DESKTOP) {
          await page.setViewportSize(viewport);
          await settle(page);
        }
        const violations = await seriousViolations(page);
        expect
          .soft(describeViolations(violations), `${screen.name} (${screen.path(w)}) at ${viewport.width} px`)
          .toBe("");
      }
    });
  }
}

test.describe.configure({ mode: "parallel" });

const publicScreens: Screen[] = [
  { name: "login", path: () => "/auth/login" },
  {
    name: "login, errors shown",
    path: () => "/auth/login",
    act: async (page) => {
      await page.getByRole("button", { name: "Continuer" }).click();
      await expect(page.locator("[aria-invalid=true]").first()).toBeVisible();
    },
  },
  {
    name: "login, password step",
    path: () => "/auth/login",
    act: async (page) => {
      await page.getByLabel("Email").fill("owner@guichet.test");
      await page.getByRole("button", { name: "Continuer" }).click();
      await expect(page).toHaveURL(/\/auth\/login-password/);
    },
  },
  { name: "register", path: () => "/auth/register" },
  {
    name: "register, errors shown",
    path: () => "/auth/register",
    act: async (page) => {
      await page.getByRole("button", { name: "Recevoir mon code" }).click();
      await expect(page.locator("[aria-invalid=true]").first()).toBeVisible();
    },
  },
  { name: "reset password", path: () => "/auth/reset-password" },
  { name: "invitation, no longer valid", path: () => "/invitations/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" },
  { name: "privacy", path: () => "/privacy" },
  { name: "developers-webhooks", path: () => "/developers/webhooks" },
  { name: "public event page", path: (w) => `/events/${w.festivalId}/${w.festivalSlug}` },
  { name: "organizer page", path: (w) => `/organizers/${w.organizationId}/x` },
  {
    name: "booking",
    path: (w) => `/events/${w.festivalId}/${w.festivalSlug}/book?q${w.onSaleTicketId}=1`,
    ready: (page) => page.getByTestId("participant-fieldset").first(),
  },
  {
    name: "booking, errors shown",
    path: (w) => `/events/${w.festivalId}/${w.festivalSlug}/book?q${w.onSaleTicketId}=1`,
    ready: (page) => page.getByTestId("participant-fieldset").first(),
    act: async (page) => {
      await page.getByTestId("booking-submit").click();
      await expect(page.getByTestId("booking-errors")).toBeFocused();
    },
  },
  // The confirmation of a paid order, and the page of an order waiting for its payment (no meta refresh: a script asks
  // the public API for the status, and a link reloads the page).
  { name: "order page", path: (w) => `/orders/${w.ownOrder.id}?token=${w.ownOrder.token}` },
  { name: "message opt-out, invalid link", path: (w) => `/messages/opt-out?e=${w.ownEventId}&a=YQ&s=AAAA` },
  {
    name: "order page, payment pending",
    path: (w) => `/orders/${w.pendingOrder.id}?token=${w.pendingOrder.token}`,
    ready: (page) => page.getByTestId("order-refresh"),
  },
  { name: "demo checkout", path: (w) => w.checkoutPath },
  // Issue 28 §3: the sold-out ticket's waiting list: joining it, and the person's own page.
  {
    name: "waiting list, join",
    path: (w) => `/events/${w.ownEventId}/${w.ownEventSlug}/waiting-list?ticket=${w.soldOutTicketId}`,
  },
  { name: "waiting list, a person's page", path: (w) => w.waitingListPath },
  // The booking widget's pages (issue 26 §5), as its frame opens them.
  { name: "embed event", path: (w) => `/embed/events/${w.festivalId}` },
  {
    name: "embed booking",
    path: (w) => `/embed/events/${w.festivalId}/book?q${w.onSaleTicketId}=1`,
    ready: (page) => page.getByTestId("participant-fieldset").first(),
  },
  { name: "embed order", path: (w) => `/embed/orders/${w.ownOrder.id}?token=${w.ownOrder.token}` },
  // Any slug: the page redirects to the event's own.
  { name: "event preview", path: (w) => `/events/preview/${w.draftId}/apercu/${w.draftToken}` },
  { name: "not found", path: () => "/nowhere-to-be-found" },
];

const organizationScreens: Screen[] = [
  { name: "events home", path: () => "/" },
  {
    name: "create organization dialog",
    path: () => "/",
    act: async (page) => {
      await page.getByTestId("account-menu-trigger").click();
      await page.getByTestId("create-organization-item").click();
      await expect(page.getByTestId("create-organization-dialog")).toBeVisible();
    },
  },
  { name: "profile", path: () => "/profile" },
  { name: "finance", path: () => "/finance" },
  { name: "finance transactions", path: () => "/finance/transactions" },
  { name: "finance payouts", path: () => "/finance/payouts" },
  { name: "finance invoices", path: () => "/finance/invoices" },
  { name: "organization", path: () => "/organization" },
  { name: "contact entries", path: () => "/organization/contact-entries" },
  { name: "billing", path: () => "/organization/billing" },
  { name: "settings (members)", path: () => "/settings" },
  { name: "settings mobile", path: () => "/settings/mobile" },
  { name: "settings tracking", path: () => "/settings/tracking" },
  { name: "webhook deliveries", path: (w) => `/settings/tracking/${w.endpointId}` },
  { name: "new event", path: () => "/event/new" },
  {
    name: "new event, errors shown",
    path: () => "/event/new",
    act: async (page) => {
      await page.getByRole("button", { name: "Créer le brouillon" }).click();
      await expect(page.locator("[aria-invalid=true]").first()).toBeVisible();
    },
  },
  { name: "demo connect", path: (w) => `/demo-connect/${w.accountId}` },
];

const eventScreens: Screen[] = [
  { name: "event dashboard", path: (w) => `/event/${w.festivalId}` },
  { name: "event editor", path: (w) => `/event/update/${w.festivalId}` },
  { name: "event editor, date step (Casablanca)", path: (w) => `/event/update/${w.ownEventId}?step=date` },
  { name: "tickets", path: (w) => `/event/${w.festivalId}/tickets` },
  {
    name: "tickets, create sheet",
    path: (w) => `/event/${w.festivalId}/tickets`,
    act: async (page) => {
      await page.getByTestId("ticket-create").click();
      await expect(page.getByTestId("ticket-sheet")).toBeVisible();
    },
  },
  { name: "ticket edit", path: (w) => `/event/${w.festivalId}/tickets/${w.ticketId}` },
  { name: "add-ons", path: (w) => `/event/${w.festivalId}/addons` },
  { name: "promo codes", path: (w) => `/event/${w.festivalId}/promos` },
  { name: "quotas", path: (w) => `/event/${w.festivalId}/quotas` },
  {
    name: "quotas, quota dialog",
    path: (w) => `/event/${w.festivalId}/quotas`,
    act: async (page) => {
      await page.getByTestId("quota-add").click();
      await expect(page.getByTestId("quota-dialog")).toBeVisible();
    },
  },
  { name: "order forms", path: (w) => `/event/${w.festivalId}/order-fields` },
  {
    name: "order forms, question panel",
    path: (w) => `/event/${w.festivalId}/order-fields`,
    act: async (page) => {
      await page.getByTestId("question-add-before").click();
      await expect(page.getByTestId("question-panel")).toBeVisible();
    },
  },
  { name: "order messages", path: (w) => `/event/${w.festivalId}/order-messages` },
  {
    name: "reminders, a reminder added",
    path: (w) => `/event/${w.festivalId}/reminders`,
    act: async (page) => {
      await page.getByTestId("reminders-add").click();
      await expect(page.getByTestId("reminder-card").last()).toBeVisible();
    },
  },
  { name: "attendee messages", path: (w) => `/event/${w.festivalId}/messages` },
  {
    name: "attendee message composer, preview open",
    path: (w) => `/event/${w.festivalId}/messages/new`,
    act: async (page) => {
      await page.getByTestId("message-subject").fill("Infos pratiques");
      await page.getByTestId("message-preview").click();
      await expect(page.getByTestId("message-preview-frame")).toBeVisible();
    },
  },
  {
    name: "attendee message sent, its delivery",
    path: (w) => `/event/${w.ownEventId}/messages/new`,
    act: async (page) => {
      await page.getByTestId("message-subject").fill("Ouverture des portes");
      await page.getByTestId("description-editor").fill("Les portes ouvrent à 19 h.");
      await expect(page.getByTestId("message-recipient-count")).toBeVisible();
      await page.getByTestId("message-send").click();
      await page.getByTestId("message-send-confirm").click();
      await expect(page.getByTestId("message-detail")).toBeVisible();
    },
  },
  { name: "event settings", path: (w) => `/event/${w.festivalId}/settings` },
  { name: "event team", path: (w) => `/event/${w.festivalId}/team` },
  { name: "participants import", path: (w) => `/event/${w.festivalId}/participants/import` },
  { name: "participants", path: (w) => `/event/${w.festivalId}/participants` },
  {
    name: "participants, add dialog",
    path: (w) => `/event/${w.festivalId}/participants`,
    act: async (page) => {
      await page.getByRole("button", { name: "Ajouter des participants" }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
    },
  },
  { name: "participant detail", path: (w) => `/event/${w.festivalId}/participants/${w.participantId}` },
  { name: "orders", path: (w) => `/event/${w.festivalId}/orders` },
  { name: "waiting list", path: (w) => `/event/${w.ownEventId}/waiting-list` },
  { name: "order detail", path: (w) => `/event/${w.festivalId}/orders/${w.orderId}` },
  { name: "entries", path: (w) => `/event/${w.festivalId}/entries` },
  { name: "scanner", path: (w) => `/event/${w.festivalId}/scan` },
  {
    name: "delete event dialog",
    path: (w) => `/event/${w.ownEventId}`,
    act: async (page) => {
      await page.getByTestId("event-more-menu").click();
      await page.getByRole("menuitem", { name: "Supprimer" }).click();
      await expect(page.getByTestId("delete-event-dialog")).toBeVisible();
    },
  },
  {
    name: "publish dialog",
    path: (w) => `/event/${w.draftId}`,
    act: async (page) => {
      await page.getByTestId("publish-button").click();
      await expect(page.getByTestId("publish-dialog")).toBeVisible();
    },
  },
];

const adminScreens: Screen[] = [
  { name: "admin overview", path: () => "/admin" },
  { name: "admin organizations", path: () => "/admin/organizations" },
  { name: "admin events", path: () => "/admin/events" },
  { name: "admin event", path: (w) => `/admin/organizations/${w.organizationId}/${w.festivalId}` },
];

/** Screens per test: small enough for the suite's two workers to share them and for one test's time to stay bounded. */
const SCREENS_PER_TEST = 6;

const groups: { label: string; account?: { email: string; password?: string }; screens: Screen[] }[] = [
  { label: "public pages, signed out", screens: publicScreens },
  { label: "organization pages, as the owner", account: { email: "owner@guichet.test" }, screens: organizationScreens },
  { label: "event pages, as the owner", account: { email: "owner@guichet.test" }, screens: eventScreens },
  {
    label: "platform admin pages",
    account: { email: "admin@guichet.test", password: "guichet-admin-2026" },
    screens: adminScreens,
  },
];

for (const group of groups) {
  for (let start = 0; start < group.screens.length; start += SCREENS_PER_TEST) {
    const screens = group.screens.slice(start, start + SCREENS_PER_TEST);
    test(`${group.label}: ${screens.map((screen) => screen.name).join(", ")} — no serious or critical axe violation, no hydration error`, async ({
      page,
      request,
    }) => {
      // A page load and two checks per screen take 10–40 s on the 2-core machine, more while other specs share it.
      test.setTimeout(30_000 + screens.length * 90_000);
      const w = await world(request);
      if (group.account) await signIn(page, group.account.email, group.account.password);
      await checkScreens(page, w, screens);
    });
  }
}
