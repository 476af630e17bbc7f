import { and, eq, sql } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { EmailMessage } from "#adapters/email";
import * as schema from "#db/schema";
import { hashPassword } from "#domain/auth/password";
import { createSession, validateSessionToken } from "#domain/auth/sessions";
import { AppError } from "#domain/shared/app-error";
import {
  actorOf,
  insertEvent,
  insertMember,
  insertOrder,
  insertOrganization,
  insertUser,
} from "../../tests/support/fixtures";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { anonymiseDueOrganizations } from "./anonymise-due-organizations";
import { ANONYMISE_AUDIT_ACTION, anonymiseEndedEvents } from "./anonymise-ended-events";
import { ACCOUNT_DELETED_AUDIT_ACTION, deleteAccount } from "./delete-account";
import { exportOrganizationData } from "./export-organization-data";
import { getAccountDeletion } from "./get-account-deletion";
import { getPrivacySettings } from "./get-privacy-settings";
import { requestAccountDeletionCode } from "./request-account-deletion-code";
import { anonymisationCutoff } from "./retention";
import { updatePrivacySettings } from "./update-privacy-settings";

let t: LibsqlTestDatabase;
beforeEach(async () => {
  t = await createLibsqlTestDatabase();
});
afterEach(() => t.close());

const NOW = new Date("2026-11-26T08:00:00Z");
const monthsAgo = (months: number) => anonymisationCutoff(NOW, months);

async function errorOf(work: Promise<unknown>): Promise<AppError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected an AppError");
}

async function readZip(stream: ReadableStream<Uint8Array>) {
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  const files = unzipSync(bytes);
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  return Object.fromEntries(Object.entries(files).map(([name, data]) => [name, decoder.decode(data)]));
}

/** An organization with its owner, an admin, and an ended event with paid orders, answers and a webhook endpoint. */
async function world() {
  const { db } = t;
  const organization = await insertOrganization(db, { title: "Théâtre du Midi" });
  const owner = await insertUser(db, { firstName: "Olga", lastName: "Owner" });
  const admin = await insertUser(db);
  await insertMember(db, organization.id, owner.id, "owner");
  await insertMember(db, organization.id, admin.id, "admin");
  const old = await insertEvent(db, organization.id, {
    title: "Festival 2025",
    startAt: new Date("2025-06-01T18:00:00Z"),
    endAt: new Date("2025-06-02T02:00:00Z"),
  });
  const recent = await insertEvent(db, organization.id, {
    title: "Gala d'automne",
    startAt: new Date("2026-10-01T18:00:00Z"),
    endAt: new Date("2026-10-01T23:00:00Z"),
  });
  const buyer = await insertUser(db, { email: "buyer@exemple.test" });
  const first = await insertOrder(db, old, { status: "paid", tickets: 2, price: 2500, fees: 100 });
  const second = await insertOrder(db, old, { status: "paid", tickets: 1, price: 1500 });
  const third = await insertOrder(db, recent, { status: "paid", tickets: 1, price: 4000 });
  await db
    .update(schema.orders)
    .set({ userId: buyer.id, billing: JSON.stringify({ company: "ACME", address: "1 rue de Paris" }) })
    .where(eq(schema.orders.id, first.order.id));
  await db.insert(schema.formAnswers).values(
    [first, second, third].map(({ order, participants }) => ({
      organizationId: organization.id,
      eventId: order.eventId,
      orderId: order.id,
      participantId: participants[0]!.id,
      formType: "before" as const,
      questionId: "allergies",
      questionTitle: "Allergies",
      value: JSON.stringify("arachides"),
    })),
  );
  await db.insert(schema.webhookEndpoints).values({
    organizationId: organization.id,
    url: "https://hooks.exemple.test/guichet",
    secret: "whsec_c2VjcmV0LXRoYXQtbXVzdC1ub3QtbGVhaw==",
  });
  const foreign = await insertOrganization(db);
  const foreignOwner = await insertUser(db);
  await insertMember(db, foreign.id, foreignOwner.id, "owner");
  const foreignEvent = await insertEvent(db, foreign.id, { endAt: new Date("2024-01-01T00:00:00Z") });
  await insertOrder(db, foreignEvent, { status: "paid", tickets: 1 });
  return {
    organization,
    owner: actorOf(owner, organization.id, "owner"),
    admin: actorOf(admin, organization.id, "admin"),
    ownerUser: owner,
    old,
    recent,
    orders: { first, second, third },
    foreign,
    foreignOwner: actorOf(foreignOwner, foreign.id, "owner"),
  };
}

