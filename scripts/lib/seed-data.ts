import { lineTax } from "../../domain/billing/line-taxes";
import { and, count, eq, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "../../db/database";
import * as schema from "../../db/schema";
import { hashPassword } from "../../domain/auth/password";
import { unitDiscount } from "../../domain/booking/fees";
import type { OrderDraft } from "../../domain/booking/place-order";
import { countsAsSale } from "../../domain/orders/order-status";
import { organizationLookalikeKey } from "../../domain/organizations/organization-title";
import {
  buildCatalog,
  buildGrandFestival,
  CONTACT_ENTRIES,
  DEFAULT_QUESTION_TITLE,
  type EventSpec,
  type FormSpec,
  ORGANIZATIONS,
  type OrganizationKey,
  SCALE_EVENT_TITLE,
  USERS,
  type UserKey,
} from "./seed-catalog";
import { PeopleFactory, searchText } from "./seed-people";
import { Rng } from "./seed-random";
import { type DraftOrder, generateOrders, type SalePromo, type SaleQuestion, type SaleTicket } from "./seed-sales";
import { DAY, HOUR, MINUTE, ParisClock, startOfUtcDay } from "./seed-time";

export interface SeedOptions {
  /** Reference "now"; defaults to the start of the current UTC day so every run the same day builds the same rows. */
  now?: Date;
  /** Leave the database alone when it already has users. */
  ifEmpty?: boolean;
  /** Delete every row first. */
  reset?: boolean;
  /** Also build "Grand Festival" with this many participants, for scale work. */
  participants?: number;
  /** Rows per INSERT statement (kept under SQLite's 32,766 bound variables). */
  rowsPerInsert?: number;
  /** Progress lines for long writes. */
  log?: (line: string) => void;
}

export interface SeedResult {
  skipped: boolean;
  reference: Date;
  counts: Record<string, number>;
  durationMs: number;
}

type Row<T extends SQLiteTable> = T["$inferInsert"];

/** Every table the seeder fills or clears, parents before children. */
const TABLES = {
  users: schema.users,
  organizations: schema.organizations,
  organization_billing: schema.organizationBilling,
  tax_rates: schema.taxRates,
  memberships: schema.memberships,
  events: schema.events,
  tickets: schema.tickets,
  promo_codes: schema.promoCodes,
  promo_code_tickets: schema.promoCodeTickets,
  participation_forms: schema.participationForms,
  event_accesses: schema.eventAccesses,
  orders: schema.orders,
  order_items: schema.orderItems,
  participants: schema.participants,
  form_answers: schema.formAnswers,
  entries: schema.entries,
  payouts: schema.payouts,
  transactions: schema.transactions,
  contact_entries: schema.contactEntries,
  webhook_endpoints: schema.webhookEndpoints,
  audit_logs: schema.auditLogs,
} as const;

/** Also emptied by --reset, never seeded. */
const OTHER_TABLES = {
  webhook_deliveries: schema.webhookDeliveries,
  sessions: schema.sessions,
  email_codes: schema.emailCodes,
  rate_limits: schema.rateLimits,
  processed_provider_events: schema.processedProviderEvents,
  images: schema.images,
  dev_mailbox: schema.devMailbox,
} as const;

type TableName = keyof typeof TABLES;
type Plan = { [K in TableName]: Row<(typeof TABLES)[K]>[] };

const SEED = "guichet-demo-v1";
const MAX_VARIABLES = 32_766;

export async function seedDatabase(db: Database, options: SeedOptions = {}): Promise<SeedResult> {
  const started = performance.now();
  const reference = options.now ?? startOfUtcDay(new Date());
  const log = options.log ?? (() => {});

  const [userCount] = await db.select({ n: count() }).from(schema.users);
  if (options.ifEmpty && (userCount?.n ?? 0) > 0) {
    return { skipped: true, reference, counts: {}, durationMs: performance.now() - started };
  }
  const participants = options.participants ?? 0;
  let plan: Plan;
  if (options.reset) {
    await clearDatabase(db);
    plan = await buildPlan(reference, participants);
  } else {
    const busy = await nonEmptyTables(db);
    const scaleOnly = busy.length > 0 && participants > 0 ? await scaleTarget(db) : null;
    if (busy.length > 0 && !scaleOnly) {
      throw new Error(
        `The database already holds data: ${busy.slice(0, 3).join(", ")}${busy.length > 3 ? ", …" : ""}. Run with --reset to replace it, or --if-empty to leave a seeded database alone.`,
      );
    }
    // On an already seeded demo, --participants only adds the scale event.
    plan = scaleOnly ? buildScalePlan(reference, participants, scaleOnly) : await buildPlan(reference, participants);
  }
  await writePlan(db, plan, options.rowsPerInsert ?? 500, log);

  return {
    skipped: false,
    reference,
    counts: await countRows(db),
    durationMs: performance.now() - started,
  };
}

export async function countRows(db: Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(TABLES)) {
    const [row] = await db.select({ n: count() }).from(table as SQLiteTable);
    counts[name] = row?.n ?? 0;
  }
  return counts;
}

