import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { eq, sql } from "drizzle-orm";
import * as v from "valibot";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { organizations } from "#db/schema";
import { failure } from "../../tests/support/failure";
import { actorOf, insertUser } from "../../tests/support/fixtures";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { TITLE_LOOKALIKE } from "./assert-title-distinct";
import { createOrganization } from "./create-organization";
import { createOrganizationSchema, TITLE_TAKEN } from "./organization-input-schema";
import { organizationLookalikeKey } from "./organization-title";
import { parseOrganizationUpdate, updateOrganization } from "./update-organization";

let t: LibsqlTestDatabase;
beforeEach(async () => {
  t = await createLibsqlTestDatabase();
});
afterEach(() => t.close());

async function create(userId: number, title: string) {
  return createOrganization(t.db, { userId, isAdmin: false }, v.parse(createOrganizationSchema, { title }));
}

describe("look-alike organization names (issue 24 §2)", () => {
  it("keys a name without case, accents or spacing", () => {
    expect(organizationLookalikeKey("Les Nuits  Sonores")).toBe("lesnuitssonores");
    expect(organizationLookalikeKey("LES NUITS SONORÉS")).toBe("lesnuitssonores");
    expect(organizationLookalikeKey("Théâtre\u00a0du Quai")).toBe("theatreduquai");
  });

  it("refuses on creation a name differing only by case, accents, spacing or one character at the end", async () => {
    const user = await insertUser(t.db);
    await create(user.id, "Les Nuits Sonores");
    expect((await failure(create(user.id, "les nuits sonores"))).messageKey).toBe(TITLE_TAKEN);
    for (const title of [
      "Les Nuits Sonorés",
      "LesNuits Sonores",
      "Lés nuits sonores",
      "Les Nuits Sonores2",
      "Les Nuits Sonore",
    ]) {
      const refused = await failure(create(user.id, title));
      expect([refused.code, refused.messageKey, refused.fields], title).toEqual([
        "conflict",
        TITLE_LOOKALIKE,
        { title: TITLE_LOOKALIKE },
      ]);
    }
    // A real difference is fine: two characters more, or one changed in the middle.
    await create(user.id, "Les Nuits Sonores 26");
    await create(user.id, "Les Nuits Sombres");
    expect(await t.db.select({ title: organizations.title }).from(organizations)).toHaveLength(3);
  });

  it("refuses the same on rename, but lets an organization change the case or accents of its own name", async () => {
    const user = await insertUser(t.db);
    const nuits = await create(user.id, "Les Nuits Sonores");
    const quai = await create(user.id, "Théâtre du Quai");
    const actor = actorOf(user, quai.id, "owner");
    const rename = (id: number, title: string) => {
      const parsed = parseOrganizationUpdate({ title });
      if (!parsed.ok) throw new Error("invalid input");
      return updateOrganization(t.db, { ...actor, organizationId: id }, id, parsed.value);
    };
    expect((await failure(rename(quai.id, "Les nuits sonorés!"))).messageKey).toBe(TITLE_LOOKALIKE);
    await rename(nuits.id, "LES NUITS SONORÉES");
    const [row] = await t.db.select().from(organizations).where(eq(organizations.id, nuits.id));
    expect([row!.title, row!.titleLookalikeKey]).toEqual(["LES NUITS SONORÉES", "lesnuitssonorees"]);
  });

  it("gave the names that existed before the same key in SQL (migration 0017), for Latin accents and spacing", async () => {
    const titles = ["Théâtre du Quai", "ÉCOLE  DES Beaux-Arts", "Cœur de Lyon", "Ça Déménage\u00a0Ô Çà"];
    for (const title of titles) {
      await t.db.insert(organizations).values({ title, titleKey: title.toLowerCase(), titleLookalikeKey: "" });
    }
    const migration = readFileSync(resolve(import.meta.dirname, "../../migrations/0018_invitations.sql"), "utf8");
    const updates = migration
      .split("--> statement-breakpoint")
      .map((statement) => statement.trim())
      .filter((statement) => statement.startsWith("UPDATE"));
    expect(updates.length).toBeGreaterThan(1);
    for (const update of updates) await t.db.run(sql.raw(update));
    const rows = await t.db.select().from(organizations);
    expect(rows.map((row) => row.titleLookalikeKey)).toEqual(titles.map(organizationLookalikeKey));
  });
});
