import { count, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auditLogs, memberships, organizations, payouts, transactions } from "#db/schema";
import type { Actor } from "../shared/actor";
import { rateLimitRules } from "../auth/rate-limit";
import { failure } from "../../tests/support/failure";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { addMember, insertOrganization, insertUser } from "../../tests/support/organization-fixtures";
import { assertCanInOrganization, canInOrganization } from "../policy";
import { actorForOrganization } from "./actor-for-organization";
import { createOrganization, TITLE_REQUIRED, TITLE_TAKEN, TITLE_TOO_LONG } from "./create-organization";
import { getFinanceOverview } from "./get-finance-overview";
import { getOrganization } from "./get-organization";
import { listAllOrganizations } from "./list-all-organizations";
import { listUserOrganizations } from "./list-user-organizations";
import { organizationTitleKey } from "./organization-title";
import { selectCurrentOrganization } from "./select-current-organization";

const actorOf = (user: { id: number; email: string; isAdmin: boolean }, organizationId: number | null, role: Actor["role"]): Actor => ({
  userId: user.id,
  email: user.email,
  isAdmin: user.isAdmin,
  organizationId,
  role,
});

describe("organizations", () => {
  let t: LibsqlTestDatabase;
  beforeEach(async () => {
    t = await createLibsqlTestDatabase();
  });
  afterEach(() => t.close());

  const organizationCount = async () => Number((await t.db.select({ n: count() }).from(organizations))[0]!.n);
  const membershipCount = async () => Number((await t.db.select({ n: count() }).from(memberships))[0]!.n);

  describe("createOrganization", () => {
    it("creates the organization with the spec's defaults, the creator as owner, and an audit entry", async () => {
      const user = await insertUser(t.db);
      const created = await createOrganization(t.db, { userId: user.id, isAdmin: false }, { title: "  Mon   asso  " });
      expect(created.title).toBe("Mon asso");

      const [row] = await t.db.select().from(organizations).where(eq(organizations.id, created.id));
      expect(row).toMatchObject({
        title: "Mon asso",
        titleKey: "mon asso",
        description: "",
        smallDescription: "",
        mainPicture: "",
        coverPicture: "",
        pageUrl: "",
        addressLabel: "",
        isPrivate: false,
        addressLatitude: 50_000_000,
        addressLongitude: 50_000_000,
        connectedAccountId: null,
        isConnectedAccountValid: false,
        payoutFrequency: "manual",
      });
      const members = await t.db.select().from(memberships).where(eq(memberships.organizationId, created.id));
      expect(members).toEqual([expect.objectContaining({ userId: user.id, role: "owner" })]);
      const [audit] = await t.db.select().from(auditLogs).where(eq(auditLogs.organizationId, created.id));
      expect(audit).toMatchObject({ userId: user.id, action: "organization.created", targetType: "organization", targetId: String(created.id) });
      expect(JSON.parse(audit!.data)).toEqual({ title: "Mon asso" });
    });

    it("stores the given fields, coordinates as millionths of a degree", async () => {
      const user = await insertUser(t.db);
      const created = await createOrganization(
        t.db,
        { userId: user.id, isAdmin: false },
        {
          title: "Théâtre de la Croix-Rousse",
          description: "<p>Une scène</p>",
          smallDescription: "Théâtre",
          isPrivate: true,
          addressLabel: "Place Joannès Ambre, 69004 Lyon",
          addressLatitude: 45.774_012,
          addressLongitude: 4.831_5,
          mainPicture: "organizers/12/logo",
          coverPicture: "https://images.exemple.test/cover.webp",
          pageUrl: "https://croix-rousse.exemple.test",
        },
      );
      const [row] = await t.db.select().from(organizations).where(eq(organizations.id, created.id));
      expect(row).toMatchObject({
        isPrivate: true,
        addressLatitude: 45_774_012,
        addressLongitude: 4_831_500,
        mainPicture: "organizers/12/logo",
        coverPicture: "https://images.exemple.test/cover.webp",
        pageUrl: "https://croix-rousse.exemple.test",
      });
    });

    it("requires a title, at most 64 characters, and writes nothing otherwise", async () => {
      const user = await insertUser(t.db);
      const actor = { userId: user.id, isAdmin: false };
      for (const title of ["", "   ", undefined as unknown as string]) {
        const error = await failure(createOrganization(t.db, actor, { title }));
        expect(error).toMatchObject({ code: "validation", messageKey: TITLE_REQUIRED, fields: { title: TITLE_REQUIRED } });
      }
      const tooLong = await failure(createOrganization(t.db, actor, { title: "a".repeat(65) }));
      expect(tooLong).toMatchObject({ code: "validation", messageKey: TITLE_TOO_LONG, fields: { title: TITLE_TOO_LONG } });
      expect(tooLong.messageKey).toContain("64");
      // 64 characters, counted as people count them: accents and emoji are one each.
      const sixtyFour = `${"é".repeat(62)}🎭🎶`;
      await createOrganization(t.db, actor, { title: sixtyFour });
      expect(await organizationCount()).toBe(1);
      expect(await membershipCount()).toBe(1);
    });

    it("refuses a name already taken, whatever its case or spacing, and writes nothing", async () => {
      const first = await insertUser(t.db);
      const second = await insertUser(t.db);
      await createOrganization(t.db, { userId: first.id, isAdmin: false }, { title: "Les Nuits Sonores" });
      for (const title of ["les nuits sonores", "LES NUITS SONORES", " Les  Nuits Sonores "]) {
        const error = await failure(createOrganization(t.db, { userId: second.id, isAdmin: false }, { title }));
        expect(error).toMatchObject({ code: "conflict", messageKey: TITLE_TAKEN, fields: { title: TITLE_TAKEN } });
        expect(error.messageKey).toContain("unique");
      }
      expect(await organizationCount()).toBe(1);
      expect(await membershipCount()).toBe(1);
      expect(Number((await t.db.select({ n: count() }).from(auditLogs))[0]!.n)).toBe(1);
    });

    it("lets the unique index decide between simultaneous requests for one name", async () => {
      const users = await Promise.all([insertUser(t.db), insertUser(t.db), insertUser(t.db)]);
      const results = await Promise.allSettled(
        users.map((user, i) => createOrganization(t.db, { userId: user.id, isAdmin: false }, { title: i === 1 ? "MÊME NOM" : "Même nom" })),
      );
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      for (const result of results.filter((r) => r.status === "rejected")) {
        expect((result as PromiseRejectedResult).reason).toMatchObject({ code: "conflict", messageKey: TITLE_TAKEN });
      }
      expect(await organizationCount()).toBe(1);
      expect(await membershipCount()).toBe(1);
    });

    it("limits how many organizations one user creates per hour", async () => {
      const user = await insertUser(t.db);
      const other = await insertUser(t.db);
      const actor = { userId: user.id, isAdmin: false };
      const now = new Date("2026-11-20T10:00:00.000Z");
      const { limit, windowMs } = rateLimitRules.organizationCreatePerUser;
      for (let i = 0; i < limit; i++) await createOrganization(t.db, actor, { title: `Asso ${i}` }, now);
      const refused = await failure(createOrganization(t.db, actor, { title: "Une de trop" }, now));
      expect(refused).toMatchObject({ code: "rate_limited", messageKey: "errors:rate-limited" });
      expect(await organizationCount()).toBe(limit);
      // Another user is not affected, and the next window lets the user in again.
      await createOrganization(t.db, { userId: other.id, isAdmin: false }, { title: "Autre asso" }, now);
      await createOrganization(t.db, actor, { title: "Une de plus" }, new Date(now.getTime() + windowMs + 1));
      expect(await organizationCount()).toBe(limit + 2);
    });

    it("checks every other field and writes nothing on bad input", async () => {
      const user = await insertUser(t.db);
      const actor = { userId: user.id, isAdmin: false };
      const cases: [Record<string, unknown>, string, string][] = [
        [{ smallDescription: "x".repeat(256) }, "smallDescription", "organizations:errors.small-description-too-long"],
        [{ description: "x".repeat(10_001) }, "description", "organizations:errors.description-too-long"],
        [{ addressLabel: "x".repeat(256) }, "addressLabel", "organizations:errors.address-too-long"],
        [{ addressLatitude: 91 }, "addressLatitude", "organizations:errors.coordinate-invalid"],
        [{ addressLongitude: -180.5 }, "addressLongitude", "organizations:errors.coordinate-invalid"],
        [{ addressLatitude: Number.NaN }, "addressLatitude", "organizations:errors.coordinate-invalid"],
        [{ addressLatitude: "50" }, "addressLatitude", "organizations:errors.coordinate-invalid"],
        [{ pageUrl: "javascript:alert(1)" }, "pageUrl", "organizations:errors.page-url-invalid"],
        [{ pageUrl: `https://exemple.test/${"a".repeat(2048)}` }, "pageUrl", "organizations:errors.page-url-invalid"],
        [{ mainPicture: "data:image/png;base64,AAAA" }, "mainPicture", "organizations:errors.picture-invalid"],
        [{ coverPicture: "../../secret" }, "coverPicture", "organizations:errors.picture-invalid"],
        [{ isPrivate: "yes" }, "isPrivate", "errors:invalid-input"],
      ];
      for (const [extra, field, message] of cases) {
        const error = await failure(createOrganization(t.db, actor, { title: "Valide", ...extra } as never));
        expect(error.code).toBe("validation");
        expect(error.messageKey).toBe("errors:invalid-input");
        expect(error.fields?.[field]).toBe(message);
      }
      expect(await organizationCount()).toBe(0);
    });
  });

  describe("listing and selection", () => {
    it("lists the user's organizations by title regardless of case, with their roles", async () => {
      const user = await insertUser(t.db);
      const zebre = await insertOrganization(t.db, { title: "Zèbre" });
      const asso = await insertOrganization(t.db, { title: "mon asso" });
      const other = await insertOrganization(t.db, { title: "Autre" });
      await addMember(t.db, zebre.id, user.id, "event_manager");
      await addMember(t.db, asso.id, user.id, "");
      expect(await listUserOrganizations(t.db, user.id)).toEqual([
        { id: asso.id, title: "mon asso", role: "" },
        { id: zebre.id, title: "Zèbre", role: "event_manager" },
      ]);
      expect(other.id).toBeGreaterThan(0);
    });

    it("lists every organization for a platform admin: real role where a member, admin rights elsewhere", async () => {
      const admin = await insertUser(t.db, { isAdmin: true });
      const own = await insertOrganization(t.db, { title: "Bravo" });
      const foreign = await insertOrganization(t.db, { title: "alpha" });
      await addMember(t.db, own.id, admin.id, "admin");
      expect(await listAllOrganizations(t.db, { userId: admin.id, isAdmin: true })).toEqual([
        { id: foreign.id, title: "alpha", role: "admin", viaAdmin: true },
        { id: own.id, title: "Bravo", role: "admin" },
      ]);
    });

    it("refuses the full list to anyone else", async () => {
      const user = await insertUser(t.db);
      expect(await failure(listAllOrganizations(t.db, { userId: user.id, isAdmin: false }))).toMatchObject({ code: "forbidden" });
    });

    it("keeps the stored choice only while it is in the list, else the first", () => {
      const list = [{ id: 3 }, { id: 1 }];
      expect(selectCurrentOrganization(list, 1)).toEqual({ id: 1 });
      expect(selectCurrentOrganization(list, 7)).toEqual({ id: 3 });
      expect(selectCurrentOrganization(list, null)).toEqual({ id: 3 });
      expect(selectCurrentOrganization([], 3)).toBeNull();
    });

    it("keys titles for uniqueness", () => {
      expect(organizationTitleKey("  Les\tNuits  SONORES ")).toBe("les nuits sonores");
      expect(organizationTitleKey("Cafe\u0301")).toBe(organizationTitleKey("Café"));
    });
  });

  describe("actorForOrganization and getOrganization", () => {
    it("gives members their role, platform admins admin rights, strangers nothing (404)", async () => {
      const owner = await insertUser(t.db);
      const manager = await insertUser(t.db);
      const stranger = await insertUser(t.db);
      const admin = await insertUser(t.db, { isAdmin: true });
      const organization = await insertOrganization(t.db, { title: "Les Nuits Sonores", connectedAccountId: "acct_1", isConnectedAccountValid: true });
      await addMember(t.db, organization.id, owner.id, "owner");
      await addMember(t.db, organization.id, manager.id, "event_manager");

      const asOwner = await actorForOrganization(t.db, owner, organization.id);
      expect(asOwner).toMatchObject({ organizationId: organization.id, role: "owner" });
      const details = await getOrganization(t.db, asOwner, organization.id);
      expect(details).toMatchObject({ id: organization.id, title: "Les Nuits Sonores", role: "owner", paymentAccount: "valid_conected", addressLatitude: 50 });

      const asManager = await actorForOrganization(t.db, manager, organization.id);
      expect(await failure(getOrganization(t.db, asManager, organization.id))).toMatchObject({ code: "forbidden" });

      const asStranger = await actorForOrganization(t.db, stranger, organization.id);
      expect(asStranger).toMatchObject({ organizationId: null, role: null });
      expect(await failure(getOrganization(t.db, asStranger, organization.id))).toMatchObject({ code: "not_found" });

      const asAdmin = await actorForOrganization(t.db, admin, organization.id);
      expect(asAdmin).toMatchObject({ organizationId: organization.id, role: "admin", viaPlatformAdmin: true });
      expect((await getOrganization(t.db, asAdmin, organization.id)).title).toBe("Les Nuits Sonores");
    });

    it("refuses a platform admin who is not a member what only the owner may do there", async () => {
      const admin = await insertUser(t.db, { isAdmin: true });
      const organization = await insertOrganization(t.db, { title: "Les Nuits Sonores" });
      const asAdmin = await actorForOrganization(t.db, admin, organization.id);
      expect(canInOrganization(asAdmin, "finance:connect-account", organization.id)).toBe(false);
      expect(() => assertCanInOrganization(asAdmin, "finance:connect-account", organization.id)).toThrow(
        expect.objectContaining({ code: "forbidden" }),
      );
      expect(canInOrganization(asAdmin, "members:manage", organization.id)).toBe(false);
      expect(canInOrganization(asAdmin, "finance:manage", organization.id)).toBe(true);

      // A platform admin who is a member keeps their own role: an owner may connect the account.
      await addMember(t.db, organization.id, admin.id, "owner");
      const asMember = await actorForOrganization(t.db, admin, organization.id);
      expect(asMember).toMatchObject({ role: "owner" });
      expect(asMember.viaPlatformAdmin).toBeUndefined();
      expect(canInOrganization(asMember, "finance:connect-account", organization.id)).toBe(true);
    });

    it("answers 404 for an organization other than the actor's", async () => {
      const owner = await insertUser(t.db);
      const mine = await insertOrganization(t.db);
      const theirs = await insertOrganization(t.db);
      await addMember(t.db, mine.id, owner.id, "owner");
      expect(await failure(getOrganization(t.db, actorOf(owner, mine.id, "owner"), theirs.id))).toMatchObject({ code: "not_found" });
    });
  });

  describe("getFinanceOverview", () => {
    it("sums the stored transactions and payouts of the selected organization only", async () => {
      const owner = await insertUser(t.db);
      const organization = await insertOrganization(t.db, { connectedAccountId: "acct_1", payoutFrequency: "weekly" });
      const other = await insertOrganization(t.db);
      await addMember(t.db, organization.id, owner.id, "owner");
      const at = new Date("2026-05-01T10:00:00Z");
      await t.db.insert(transactions).values([
        { organizationId: organization.id, type: "charge", amount: 5000, fee: 150, net: 4850, occurredAt: at },
        { organizationId: organization.id, type: "charge", amount: 2500, fee: 100, net: 2400, occurredAt: at },
        { organizationId: organization.id, type: "refund", amount: -2500, fee: 0, net: -2500, occurredAt: at },
        { organizationId: other.id, type: "charge", amount: 99_999, fee: 0, net: 99_999, occurredAt: at },
      ]);
      await t.db.insert(payouts).values([
        { organizationId: organization.id, amount: 4000, status: "paid", initiatedAt: at },
        { organizationId: organization.id, amount: 750, status: "pending", initiatedAt: at },
        { organizationId: other.id, amount: 12_345, status: "paid", initiatedAt: at },
      ]);

      const overview = await getFinanceOverview(t.db, actorOf(owner, organization.id, "owner"));
      expect(overview.paymentAccount).toBe("need_validation");
      expect(overview.payoutFrequency).toBe("weekly");
      expect(overview.transactions.charge).toEqual({ count: 2, amount: 7500, fee: 250, net: 7250 });
      expect(overview.transactions.refund).toEqual({ count: 1, amount: -2500, fee: 0, net: -2500 });
      expect(overview.transactions.payout).toEqual({ count: 0, amount: 0, fee: 0, net: 0 });
      expect(overview.transactions.all).toEqual({ count: 3, amount: 5000, fee: 250, net: 4750 });
      expect(overview.payouts.paid).toEqual({ count: 1, amount: 4000 });
      expect(overview.payouts.pending).toEqual({ count: 1, amount: 750 });
      expect(overview.payouts.all).toEqual({ count: 2, amount: 4750 });
    });

    it("is for owners and admins; event managers and guests are refused", async () => {
      const user = await insertUser(t.db);
      const organization = await insertOrganization(t.db);
      const empty = await getFinanceOverview(t.db, actorOf(user, organization.id, "admin"));
      expect(empty.paymentAccount).toBe("not_connected");
      expect(empty.transactions.all.count).toBe(0);
      for (const role of ["event_manager", ""] as const) {
        expect(await failure(getFinanceOverview(t.db, actorOf(user, organization.id, role)))).toMatchObject({ code: "forbidden" });
      }
      expect(await failure(getFinanceOverview(t.db, actorOf(user, null, null)))).toMatchObject({ code: "not_found" });
    });
  });
});