async function nonEmptyTables(db: Database): Promise<string[]> {
  const busy: string[] = [];
  for (const [name, table] of Object.entries(TABLES)) {
    const [row] = await db.select({ n: count() }).from(table as SQLiteTable);
    if ((row?.n ?? 0) > 0) busy.push(`${name} (${row?.n})`);
  }
  return busy;
}

interface ScaleTarget {
  organizationId: number;
  ownerId: number;
  /** Highest id in use per table: the scale event's rows continue from there. */
  lastIds: Partial<Record<TableName, number>>;
}

/** Where the scale event can be added to an existing demo database, or null if this is not one (or it has it already). */
async function scaleTarget(db: Database): Promise<ScaleTarget | null> {
  const demo = ORGANIZATIONS[0];
  const owner = USERS.find((user) => user.memberships.some((m) => m.organization === demo?.key && m.role === "owner"));
  if (!demo || !owner) return null;
  const [organization] = await db
    .select({ id: schema.organizations.id })
    .from(schema.organizations)
    .where(eq(schema.organizations.titleKey, demo.title.toLowerCase()));
  const [user] = await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, owner.email));
  if (!organization || !user) return null;
  const [existing] = await db
    .select({ id: schema.events.id })
    .from(schema.events)
    .where(and(eq(schema.events.organizationId, organization.id), eq(schema.events.title, SCALE_EVENT_TITLE)));
  if (existing) return null;
  const lastIds: Partial<Record<TableName, number>> = {};
  for (const name of [
    "events",
    "tickets",
    "promo_codes",
    "orders",
    "order_items",
    "participants",
    "transactions",
  ] as const) {
    const [row] = await db.all<{ n: number | null }>(sql`SELECT max(id) AS n FROM ${TABLES[name]}`);
    lastIds[name] = Number(row?.n ?? 0);
  }
  return { organizationId: organization.id, ownerId: user.id, lastIds };
}

async function clearDatabase(db: Database): Promise<void> {
  const children = [...Object.values(OTHER_TABLES), ...Object.values(TABLES).reverse()];
  const names = [...Object.keys(OTHER_TABLES), ...Object.keys(TABLES)];
  const [first, ...rest] = children.map((table) => db.delete(table as SQLiteTable));
  if (!first) return;
  await db.batch([first, ...rest]);
  // Restart AUTOINCREMENT counters so a reseeded database gets the same ids.
  await db.run(
    sql`DELETE FROM sqlite_sequence WHERE name IN (${sql.join(
      names.map((name) => sql`${name}`),
      sql`, `,
    )})`,
  );
}

async function writePlan(db: Database, plan: Plan, rowsPerInsert: number, log: (line: string) => void): Promise<void> {
  for (const [name, table] of Object.entries(TABLES) as [TableName, SQLiteTable][]) {
    const rows = plan[name] as Row<SQLiteTable>[];
    if (rows.length === 0) continue;
    const columns = Object.keys(table).length;
    const perStatement = Math.max(1, Math.min(rowsPerInsert, Math.floor(MAX_VARIABLES / Math.max(columns, 1))));
    // Several statements per batch: one transaction per ~10,000 rows keeps memory flat and shows progress.
    const statementsPerBatch = 20;
    const chunk = perStatement * statementsPerBatch;
    for (let offset = 0; offset < rows.length; offset += chunk) {
      const statements = [];
      for (let start = offset; start < Math.min(offset + chunk, rows.length); start += perStatement) {
        statements.push(db.insert(table).values(rows.slice(start, start + perStatement) as never));
      }
      const [head, ...tail] = statements;
      if (head) await db.batch([head, ...tail]);
      if (rows.length > chunk)
        log(
          `  ${name}: ${Math.min(offset + chunk, rows.length).toLocaleString("en-US")} / ${rows.length.toLocaleString("en-US")}`,
        );
    }
  }
}

function emptyPlan(): Plan {
  return Object.fromEntries(Object.keys(TABLES).map((name) => [name, []])) as unknown as Plan;
}

interface EventState {
  spec: EventSpec;
  id: number;
  organizationId: number;
  tickets: SaleTicket[];
  ticketByKey: Map<string, SaleTicket>;
  promos: SalePromo[];
  beforeQuestions: SaleQuestion[];
  ticketQuestions: SaleQuestion[];
}