async function figuresOf(eventId: number) {
  const [figures] = await t.db.select().from(schema.salesFigures).where(eq(schema.salesFigures.eventId, eventId));
  const [sums] = await t.db
    .select({
      orders: sql<number>`count(*)`,
      amount: sql<number>`sum(${schema.orders.amount})`,
      net: sql<number>`sum(${schema.orders.netAmount})`,
    })
    .from(schema.orders)
    .where(eq(schema.orders.eventId, eventId));
  const [people] = await t.db
    .select({ count: sql<number>`count(*)` })
    .from(schema.participants)
    .where(eq(schema.participants.eventId, eventId));
  return { figures: { ...figures, updatedAt: undefined }, sums, participants: people?.count };
}

describe("exportOrganizationData", () => {
  it("zips every table as JSON and CSV, only the organization's rows, without tokens or secrets", async () => {
    const w = await world();
    // A page of 2 rows: every table with more rows is read in several pages.
    const { filename, stream } = await exportOrganizationData(t.db, w.owner, {
      organizationId: w.organization.id,
      now: NOW,
      pageSize: 2,
    });
    expect(filename).toBe(`guichet-export-${w.organization.id}-2026-11-26.zip`);
    const files = await readZip(stream);
    const tables = [
      "organization",
      "members",
      "events",
      "event_team",
      "tickets",
      "promo_codes",
      "forms",
      "orders",
      "order_items",
      "participants",
      "answers",
      "entries",
      "transactions",
      "payouts",
      "contact_entries",
      "webhook_endpoints",
    ];
    expect(Object.keys(files).sort()).toEqual(
      ["README.txt", ...tables.flatMap((name) => [`json/${name}.json`, `csv/${name}.csv`])].sort(),
    );
    const json = (name: string) => JSON.parse(files[`json/${name}.json`]!) as Record<string, unknown>[];
    expect(json("organization")).toEqual([
      expect.objectContaining({ id: w.organization.id, title: "Théâtre du Midi" }),
    ]);
    expect(
      json("members")
        .map((m) => m.role)
        .sort(),
    ).toEqual(["admin", "owner"]);
    expect(
      json("events")
        .map((e) => e.title)
        .sort(),
    ).toEqual(["Festival 2025", "Gala d'automne"]);
    expect(json("orders")).toHaveLength(3);
    expect(json("participants")).toHaveLength(4);
    expect(json("participants")[0]).toMatchObject({ first_name: "Alex", email: "alex@exemple.test" });
    expect(json("answers")).toHaveLength(3);
    expect(json("webhook_endpoints")).toEqual([expect.objectContaining({ url: "https://hooks.exemple.test/guichet" })]);
    const everything = Object.values(files).join("\n");
    expect(everything).not.toContain("whsec_");
    expect(everything).not.toContain("access_token");
    expect(everything).not.toContain(w.foreign.title);
    // CSV: BOM, header, one line per row.
    const participantsCsv = files["csv/participants.csv"]!;
    expect(participantsCsv.startsWith("\uFEFFid,")).toBe(true);
    expect(participantsCsv.trimEnd().split("\r\n")).toHaveLength(5);
    const [audit] = await t.db.select().from(schema.auditLogs).where(eq(schema.auditLogs.action, "privacy.export"));
    expect(audit).toMatchObject({ organizationId: w.organization.id, userId: w.owner.userId });
  });

  it("is the owner's alone: an admin is refused, another organization answers 404", async () => {
    const w = await world();
    expect((await errorOf(exportOrganizationData(t.db, w.admin, { organizationId: w.organization.id }))).code).toBe(
      "forbidden",
    );
    expect(
      (await errorOf(exportOrganizationData(t.db, w.foreignOwner, { organizationId: w.organization.id }))).code,
    ).toBe("not_found");
  });

  it("streams 100,000 participants page by page, then anonymises them in one call", { timeout: 180_000 }, async () => {
    const { db } = t;
    const organization = await insertOrganization(db);
    const owner = await insertUser(db);
    await insertMember(db, organization.id, owner.id, "owner");
    const event = await insertEvent(db, organization.id, { endAt: new Date("2024-01-01T00:00:00Z") });
    const { order, participants } = await insertOrder(db, event, { status: "paid", tickets: 1 });
    const template = participants[0]!;
    // 99,999 more participants on the same order, written in SQL.
    await db.run(sql`
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 99999)
      INSERT INTO participants (organization_id, event_id, order_id, ticket_id, first_name, last_name, email,
        search_text, ticket_title, ticket_type, price, access_token, created_at, updated_at)
      SELECT ${organization.id}, ${event.id}, ${order.id}, ${template.ticketId}, 'Prénom' || i, 'Nom' || i,
        'p' || i || '@exemple.test', '', 'Plein tarif', 'ticket', 2000, 'tok-' || i, 0, 0 FROM n`);
    const { stream } = await exportOrganizationData(db, actorOf(owner, organization.id, "owner"), {
      organizationId: organization.id,
    });
    let zipped = 0;
    let largestChunk = 0;
    const chunks: Uint8Array[] = [];
    for await (const chunk of stream) {
      zipped += chunk.length;
      largestChunk = Math.max(largestChunk, chunk.length);
      chunks.push(chunk);
    }
    const bytes = new Uint8Array(zipped);
    let offset = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.length;
    }
    const files = unzipSync(bytes, { filter: (file) => file.name.includes("participants") });
    const csvLines = strFromU8(files["csv/participants.csv"]!).trimEnd().split("\r\n");
    expect(csvLines).toHaveLength(100_001);
    expect(JSON.parse(strFromU8(files["json/participants.json"]!))).toHaveLength(100_000);
    // The stream hands out compressed pieces as pages are read, never the whole archive at once.
    expect(largestChunk).toBeLessThan(zipped / 4);
    console.log(
      `export of 100,000 participants: ${(zipped / 1e6).toFixed(1)} MB zipped, largest chunk ${largestChunk} bytes`,
    );

    const [figuresBefore] = await db
      .select()
      .from(schema.salesFigures)
      .where(eq(schema.salesFigures.eventId, event.id));
    const started = performance.now();
    const result = await anonymiseEndedEvents(db, actorOf(owner, organization.id, "owner"), {
      organizationId: organization.id,
      now: NOW,
    });
    console.log(`anonymised 100,000 participants in ${Math.round(performance.now() - started)} ms`);
    expect(result).toEqual({ events: 1, participants: 100_000, orders: 1, answers: 0, done: true });
    const [left] = await db
      .select({ count: sql<number>`count(*)` })
      .from(schema.participants)
      .where(sql`${schema.participants.email} <> ''`);
    expect(left!.count).toBe(0);
    const [figuresAfter] = await db.select().from(schema.salesFigures).where(eq(schema.salesFigures.eventId, event.id));
    expect(figuresAfter).toEqual(figuresBefore);
  });
});

