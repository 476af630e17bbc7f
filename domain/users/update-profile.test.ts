import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#db/schema";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { AppError } from "../shared/app-error";
import { updateProfile } from "./update-profile";

describe("updateProfile", () => {
  let t: LibsqlTestDatabase;
  let userId: number;
  beforeAll(async () => {
    t = await createLibsqlTestDatabase();
    const [user] = await t.db
      .insert(users)
      .values({ email: "lea@exemple.fr", firstName: "Léa", lastName: "Martin" })
      .returning();
    userId = user!.id;
  });
  afterAll(() => t.close());

  it("changes the first and last name, trimmed, and nothing else", async () => {
    const profile = await updateProfile(t.db, { userId }, { firstName: "  Léane ", lastName: "Martin-Roux" });
    expect(profile).toMatchObject({ email: "lea@exemple.fr", firstName: "Léane", lastName: "Martin-Roux" });
  });

  it("requires both names, at most 100 characters, and writes nothing otherwise", async () => {
    const error = await updateProfile(t.db, { userId }, { firstName: "", lastName: "x".repeat(101) }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).fields).toEqual({
      firstName: "errors:first-name-required",
      lastName: "errors:name-too-long",
    });
    const [user] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({ firstName: "Léane", lastName: "Martin-Roux" });
  });

  it("refuses another email or any password, writing nothing, and accepts the account's own email", async () => {
    const error = await updateProfile(
      t.db,
      { userId },
      {
        firstName: "Autre",
        lastName: "Nom",
        email: "pirate@exemple.fr",
        password: "Nouveau-Secret-2027",
      },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).fields).toEqual({
      email: "errors:email-cannot-change",
      password: "errors:password-not-accepted",
    });
    const [user] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({ email: "lea@exemple.fr", firstName: "Léane" });
    await expect(
      updateProfile(t.db, { userId }, { firstName: "Léa", lastName: "Martin", email: " LEA@exemple.fr " }),
    ).resolves.toMatchObject({
      firstName: "Léa",
    });
  });
});