async function buildPlan(reference: Date, grandFestivalParticipants: number): Promise<Plan> {
  const plan = emptyPlan();
  const ref = reference.getTime();
  const daysAgo = (days: number) => new Date(ref - days * DAY);
  const nextId: Record<string, number> = {};
  const id = (table: TableName) => (nextId[table] = (nextId[table] ?? 0) + 1);

  // Accounts: scrypt is slow on purpose, so each distinct password is hashed once.
  const hashes = new Map<string, Promise<string>>();
  for (const user of USERS) if (!hashes.has(user.password)) hashes.set(user.password, hashPassword(user.password));
  const userIds = new Map<UserKey, number>();
  for (const [index, user] of USERS.entries()) {
    const userId = id("users");
    userIds.set(user.key, userId);
    const createdAt = daysAgo(500 - index * 20);
    plan.users.push({
      id: userId,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      passwordHash: await hashes.get(user.password),
      authMethod: "password",
      isAdmin: user.isAdmin,
      locale: "fr",
      emailVerifiedAt: createdAt,
      createdAt,
      updatedAt: createdAt,
    });
  }
  const userId = (key: UserKey) => userIds.get(key) ?? 0;
  const userEmail = (key: UserKey) => USERS.find((user) => user.key === key)?.email ?? "";

  const organizationIds = new Map<OrganizationKey, number>();
  for (const organization of ORGANIZATIONS) {
    const organizationId = id("organizations");
    organizationIds.set(organization.key, organizationId);
    plan.organizations.push({
      id: organizationId,
      title: organization.title,
      titleKey: organization.title.toLowerCase(),
      titleLookalikeKey: organizationLookalikeKey(organization.title),
      smallDescription: organization.smallDescription,
      description: organization.description,
      contactEmail: organization.contactEmail,
      addressLabel: organization.addressLabel,
      addressLatitude: organization.latitude,
      addressLongitude: organization.longitude,
      connectedAccountId: organization.connectedAccountId,
      isConnectedAccountValid: true,
      payoutFrequency: organization.payoutFrequency,
      createdAt: daysAgo(organization.createdDaysAgo),
      updatedAt: daysAgo(40),
    });
  }
  const organizationId = (key: OrganizationKey) => organizationIds.get(key) ?? 0;
  for (const organization of ORGANIZATIONS) {
    const createdAt = daysAgo(organization.createdDaysAgo);
    plan.organization_billing.push({
      organizationId: organizationId(organization.key),
      ...organization.billing,
      country: "FR",
      legalMentions: "Association loi 1901 · Pas d'escompte pour paiement anticipé.",
      vatRegistered: true,
      invoiceMode: "on-request",
      createdAt,
      updatedAt: createdAt,
    });
    for (const [sort, rate] of SEED_TAX_RATES.entries())
      plan.tax_rates.push({
        id: id("tax_rates"),
        organizationId: organizationId(organization.key),
        name: rate.name,
        rate: rate.rate,
        isDefault: rate.rate === SEED_SALE_RATE.rate,
        sort,
        createdAt,
        updatedAt: createdAt,
      });
  }

  for (const [index, user] of USERS.entries()) {
    for (const membership of user.memberships) {
      const organization = ORGANIZATIONS.find((o) => o.key === membership.organization);
      plan.memberships.push({
        id: id("memberships"),
        organizationId: organizationId(membership.organization),
        userId: userId(user.key),
        role: membership.role,
        createdAt: new Date(ref - (organization?.createdDaysAgo ?? 100) * DAY + (index + 1) * HOUR),
      });
    }
  }

  const catalog = buildCatalog(reference);
  if (grandFestivalParticipants > 0) catalog.push(buildGrandFestival(reference, grandFestivalParticipants));
  const states: EventState[] = catalog.map((spec) =>
    addEvent(plan, spec, id, organizationId(spec.organization), userId(spec.createdBy)),
  );
  const stateByKey = new Map(states.map((state) => [state.spec.key, state]));

  plan.event_accesses.push(
    {
      id: id("event_accesses"),
      organizationId: organizationId("nuits"),
      eventId: stateByKey.get("partners")?.id ?? 0,
      userId: userId("guest"),
      email: userEmail("guest"),
      roles: "event_manager",
      createdAt: daysAgo(27),
    },
    {
      id: id("event_accesses"),
      organizationId: organizationId("nuits"),
      eventId: stateByKey.get("festival")?.id ?? 0,
      userId: userId("validator"),
      email: userEmail("validator"),
      roles: "validator",
      createdAt: daysAgo(12),
    },
  );

  const { charges, participantsByEvent } = addSales(plan, states, id, reference, grandFestivalParticipants);
  for (const state of states) {
    if (state.spec.checkIns)
      addCheckIns(plan, state, participantsByEvent.get(state.spec.key) ?? [], id, [userId("manager"), userId("owner")]);
  }

  addPayouts(plan, charges, id, organizationId("nuits"), ref);
  addContactEntries(plan, id, organizationId, ref);
  addIntegrationsAndAudit(plan, id, organizationId, userId, stateByKey, ref);
  return plan;
}

/** Only the scale event, appended to an already seeded demo: its rows take the ids after the existing ones. */
function buildScalePlan(reference: Date, participants: number, target: ScaleTarget): Plan {
  const plan = emptyPlan();
  const nextId: Partial<Record<TableName, number>> = { ...target.lastIds };
  const id = (table: TableName) => (nextId[table] = (nextId[table] ?? 0) + 1);
  const state = addEvent(plan, buildGrandFestival(reference, participants), id, target.organizationId, target.ownerId);
  const { charges } = addSales(plan, [state], id, reference, participants);
  charges.sort((a, b) => (a.occurredAt as Date).getTime() - (b.occurredAt as Date).getTime());
  for (const charge of charges)
    plan.transactions.push({ id: id("transactions"), ...charge, createdAt: charge.occurredAt });
  return plan;
}