describe("anonymiseEndedEvents", () => {
  it("blanks the buyers' personal data of events ended before the retention period and keeps every figure", async () => {
    const w = await world();
    const [endpoint] = await t.db.select().from(schema.webhookEndpoints);
    const delivery = (messageId: string, createdAt: Date) => ({
      organizationId: w.organization.id,
      endpointId: endpoint!.id,
      messageId,
      eventType: "order.paid",
      payload: JSON.stringify({ email: "alex@exemple.test" }),
      status: "succeeded" as const,
      createdAt,
    });
    await t.db
      .insert(schema.webhookDeliveries)
      .values([
        delivery("msg-old", new Date("2025-06-02T00:00:00Z")),
        delivery("msg-recent", new Date("2026-10-01T00:00:00Z")),
      ]);
    const [message] = await t.db
      .insert(schema.attendeeMessages)
      .values({ organizationId: w.organization.id, eventId: w.old.id, subject: "Merci", status: "sent", sendCount: 1 })
      .returning();
    await t.db.insert(schema.attendeeMessageRecipients).values({
      organizationId: w.organization.id,
      eventId: w.old.id,
      messageId: message!.id,
      sendNumber: 1,
      dedupeKey: "email:alex@exemple.test",
      email: "alex@exemple.test",
      firstName: "Alex",
      status: "failed",
      lastError: "alex@exemple.test refused",
    });
    await t.db
      .insert(schema.attendeeMessageOptOuts)
      .values({ organizationId: w.organization.id, eventId: w.old.id, email: "alex@exemple.test" });
    const before = await figuresOf(w.old.id);
    const recentBefore = await figuresOf(w.recent.id);
    const result = await anonymiseEndedEvents(t.db, w.owner, { organizationId: w.organization.id, now: NOW });
    expect(result).toEqual({ events: 1, participants: 3, orders: 2, answers: 2, done: true });
    // Messages to attendees keep their delivery states, not who received them; opt-outs (addresses) go.
    const recipients = await t.db.select().from(schema.attendeeMessageRecipients);
    expect(recipients).toEqual([
      expect.objectContaining({
        email: "",
        firstName: "",
        lastError: null,
        status: "failed",
        dedupeKey: expect.stringMatching(/^anonymised:/),
      }),
    ]);
    expect(await t.db.select().from(schema.attendeeMessageOptOuts)).toEqual([]);

    const oldParticipants = await t.db
      .select()
      .from(schema.participants)
      .where(eq(schema.participants.eventId, w.old.id));
    for (const p of oldParticipants) {
      expect(p).toMatchObject({ firstName: "", lastName: "", email: "", searchText: "", userId: null });
    }
    const oldOrders = await t.db.select().from(schema.orders).where(eq(schema.orders.eventId, w.old.id));
    for (const o of oldOrders) {
      expect(o).toMatchObject({ firstName: "", lastName: "", email: "", billing: null, userId: null, status: "paid" });
    }
    expect(await figuresOf(w.old.id)).toEqual(before);
    // The recent event (ended a month ago) is untouched.
    expect(await figuresOf(w.recent.id)).toEqual(recentBefore);
    const recentParticipants = await t.db
      .select()
      .from(schema.participants)
      .where(eq(schema.participants.eventId, w.recent.id));
    expect(recentParticipants.every((p) => p.email === "alex@exemple.test")).toBe(true);
    const answers = await t.db.select().from(schema.formAnswers);
    expect(answers.map((a) => a.eventId)).toEqual([w.recent.id]);
    // Webhook payloads older than the retention period (they quote buyers) leave the delivery log.
    const deliveries = await t.db.select().from(schema.webhookDeliveries);
    expect(deliveries.map((d) => d.messageId)).toEqual(["msg-recent"]);

    const [event] = await t.db.select().from(schema.events).where(eq(schema.events.id, w.old.id));
    expect(event!.personalDataAnonymisedAt).toEqual(NOW);
    const audit = await t.db.select().from(schema.auditLogs).where(eq(schema.auditLogs.action, ANONYMISE_AUDIT_ACTION));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ targetId: String(w.old.id), userId: w.owner.userId });
    expect(JSON.parse(audit[0]!.data)).toEqual({ participants: 3, orders: 2, answers: 2, automatic: false });
  });

  it("is idempotent: a second run changes nothing and writes no audit row", async () => {
    const w = await world();
    await anonymiseEndedEvents(t.db, w.owner, { organizationId: w.organization.id, now: NOW });
    const rows = await t.db.select().from(schema.participants);
    const again = await anonymiseEndedEvents(t.db, w.owner, { organizationId: w.organization.id, now: NOW });
    expect(again).toEqual({ events: 0, participants: 0, orders: 0, answers: 0, done: true });
    expect(await t.db.select().from(schema.participants)).toEqual(rows);
    const audit = await t.db.select().from(schema.auditLogs).where(eq(schema.auditLogs.action, ANONYMISE_AUDIT_ACTION));
    expect(audit).toHaveLength(1);
  });

  it("works in batches and resumes where a call ran out of budget", async () => {
    const w = await world();
    const first = await anonymiseEndedEvents(t.db, w.owner, {
      organizationId: w.organization.id,
      now: NOW,
      batchSize: 1,
      maxStatements: 2,
    });
    expect(first).toMatchObject({ events: 0, participants: 2, done: false });
    const [event] = await t.db.select().from(schema.events).where(eq(schema.events.id, w.old.id));
    expect(event!.personalDataAnonymisedAt).toBeNull();
    let result = first;
    let calls = 1;
    while (!result.done && calls < 20) {
      result = await anonymiseEndedEvents(t.db, w.owner, {
        organizationId: w.organization.id,
        now: NOW,
        batchSize: 1,
        // One statement per step to find it finished (participants, orders, answers, message recipients) and the last
        // batch: a call needs five to end.
        maxStatements: 5,
      });
      calls += 1;
    }
    expect(result.done).toBe(true);
    const left = await t.db
      .select()
      .from(schema.participants)
      .where(and(eq(schema.participants.eventId, w.old.id), sql`${schema.participants.email} <> ''`));
    expect(left).toEqual([]);
  });

  it("follows the organization's retention period", async () => {
    const w = await world();
    // 24 months: the event that ended in June 2025 is not due yet.
    await updatePrivacySettings(t.db, w.owner, {
      organizationId: w.organization.id,
      retentionMonths: 24,
      autoAnonymise: false,
    });
    expect((await getPrivacySettings(t.db, w.owner, { organizationId: w.organization.id, now: NOW })).dueCount).toBe(0);
    expect(await anonymiseEndedEvents(t.db, w.owner, { organizationId: w.organization.id, now: NOW })).toMatchObject({
      events: 0,
    });
    await updatePrivacySettings(t.db, w.owner, {
      organizationId: w.organization.id,
      retentionMonths: 1,
      autoAnonymise: false,
    });
    const settings = await getPrivacySettings(t.db, w.owner, { organizationId: w.organization.id, now: NOW });
    expect(settings.dueEvents.map((e) => e.title)).toEqual(["Festival 2025", "Gala d'automne"]);
  });

  it("is the owner's alone, and refuses another organization with 404", async () => {
    const w = await world();
    expect((await errorOf(anonymiseEndedEvents(t.db, w.admin, { organizationId: w.organization.id }))).code).toBe(
      "forbidden",
    );
    expect(
      (await errorOf(anonymiseEndedEvents(t.db, w.foreignOwner, { organizationId: w.organization.id }))).code,
    ).toBe("not_found");
    expect(
      (
        await errorOf(
          updatePrivacySettings(t.db, w.admin, {
            organizationId: w.organization.id,
            retentionMonths: 6,
            autoAnonymise: true,
          }),
        )
      ).code,
    ).toBe("forbidden");
  });

  it("refuses a retention period outside 1–120 months", async () => {
    const w = await world();
    const error = await errorOf(
      updatePrivacySettings(t.db, w.owner, {
        organizationId: w.organization.id,
        retentionMonths: 0,
        autoAnonymise: false,
      }),
    );
    expect(error.fields).toEqual({ retention_months: "privacy:anonymise.errors.retention-range" });
  });

  it("runs on the daily cron only for organizations that turned it on", async () => {
    const w = await world();
    expect(await anonymiseDueOrganizations(t.db, { now: NOW })).toMatchObject({ events: 0, done: true });
    await updatePrivacySettings(t.db, w.owner, {
      organizationId: w.organization.id,
      retentionMonths: 12,
      autoAnonymise: true,
    });
    expect(await anonymiseDueOrganizations(t.db, { now: NOW })).toEqual({
      events: 1,
      participants: 3,
      orders: 2,
      answers: 2,
      done: true,
    });
    // The foreign organization (automatic anonymisation off) keeps its buyers' data.
    const foreignParticipants = await t.db
      .select()
      .from(schema.participants)
      .where(eq(schema.participants.organizationId, w.foreign.id));
    expect(foreignParticipants.every((p) => p.email !== "")).toBe(true);
    const [audit] = await t.db
      .select()
      .from(schema.auditLogs)
      .where(eq(schema.auditLogs.action, ANONYMISE_AUDIT_ACTION));
    expect(audit!.userId).toBeNull();
  });

  it("cuts off on calendar months", () => {
    expect(monthsAgo(12).toISOString()).toBe("2025-11-26T08:00:00.000Z");
    expect(anonymisationCutoff(new Date("2026-03-31T00:00:00Z"), 1).toISOString()).toBe("2026-02-28T00:00:00.000Z");
  });
});

