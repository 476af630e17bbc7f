import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organizations } from "./schema";
import { insertRenderedOnce, renderedOnce } from "./rendered-once";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../tests/support/libsql-test-db";

describe("renderedOnce", () => {
  let t: LibsqlTestDatabase;
  let ids: number[];
  beforeAll(async () => {
    t = await createLibsqlTestDatabase();
    const created = new Date("2026-03-04T05:06:07Z");
    const rows = await t.db
      .insert(organizations)
      .values(
        ["Salle Pleyel", "Le Périscope"].map((title) => ({
          title,
          titleKey: title.toLowerCase(),
          createdAt: created,
          updatedAt: created,
        })),
      )
      .returning({ id: organizations.id });
    ids = rows.map((row) => row.id);
  });
  afterAll(() => t.close());

  let renders = 0;
  const organizationRead = renderedOnce(["id"], (db, value) => {
    renders++;
    return db
      .select({ title: organizations.title, createdAt: organizations.createdAt })
      .from(organizations)
      .where(eq(organizations.id, value("id")));
  });

  it("renders its SQL once per database and fills each call's values, rows mapped as the query maps them", async () => {
    const [first, second] = await t.db.batch([
      organizationRead(t.db, { id: ids[0] }),
      organizationRead(t.db, { id: ids[1] }),
    ]);
    const [again] = await t.db.batch([organizationRead(t.db, { id: ids[1] })]);
    expect(first).toEqual([{ title: "Salle Pleyel", createdAt: new Date("2026-03-04T05:06:07Z") }]);
    expect(second).toEqual([{ title: "Le Périscope", createdAt: new Date("2026-03-04T05:06:07Z") }]);
    expect(again).toEqual(second);
    expect(renders).toBe(1);
  });

  it("refuses to run outside a batch rather than answer the statement itself", async () => {
    await expect(Promise.resolve().then(() => organizationRead(t.db, { id: ids[0] }))).rejects.toThrow(
      "A statement rendered once runs only inside db.batch",
    );
  });

  it("inserts rows rendered once per set of columns: dates encoded, nulls kept null, undefined columns defaulted", async () => {
    const insertOrganization = insertRenderedOnce(organizations);
    const synced = new Date("2026-05-06T07:08:09Z");
    const row = (title: string, connectedAccountSyncedAt: Date | null) => ({
      title,
      titleKey: title.toLowerCase(),
      connectedAccountSyncedAt,
      createdAt: synced,
      updatedAt: synced,
      description: undefined,
    });
    await t.db.batch([
      insertOrganization(t.db, row("Synced", synced)),
      insertOrganization(t.db, row("Never synced", null)),
      insertOrganization(t.db, { title: "Untitled", titleKey: "untitled" }),
    ]);
    const rows = await t.db
      .select({
        title: organizations.title,
        syncedAt: organizations.connectedAccountSyncedAt,
        createdAt: organizations.createdAt,
        description: organizations.description,
      })
      .from(organizations)
      .where(inArray(organizations.title, ["Synced", "Never synced", "Untitled"]))
      .orderBy(organizations.id);
    expect(rows.map((row) => [row.title, row.syncedAt, row.description])).toEqual([
      ["Synced", synced, ""],
      ["Never synced", null, ""],
      ["Untitled", null, ""],
    ]);
    expect(rows[0]!.createdAt).toEqual(synced);
  });
});