type EventParticipants = Map<string, { id: number; order: DraftOrder; row: Row<typeof schema.participants> }[]>;

/** Orders of every event with sales: drawn per event, then numbered in time order across events, like a live database. */
function addSales(
  plan: Plan,
  states: EventState[],
  id: (table: TableName) => number,
  reference: Date,
  grandFestivalParticipants: number,
): { charges: Row<typeof schema.transactions>[]; participantsByEvent: EventParticipants } {
  const stateByKey = new Map(states.map((state) => [state.spec.key, state]));
  const ref = reference.getTime();
  const clock = new ParisClock();
  const people = new PeopleFactory(new Rng(`${SEED}:people`));
  const drafts: DraftOrder[] = [];
  const scaleDrafts: DraftOrder[] = [];
  for (const state of states) {
    if (!state.spec.sales) continue;
    const scale = state.spec.key === "grand-festival";
    const orders = generateOrders({
      rng: new Rng(`${SEED}:orders:${state.spec.key}`),
      people: scale ? new PeopleFactory(new Rng(`${SEED}:people:${state.spec.key}`)) : people,
      clock,
      reference: ref,
      event: state.spec,
      tickets: state.tickets,
      promos: state.promos,
      beforeQuestions: state.beforeQuestions,
      ticketQuestions: state.ticketQuestions,
      exactParticipants: scale ? grandFestivalParticipants : undefined,
    });
    // One at a time: a spread of the scale event's orders (400,000 at 1,000,000 participants) overflows the stack.
    for (const order of orders) (scale ? scaleDrafts : drafts).push(order);
  }
  // The scale event comes last so the regular demo keeps the same ids with or without it.
  const byTime = (a: DraftOrder, b: DraftOrder) => a.createdAt - b.createdAt || a.eventKey.localeCompare(b.eventKey);
  const allDrafts = [...drafts.sort(byTime), ...scaleDrafts.sort(byTime)];

  const participantsByEvent: EventParticipants = new Map();
  const charges: Row<typeof schema.transactions>[] = [];
  for (const draft of allDrafts) {
    const state = stateByKey.get(draft.eventKey);
    if (!state) continue;
    const orderId = id("orders");
    const createdAt = new Date(draft.createdAt);
    const pending = draft.status === "pending";
    plan.order_items.push(...orderItemRows(draft, orderId, state.organizationId, state.id, id));
    plan.orders.push({
      id: orderId,
      organizationId: state.organizationId,
      eventId: state.id,
      firstName: draft.buyer.firstName,
      lastName: draft.buyer.lastName,
      email: draft.buyer.email,
      amount: draft.amount,
      fees: draft.fees,
      netAmount: draft.amount - draft.fees,
      status: draft.status,
      promoCodeId: draft.promo?.id ?? null,
      promoCodeKey: draft.promo?.code ?? null,
      checkoutTime: draft.checkoutTime,
      accessToken: draft.accessToken,
      stripeCheckoutSessionId: draft.stripeCheckoutSessionId,
      stripePaymentIntentId: draft.stripePaymentIntentId,
      paidAt: draft.paidAt === null ? null : new Date(draft.paidAt),
      payableUntil: draft.payableUntil === null ? null : new Date(draft.payableUntil),
      // A pending order keeps what the buyer typed until payment writes it as rows, as a live booking does.
      draft: pending ? JSON.stringify(pendingDraft(draft)) : null,
      createdAt,
      updatedAt: new Date(
        draft.paidAt ?? (draft.status === "pending" ? draft.createdAt : (draft.payableUntil ?? draft.createdAt)),
      ),
    });
    // Pending orders have no participants or answers yet: they hold their places through order_items.
    if (pending) continue;
    for (const answer of draft.orderAnswers) {
      plan.form_answers.push({
        id: id("form_answers"),
        organizationId: state.organizationId,
        eventId: state.id,
        orderId,
        participantId: null,
        ...answer,
        createdAt,
      });
    }
    const eventParticipants = participantsByEvent.get(draft.eventKey) ?? [];
    participantsByEvent.set(draft.eventKey, eventParticipants);
    for (const participant of draft.participants) {
      const participantId = id("participants");
      const row: Row<typeof schema.participants> = {
        id: participantId,
        organizationId: state.organizationId,
        eventId: state.id,
        orderId,
        ticketId: participant.ticket.id,
        firstName: participant.person.firstName,
        lastName: participant.person.lastName,
        email: participant.person.email,
        searchText: searchText(participant.person),
        ticketTitle: participant.ticket.spec.title,
        ticketType: participant.ticket.spec.ticketType,
        price: pricePaid(draft, participant),
        promoCodeKey: participant.promoCodeKey,
        isIn: false,
        accessToken: participant.accessToken,
        createdAt,
        updatedAt: createdAt,
      };
      plan.participants.push(row);
      eventParticipants.push({ id: participantId, order: draft, row });
      for (const answer of participant.answers) {
        plan.form_answers.push({
          id: id("form_answers"),
          organizationId: state.organizationId,
          eventId: state.id,
          orderId,
          participantId,
          ...answer,
          createdAt,
        });
      }
    }
    if (draft.status === "paid" && draft.amount > 0 && draft.paidAt !== null) {
      charges.push({
        organizationId: state.organizationId,
        eventId: state.id,
        orderId,
        type: "charge",
        amount: draft.amount,
        fee: draft.fees,
        net: draft.amount - draft.fees,
        providerReference: `ch_demo_${draft.accessToken.slice(0, 24)}`,
        description: `Commande n° ${orderId} — ${state.spec.title}`,
        occurredAt: new Date(draft.paidAt),
      });
    }
  }

  // Stock and code usage follow from the orders that still hold their tickets.
  const ticketRows = new Map(plan.tickets.map((row) => [row.id, row]));
  const promoRows = new Map(plan.promo_codes.map((row) => [row.id, row]));
  for (const state of states) {
    for (const ticket of state.tickets) {
      const row = ticketRows.get(ticket.id);
      if (row) row.purchased = ticket.held - ticket.pendingHeld;
    }
    for (const promo of state.promos) {
      const row = promoRows.get(promo.id);
      if (row) row.useCount = promo.useCount - promo.pendingUses;
    }
  }

  return { charges, participantsByEvent };
}