describe("deleteAccount", () => {
  const sent: EmailMessage[] = [];
  const mail = {
    sender: { mode: "dev-mailbox" as const, send: async (message: EmailMessage) => void sent.push(message) },
    locale: "fr" as const,
    appUrl: "https://guichet.test",
  };

  it("is refused while the user is the sole owner of an organization, listing those organizations", async () => {
    const w = await world();
    const alone = await insertOrganization(t.db, { title: "Asso solo" });
    await insertMember(t.db, alone.id, w.ownerUser.id, "owner");
    const deletion = await getAccountDeletion(t.db, { userId: w.ownerUser.id });
    expect(deletion.soleOwnerOrganizations.map((o) => o.title)).toEqual(["Asso solo", "Théâtre du Midi"]);
    const error = await errorOf(deleteAccount(t.db, { userId: w.ownerUser.id }, { password: "anything" }));
    expect(error.code).toBe("conflict");
    expect(error.messageKey).toBe("privacy:account.errors.sole-owner");
    expect(error.details?.organizations).toEqual(deletion.soleOwnerOrganizations);
    // A second owner in one of them leaves only the other one blocking.
    const coOwner = await insertUser(t.db);
    await insertMember(t.db, w.organization.id, coOwner.id, "owner");
    expect((await getAccountDeletion(t.db, { userId: w.ownerUser.id })).soleOwnerOrganizations).toEqual([
      { id: alone.id, title: "Asso solo" },
    ]);
  });

  it("checks the password, then removes the account, memberships, accesses and sessions and keeps the buyer's orders", async () => {
    const w = await world();
    const user = await insertUser(t.db, { passwordHash: await hashPassword("Velours-Marée-42") });
    await insertMember(t.db, w.organization.id, user.id, "event_manager");
    await t.db.insert(schema.eventAccesses).values({
      organizationId: w.organization.id,
      eventId: w.recent.id,
      userId: user.id,
      email: user.email,
      roles: "validator",
    });
    await t.db.update(schema.orders).set({ userId: user.id }).where(eq(schema.orders.id, w.orders.third.order.id));
    const { token } = await createSession(t.db, user.id);
    expect((await getAccountDeletion(t.db, { userId: user.id })).confirmation).toBe("password");

    const wrong = await errorOf(deleteAccount(t.db, { userId: user.id }, { password: "pas-le-bon" }));
    expect(wrong.fields).toEqual({ password: "privacy:account.errors.wrong-password" });
    expect(await validateSessionToken(t.db, token)).not.toBeNull();

    await deleteAccount(t.db, { userId: user.id }, { password: "Velours-Marée-42", now: NOW });
    expect(await t.db.select().from(schema.users).where(eq(schema.users.id, user.id))).toEqual([]);
    expect(await t.db.select().from(schema.memberships).where(eq(schema.memberships.userId, user.id))).toEqual([]);
    expect(await t.db.select().from(schema.eventAccesses).where(eq(schema.eventAccesses.userId, user.id))).toEqual([]);
    expect(await validateSessionToken(t.db, token)).toBeNull();
    const [order] = await t.db.select().from(schema.orders).where(eq(schema.orders.id, w.orders.third.order.id));
    expect(order).toMatchObject({ userId: null, email: "alex@exemple.test", amount: 4000, status: "paid" });
    const [audit] = await t.db
      .select()
      .from(schema.auditLogs)
      .where(eq(schema.auditLogs.action, ACCOUNT_DELETED_AUDIT_ACTION));
    expect(audit).toMatchObject({ organizationId: w.organization.id, userId: null, targetId: String(user.id) });
  });

  it("confirms an account without a password (Google) with an emailed code", async () => {
    const user = await insertUser(t.db, { authMethod: "google", googleSubject: "g-123", passwordHash: null });
    expect((await getAccountDeletion(t.db, { userId: user.id })).confirmation).toBe("email-code");
    sent.length = 0;
    await requestAccountDeletionCode(t.db, mail, { userId: user.id }, NOW);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe(user.email);
    const code = /(\d{6})/.exec(sent[0]!.subject)![1]!;
    const wrongCode = code === "000000" ? "111111" : "000000";
    const wrong = await errorOf(deleteAccount(t.db, { userId: user.id }, { code: wrongCode, now: NOW }));
    expect(wrong.fields).toEqual({ code: "privacy:account.errors.code-invalid" });
    await deleteAccount(t.db, { userId: user.id }, { code, now: NOW });
    expect(await t.db.select().from(schema.users).where(eq(schema.users.id, user.id))).toEqual([]);
  });
});
