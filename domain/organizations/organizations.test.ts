import { count, eq } from "drizzle-orm";
import * as v from "valibot";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auditLogs, memberships, organizations } from "#db/schema";
import { rateLimitRules } from "../auth/rate-limit";
import { failure } from "../../tests/support/failure";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { actorOf, insertEvent, insertMember, insertOrganization, insertUser } from "../../tests/support/fixtures";
import { assertCanInOrganization, canInOrganization } from "../policy";
import { actorForOrganization, requireActorForEvent, requireActorInOrganization } from "./actor-for-organization";
import { issuesToFields } from "../shared/validation";
import { createOrganization as createOrganizationFromInput } from "./create-organization";
import { getOrganization } from "./get-organization";
import { listAllOrganizations } from "./list-all-organizations";
import { listUserOrganizations } from "./list-user-organizations";
import {
  createOrganizationSchema,
  organizationInputMessage,
  TITLE_REQUIRED,
  TITLE_TAKEN,
  TITLE_TOO_LONG,
} from "./organization-input-schema";
import { organizationTitleKey } from "./organization-title";
import { selectCurrentOrganization } from "./select-current-organization";

/** What the edge does: the dialog's action and the API parse with the shared schema, then call the use-case. */
const createOrganization = (
  db: Parameters<typeof createOrganizationFromInput>[0],
  actor: Parameters<typeof createOrganizationFromInput>[1],
  input: Record<string, unknown>,
  now?: Date,
) => createOrganizationFromInput(db, actor, v.parse(createOrganizationSchema, input), now);

/** The field errors and the message an edge answers for a refused input (null when the input is valid). */
function refusal(input: unknown) {
  const result = v.safeParse(createOrganizationSchema, input);
  if (result.success) return null;
  const fields = issuesToFields(result.issues);
  return { message: organizationInputMessage(fields), fields };
}