/** A participant's price as booking stores it: what was paid for the ticket, its unit price less its discount. */
function pricePaid(draft: DraftOrder, participant: DraftOrder["participants"][number]): number {
  return participant.promoCodeKey && draft.promo
    ? participant.price - unitDiscount(participant.price, draft.promo)
    : participant.price;
}

/** The draft a pending order keeps (domain/booking/place-order.ts `OrderDraft`). */
function pendingDraft(draft: DraftOrder): OrderDraft {
  return {
    participants: draft.participants.map((participant) => ({
      ticketId: participant.ticket.id,
      ticketTitle: participant.ticket.spec.title,
      ticketType: participant.ticket.spec.ticketType,
      price: pricePaid(draft, participant),
      promoCodeKey: participant.promoCodeKey,
      firstName: participant.person.firstName,
      lastName: participant.person.lastName,
      email: participant.person.email,
      answers: participant.answers,
    })),
    orderAnswers: draft.orderAnswers,
  };
}

/**
 * The order's lines, as booking writes them: one per ticket with its quantity, discount and share of the order's
 * fees (the seed charges its fee once per order: the lines split it so that they add up). A pending order's lines
 * hold their places until its payment deadline; the others hold nothing any more.
 */
function orderItemRows(
  draft: DraftOrder,
  orderId: number,
  organizationId: number,
  eventId: number,
  id: (table: TableName) => number,
): Row<typeof schema.orderItems>[] {
  const lines = new Map<
    number,
    { participant: DraftOrder["participants"][number]; quantity: number; discount: number }
  >();
  for (const participant of draft.participants) {
    const line = lines.get(participant.ticket.id) ?? { participant, quantity: 0, discount: 0 };
    line.quantity += 1;
    line.discount += participant.price - pricePaid(draft, participant);
    lines.set(participant.ticket.id, line);
  }
  const paid = [...lines.values()].map((line) => line.participant.price * line.quantity - line.discount);
  const total = paid.reduce((sum, amount) => sum + amount, 0);
  let feesLeft = draft.fees;
  return [...lines.values()].map((line, index) => {
    const last = index === lines.size - 1;
    const fees = last ? feesLeft : total > 0 ? Math.floor((draft.fees * (paid[index] ?? 0)) / total) : 0;
    feesLeft -= fees;
    return {
      id: id("order_items"),
      organizationId,
      eventId,
      orderId,
      ticketId: line.participant.ticket.id,
      ticketType: line.participant.ticket.spec.ticketType,
      quantity: line.quantity,
      unitPrice: line.participant.price,
      discount: line.discount,
      fees,
      feesType: "included" as const,
      ...soldAtSeedRate(line.participant.price * line.quantity - line.discount),
      heldUntil: draft.status === "pending" && draft.payableUntil !== null ? new Date(draft.payableUntil) : null,
      createdAt: new Date(draft.createdAt),
    };
  });
}

/** France's rates (decision 0063's presets); every demo ticket is sold at the default 20 %. */
const SEED_TAX_RATES = [
  { name: "TVA 20 %", rate: 2000 },
  { name: "TVA 10 %", rate: 1000 },
  { name: "TVA 5,5 %", rate: 550 },
  { name: "TVA 2,1 %", rate: 210 },
] as const;
const SEED_SALE_RATE = SEED_TAX_RATES[0];

/** A line's VAT as booking writes it (`domain/billing/sale-tax-rate.ts`): the fees are included, so no fee line. */
function soldAtSeedRate(gross: number) {
  const { net, vat } = lineTax({ gross, rate: SEED_SALE_RATE.rate });
  return { taxRate: SEED_SALE_RATE.rate, taxRateName: SEED_SALE_RATE.name, net, vat, feesNet: 0, feesVat: 0 };
}

function addEvent(
  plan: Plan,
  spec: EventSpec,
  id: (table: TableName) => number,
  organizationId: number,
  createdBy: number,
): EventState {
  const rng = new Rng(`${SEED}:event:${spec.key}`);
  const eventId = id("events");
  const updatedAt =
    spec.status === "archived" ? new Date(spec.endAt.getTime() + 2 * DAY) : (spec.publishedAt ?? spec.createdAt);
  plan.events.push({
    id: eventId,
    organizationId,
    title: spec.title,
    smallDescription: spec.smallDescription,
    description: spec.description,
    primaryColor: spec.primaryColor,
    theme: spec.theme,
    timezone: "Europe/Paris",
    startAt: spec.startAt,
    endAt: spec.endAt,
    addressLabel: spec.addressLabel,
    addressName: spec.addressName,
    addressLatitude: spec.latitude,
    addressLongitude: spec.longitude,
    contactEmail: spec.contactEmail,
    refundPolicy: spec.refundPolicy,
    status: spec.status,
    visibility: spec.visibility,
    confirmationPageMessage: spec.confirmationPageMessage,
    emailPdfMessage: spec.emailPdfMessage,
    emailPdfEmailResponse: spec.contactEmail,
    // Unpublished events keep a preview key; publishing clears it.
    accessToken: spec.status === "draft" ? rng.hex(32) : null,
    allowBilling: spec.allowBilling,
    eventCapacity: spec.eventCapacity,
    publishedAt: spec.publishedAt,
    createdBy,
    createdAt: spec.createdAt,
    updatedAt,
  });

  const tickets: SaleTicket[] = [];
  const sortByType = { ticket: 0, addon: 0 };
  for (const [index, ticket] of spec.tickets.entries()) {
    const ticketId = id("tickets");
    const createdAt = new Date(spec.createdAt.getTime() + (index + 1) * MINUTE);
    plan.tickets.push({
      id: ticketId,
      organizationId,
      eventId,
      ticketType: ticket.ticketType,
      title: ticket.title,
      description: ticket.description,
      detailedDescription: ticket.detailedDescription ?? "",
      price: ticket.price,
      isFree: ticket.price === 0,
      amount: ticket.amount ?? -1,
      purchased: 0,
      sellStartAt: ticket.sellStartAt ?? null,
      sellEndAt: ticket.sellEndAt ?? null,
      minPerOrder: ticket.minPerOrder ?? 1,
      maxPerOrder: ticket.maxPerOrder ?? 10,
      visibility: ticket.visibility ?? "visible",
      restricted: false,
      feesType: "included",
      sort: sortByType[ticket.ticketType]++,
      showRemainingCount: ticket.showRemainingCount ?? false,
      createdAt,
      updatedAt: createdAt,
    });
    tickets.push({
      id: ticketId,
      spec: ticket,
      price: ticket.price,
      amount: ticket.amount ?? -1,
      sellStartAt: ticket.sellStartAt?.getTime() ?? null,
      sellEndAt: ticket.sellEndAt?.getTime() ?? null,
      maxPerOrder: ticket.maxPerOrder ?? 10,
      held: 0,
      pendingHeld: 0,
    });
  }
  const ticketByKey = new Map(tickets.map((ticket) => [ticket.spec.key, ticket]));

  const promos: SalePromo[] = [];
  for (const promo of spec.promos) {
    const promoId = id("promo_codes");
    const ticketIds = promo.ticketKeys ? new Set(promo.ticketKeys.map((key) => ticketByKey.get(key)?.id ?? 0)) : null;
    plan.promo_codes.push({
      id: promoId,
      organizationId,
      eventId,
      code: promo.code,
      discountType: promo.discountType,
      discountValue: promo.discountValue,
      maxUses: promo.maxUses ?? -1,
      useCount: 0,
      startAt: promo.startAt ?? null,
      endAt: promo.endAt ?? null,
      appliesToAllTickets: ticketIds === null,
      createdAt: new Date(spec.createdAt.getTime() + HOUR),
    });
    for (const ticketId of ticketIds ?? []) plan.promo_code_tickets.push({ promoCodeId: promoId, ticketId });
    promos.push({
      id: promoId,
      code: promo.code,
      discountType: promo.discountType,
      discountValue: promo.discountValue,
      maxUses: promo.maxUses ?? -1,
      startAt: promo.startAt?.getTime() ?? null,
      endAt: promo.endAt?.getTime() ?? null,
      ticketIds,
      useCount: 0,
      pendingUses: 0,
    });
  }

  const questionsByForm = new Map<FormSpec["formType"], SaleQuestion[]>();
  for (const form of spec.forms) {
    const questions: SaleQuestion[] = form.questions.map((question) => ({
      id: rng.alphanumeric(16),
      spec: question,
      optionIds: (question.options ?? []).map(() => rng.alphanumeric(16)),
    }));
    questionsByForm.set(form.formType, questions);
    const stored = questions.map((question) => ({
      id: question.id,
      title: question.spec.title,
      description: question.spec.description,
      mandatory: question.spec.mandatory,
      type: question.spec.type,
      options: (question.spec.options ?? []).map((title, index) => ({ id: question.optionIds[index], title })),
      ticket_target: [],
      allow_target: false,
    }));
    if (form.formType === "before-tickets") {
      stored.unshift({
        id: "default",
        title: DEFAULT_QUESTION_TITLE,
        description: "",
        mandatory: true,
        type: "short-text",
        options: [],
        ticket_target: [],
        allow_target: false,
      });
    }
    const formCreatedAt = new Date(spec.createdAt.getTime() + 2 * HOUR);
    plan.participation_forms.push({
      id: id("participation_forms"),
      organizationId,
      eventId,
      formType: form.formType,
      title: form.title,
      singleFill: !form.questions.some((question) => question.mandatory),
      questions: JSON.stringify(stored),
      ticketTarget: "all",
      createdAt: formCreatedAt,
      updatedAt: formCreatedAt,
    });
  }

  return {
    spec,
    id: eventId,
    organizationId,
    tickets,
    ticketByKey,
    promos,
    beforeQuestions: questionsByForm.get("before") ?? [],
    ticketQuestions: questionsByForm.get("before-tickets") ?? [],
  };
}