describe("createOrganizationSchema", () => {
  it("requires a title of at most 64 characters, counted as people count them", () => {
    for (const title of ["", "   ", undefined, null, 42]) {
      expect(refusal({ title }), String(title)).toEqual({ message: TITLE_REQUIRED, fields: { title: TITLE_REQUIRED } });
    }
    const tooLong = refusal({ title: "a".repeat(65) });
    expect(tooLong).toEqual({ message: TITLE_TOO_LONG, fields: { title: TITLE_TOO_LONG } });
    expect(tooLong?.message).toContain("64");
    // Accents and emoji are one character each.
    expect(refusal({ title: `${"é".repeat(62)}🎭🎶` })).toBeNull();
  });

  it("normalizes the title and gives the spec's defaults, null meaning the default", () => {
    expect(v.parse(createOrganizationSchema, { title: "  Mon   asso  ", main_picture: null })).toEqual({
      title: "Mon asso",
      description: "",
      smallDescription: "",
      isPrivate: false,
      addressLabel: "",
      addressLatitude: 50,
      addressLongitude: 50,
      mainPicture: "",
      coverPicture: "",
      pageUrl: "",
    });
  });

  it("reads coordinates given as numbers or as text from a form, with a dot or a French comma", () => {
    const parsed = v.parse(createOrganizationSchema, {
      title: "Asso",
      address_latitude: "45,7486",
      address_longitude: "4.8378",
    });
    expect(parsed).toMatchObject({ addressLatitude: 45.7486, addressLongitude: 4.8378 });
  });

  it("refuses a body that is not an object as a whole", () => {
    for (const body of [[1, 2], "Mon asso", 42, null]) {
      expect(refusal(body), JSON.stringify(body)).toEqual({
        message: "errors:invalid-input",
        fields: { _: "errors:invalid-input" },
      });
    }
  });

  it("checks every other field under the name the client sent", () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ small_description: "x".repeat(256) }, "small_description", "organizations:errors.small-description-too-long"],
      [{ description: "x".repeat(10_001) }, "description", "organizations:errors.description-too-long"],
      [{ address_label: "x".repeat(256) }, "address_label", "organizations:errors.address-too-long"],
      [{ address_latitude: 91 }, "address_latitude", "organizations:errors.coordinate-invalid"],
      [{ address_longitude: -180.5 }, "address_longitude", "organizations:errors.coordinate-invalid"],
      [{ address_latitude: Number.NaN }, "address_latitude", "organizations:errors.coordinate-invalid"],
      [{ address_latitude: "cinquante" }, "address_latitude", "organizations:errors.coordinate-invalid"],
      [{ page_url: "javascript:alert(1)" }, "page_url", "organizations:errors.page-url-invalid"],
      [{ page_url: `https://exemple.test/${"a".repeat(2048)}` }, "page_url", "organizations:errors.page-url-invalid"],
      [{ main_picture: "data:image/png;base64,AAAA" }, "main_picture", "organizations:errors.picture-invalid"],
      [{ cover_picture: "../../secret" }, "cover_picture", "organizations:errors.picture-invalid"],
      [{ is_private: "yes" }, "is_private", "errors:invalid-input"],
    ];
    for (const [extra, field, message] of cases) {
      const refused = refusal({ title: "Valide", ...extra });
      expect(refused?.message, field).toBe("errors:invalid-input");
      expect(refused?.fields[field], field).toBe(message);
    }
  });
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
        // Weekly, not the column's manual default: a new organizer is paid without looking for the setting.
        payoutFrequency: "weekly",
      });
      const members = await t.db.select().from(memberships).where(eq(memberships.organizationId, created.id));
      expect(members).toEqual([expect.objectContaining({ userId: user.id, role: "owner" })]);
      const [audit] = await t.db.select().from(auditLogs).where(eq(auditLogs.organizationId, created.id));
      expect(audit).toMatchObject({
        userId: user.id,
        action: "organization.created",
        targetType: "organization",
        targetId: String(created.id),
      });
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
          small_description: "Théâtre",
          is_private: true,
          address_label: "Place Joannès Ambre, 69004 Lyon",
          address_latitude: 45.774_012,
          address_longitude: 4.831_5,
          main_picture: "organizers/12/logo",
          cover_picture: "https://images.exemple.test/cover.webp",
          page_url: "https://croix-rousse.exemple.test",
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
        users.map((user, i) =>
          createOrganization(t.db, { userId: user.id, isAdmin: false }, { title: i === 1 ? "MÊME NOM" : "Même nom" }),
        ),
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
  });

  describe("listing and selection", () => {
    it("lists the user's organizations by title regardless of case, with their roles", async () => {
      const user = await insertUser(t.db);
      const zebre = await insertOrganization(t.db, { title: "Zèbre" });
      const asso = await insertOrganization(t.db, { title: "mon asso" });
      const other = await insertOrganization(t.db, { title: "Autre" });
      await insertMember(t.db, zebre.id, user.id, "event_manager");
      await insertMember(t.db, asso.id, user.id, "");
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
      await insertMember(t.db, own.id, admin.id, "admin");
      expect(await listAllOrganizations(t.db, { userId: admin.id, isAdmin: true })).toEqual([
        { id: foreign.id, title: "alpha", role: "admin", viaAdmin: true },
        { id: own.id, title: "Bravo", role: "admin" },
      ]);
    });

    it("refuses the full list to anyone else", async () => {
      const user = await insertUser(t.db);
      expect(await failure(listAllOrganizations(t.db, { userId: user.id, isAdmin: false }))).toMatchObject({
        code: "forbidden",
      });
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
      const organization = await insertOrganization(t.db, {
        title: "Les Nuits Sonores",
        connectedAccountId: "acct_1",
        isConnectedAccountValid: true,
      });
      await insertMember(t.db, organization.id, owner.id, "owner");
      await insertMember(t.db, organization.id, manager.id, "event_manager");

      const asOwner = await actorForOrganization(t.db, owner, organization.id);
      expect(asOwner).toMatchObject({ organizationId: organization.id, role: "owner" });
      const details = await getOrganization(t.db, asOwner, organization.id);
      expect(details).toMatchObject({
        id: organization.id,
        title: "Les Nuits Sonores",
        role: "owner",
        paymentAccount: "valid_conected",
        addressLatitude: 50,
      });

      const asManager = await actorForOrganization(t.db, manager, organization.id);
      expect(await failure(getOrganization(t.db, asManager, organization.id))).toMatchObject({ code: "forbidden" });

      const asStranger = await actorForOrganization(t.db, stranger, organization.id);
      expect(asStranger).toMatchObject({ organizationId: null, role: null });
      expect(await failure(getOrganization(t.db, asStranger, organization.id))).toMatchObject({ code: "not_found" });

      const asAdmin = await actorForOrganization(t.db, admin, organization.id);
      expect(asAdmin).toMatchObject({ organizationId: organization.id, role: "admin", viaPlatformAdmin: true });
      expect((await getOrganization(t.db, asAdmin, organization.id)).title).toBe("Les Nuits Sonores");
    });

    it("requireActorInOrganization and requireActorForEvent answer 404 to anyone who may not act there", async () => {
      const owner = await insertUser(t.db);
      const stranger = await insertUser(t.db);
      const admin = await insertUser(t.db, { isAdmin: true });
      const organization = await insertOrganization(t.db);
      await insertMember(t.db, organization.id, owner.id, "owner");
      const event = await insertEvent(t.db, organization.id);

      expect(await requireActorInOrganization(t.db, owner, organization.id)).toMatchObject({
        organizationId: organization.id,
        role: "owner",
      });
      expect(await requireActorForEvent(t.db, owner, event.id)).toMatchObject({
        organizationId: organization.id,
        role: "owner",
      });
      expect(await requireActorForEvent(t.db, admin, event.id)).toMatchObject({
        organizationId: organization.id,
        viaPlatformAdmin: true,
      });
      expect(await failure(requireActorInOrganization(t.db, stranger, organization.id))).toMatchObject({
        code: "not_found",
        messageKey: "not-found",
      });
      for (const error of [
        await failure(requireActorForEvent(t.db, stranger, event.id)),
        await failure(requireActorForEvent(t.db, owner, event.id + 1000)),
      ]) {
        expect(error).toMatchObject({ code: "not_found", messageKey: "events:errors.not-found" });
      }
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
      await insertMember(t.db, organization.id, admin.id, "owner");
      const asMember = await actorForOrganization(t.db, admin, organization.id);
      expect(asMember).toMatchObject({ role: "owner" });
      expect(asMember.viaPlatformAdmin).toBeUndefined();
      expect(canInOrganization(asMember, "finance:connect-account", organization.id)).toBe(true);
    });

    it("answers 404 for an organization other than the actor's", async () => {
      const owner = await insertUser(t.db);
      const mine = await insertOrganization(t.db);
      const theirs = await insertOrganization(t.db);
      await insertMember(t.db, mine.id, owner.id, "owner");
      expect(await failure(getOrganization(t.db, actorOf(owner, mine.id, "owner"), theirs.id))).toMatchObject({
        code: "not_found",
      });
    });
  });
});