/** Door scans at a past event: most holders came in, a few went out and some came back. */
function addCheckIns(
  plan: Plan,
  state: EventState,
  participants: { id: number; order: DraftOrder; row: Row<typeof schema.participants> }[],
  id: (table: TableName) => number,
  validators: number[],
): void {
  const rng = new Rng(`${SEED}:entries:${state.spec.key}`);
  const start = state.spec.startAt.getTime();
  const end = state.spec.endAt.getTime();
  const scans: Row<typeof schema.entries>[] = [];
  for (const { id: participantId, order, row } of participants) {
    if (row.ticketType !== "ticket" || !countsAsSale(order.status)) continue;
    if (!rng.chance(0.9)) continue;
    const validatedBy = rng.chance(0.7) ? validators[0] : validators[1];
    // Arrivals peak about two hours after the doors open.
    let at = start - 15 * MINUTE + Math.floor(((rng.next() + rng.next()) / 2) * 4.5 * HOUR);
    const moves: boolean[] = [true];
    const times: number[] = [at];
    if (rng.chance(0.07)) {
      at += rng.int(20, 120) * MINUTE;
      moves.push(false);
      times.push(at);
      if (rng.chance(0.6)) {
        at += rng.int(5, 45) * MINUTE;
        moves.push(true);
        times.push(at);
      }
    }
    for (let i = 0; i < moves.length; i++) {
      const validatedAt = new Date(Math.min(times[i] ?? start, end - MINUTE));
      scans.push({
        organizationId: state.organizationId,
        eventId: state.id,
        participantId,
        ticketId: row.ticketId,
        isIn: moves[i] ?? true,
        validatedAt,
        validatedBy,
        createdAt: validatedAt,
      });
    }
    const last = scans[scans.length - 1];
    row.isIn = last?.isIn ?? false;
    row.lastValidationAt = last?.validatedAt ?? null;
    row.updatedAt = last?.validatedAt ?? row.updatedAt;
  }
  scans.sort((a, b) => (a.validatedAt as Date).getTime() - (b.validatedAt as Date).getTime());
  for (const scan of scans) plan.entries.push({ id: id("entries"), ...scan });
}

/** Weekly payouts: each sweeps the charges that became available (two days after payment) before it started. */
function addPayouts(
  plan: Plan,
  charges: Row<typeof schema.transactions>[],
  id: (table: TableName) => number,
  organizationId: number,
  ref: number,
): void {
  const rng = new Rng(`${SEED}:payouts`);
  const bankAccountName = ORGANIZATIONS[0]?.bankAccountName ?? "";
  const sorted = [...charges].sort((a, b) => (a.occurredAt as Date).getTime() - (b.occurredAt as Date).getTime());
  const ledger: Row<typeof schema.transactions>[] = [...sorted];
  // Funds are held until their event has ended (decision 0022): a payout sweeps only money of events ended by then.
  const endedAt = new Map(
    plan.events.map((event) => [event.id, ((event.endAt ?? event.startAt) as Date | null | undefined)?.getTime()]),
  );
  // Two payouts: the first ended event's money (paid), then the second's, still on its way to the bank (pending).
  const initiations = [15, 1].map((days) => ref - days * DAY + 5 * HOUR);
  for (const [index, initiatedAt] of initiations.entries()) {
    const cutoff = initiatedAt - 2 * DAY;
    const swept = sorted.filter(
      (c) =>
        c.organizationId === organizationId &&
        c.payoutId === undefined &&
        (c.occurredAt as Date).getTime() < cutoff &&
        (endedAt.get(c.eventId ?? 0) ?? Infinity) <= initiatedAt,
    );
    const amount = swept.reduce((sum, c) => sum + c.net, 0);
    if (amount <= 0) continue;
    const payoutId = id("payouts");
    const latest = index === initiations.length - 1;
    const providerPayoutId = `po_demo_${rng.hex(24)}`;
    plan.payouts.push({
      id: payoutId,
      organizationId,
      providerPayoutId,
      bankAccountName,
      amount,
      status: latest ? "pending" : "paid",
      initiatedAt: new Date(initiatedAt),
      estimatedAt: new Date(initiatedAt + 2 * DAY),
      createdAt: new Date(initiatedAt),
    });
    for (const charge of swept) charge.payoutId = payoutId;
    ledger.push({
      organizationId,
      payoutId,
      type: "payout",
      amount: -amount,
      fee: 0,
      net: -amount,
      providerReference: providerPayoutId,
      description: `Virement vers ${bankAccountName}`,
      occurredAt: new Date(initiatedAt),
    });
  }
  ledger.sort((a, b) => (a.occurredAt as Date).getTime() - (b.occurredAt as Date).getTime());
  for (const row of ledger) plan.transactions.push({ id: id("transactions"), ...row, createdAt: row.occurredAt });
}

function addContactEntries(
  plan: Plan,
  id: (table: TableName) => number,
  organizationId: (key: OrganizationKey) => number,
  ref: number,
): void {
  const entries = [...CONTACT_ENTRIES].sort((a, b) => b.daysAgo - a.daysAgo || a.hour - b.hour);
  for (const entry of entries) {
    plan.contact_entries.push({
      id: id("contact_entries"),
      organizationId: organizationId(entry.organization),
      firstName: entry.firstName,
      lastName: entry.lastName,
      email: entry.email,
      subject: entry.subject,
      message: entry.message,
      isRead: entry.isRead,
      createdAt: new Date(ref - entry.daysAgo * DAY + entry.hour * HOUR),
    });
  }
}

function addIntegrationsAndAudit(
  plan: Plan,
  id: (table: TableName) => number,
  organizationId: (key: OrganizationKey) => number,
  userId: (key: UserKey) => number,
  events: Map<string, EventState>,
  ref: number,
): void {
  const rng = new Rng(`${SEED}:integrations`);
  const nuits = organizationId("nuits");
  const webhookCreatedAt = new Date(ref - 18 * DAY + 10 * HOUR);
  const webhookId = id("webhook_endpoints");
  plan.webhook_endpoints.push({
    id: webhookId,
    organizationId: nuits,
    url: "https://crm.nuits-sonores.exemple.test/webhooks/guichet",
    description: "Synchronisation des commandes avec le CRM de l'association",
    secret: `whsec_${Buffer.from(rng.bytes(32)).toString("base64")}`,
    eventTypes: "[]",
    // Paused by its owner: the demo address does not exist, and an enabled endpoint would send every local sale's
    // events to it and retry them (a load on local runs and benches that a real receiver would not cause).
    enabled: false,
    disabledAt: new Date(ref - 2 * DAY + 9 * HOUR),
    createdAt: webhookCreatedAt,
    updatedAt: new Date(ref - 2 * DAY + 9 * HOUR),
  });

  const event = (key: string) => events.get(key);
  const log = (
    organization: OrganizationKey,
    user: UserKey,
    action: string,
    targetType: string,
    targetId: number,
    data: Record<string, unknown>,
    at: Date,
  ) => ({
    organizationId: organizationId(organization),
    userId: userId(user),
    action,
    targetType,
    targetId: String(targetId),
    data: JSON.stringify(data),
    createdAt: at,
  });
  const rows = [
    log(
      "nuits",
      "owner",
      "organization.updated",
      "organization",
      nuits,
      { fields: ["description", "payout_frequency"] },
      new Date(ref - 40 * DAY + 11 * HOUR),
    ),
    log(
      "nuits",
      "owner",
      "event.published",
      "event",
      event("festival")?.id ?? 0,
      { visibility: "public" },
      event("festival")?.spec.publishedAt ?? new Date(ref),
    ),
    log(
      "nuits",
      "manager",
      "event.published",
      "event",
      event("transbordeur")?.id ?? 0,
      { visibility: "public" },
      event("transbordeur")?.spec.publishedAt ?? new Date(ref),
    ),
    log(
      "nuits",
      "adminOrg",
      "event.published",
      "event",
      event("partners")?.id ?? 0,
      { visibility: "private" },
      event("partners")?.spec.publishedAt ?? new Date(ref),
    ),
    log(
      "nuits",
      "adminOrg",
      "promo_code.created",
      "event",
      event("festival")?.id ?? 0,
      { code: "ADHERENT10" },
      new Date(ref - 25 * DAY + 15 * HOUR),
    ),
    log(
      "nuits",
      "owner",
      "webhook_endpoint.created",
      "webhook_endpoint",
      webhookId,
      { url: "https://crm.nuits-sonores.exemple.test/webhooks/guichet" },
      webhookCreatedAt,
    ),
    log(
      "nuits",
      "manager",
      "event.archived",
      "event",
      event("apero")?.id ?? 0,
      {},
      new Date((event("apero")?.spec.endAt.getTime() ?? ref) + 2 * DAY),
    ),
    log(
      "theatre",
      "theatre",
      "event.published",
      "event",
      event("misanthrope")?.id ?? 0,
      { visibility: "public" },
      event("misanthrope")?.spec.publishedAt ?? new Date(ref),
    ),
  ].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  for (const row of rows) plan.audit_logs.push({ id: id("audit_logs"), ...row });
}
