import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { insertEvent, insertOrganization } from "../../tests/support/fixtures";
import { getPublicOrganizationVersion } from "./get-public-organization";

let test: LibsqlTestDatabase;

beforeAll(async () => {
  test = await createLibsqlTestDatabase();
});
afterAll(() => test?.close());

describe("getPublicOrganizationVersion", () => {
  it("counts the organization's own events and changes when one is added", async () => {
    const organization = await insertOrganization(test.db);
    const neighbour = await insertOrganization(test.db);
    await insertEvent(test.db, neighbour.id, { updatedAt: new Date(Date.UTC(2027, 5, 1)) });
    await insertEvent(test.db, organization.id, { updatedAt: new Date(Date.UTC(2027, 0, 1)) });
    await insertEvent(test.db, organization.id, { updatedAt: new Date(Date.UTC(2027, 0, 2)) });
    const version = await getPublicOrganizationVersion(test.db, organization.id);
    expect(version).toBe(`${organization.updatedAt.getTime()}-${Date.UTC(2027, 0, 2)}-2`);
    await insertEvent(test.db, organization.id, { updatedAt: new Date(Date.UTC(2027, 0, 3)) });
    expect(await getPublicOrganizationVersion(test.db, organization.id)).toBe(
      `${organization.updatedAt.getTime()}-${Date.UTC(2027, 0, 3)}-3`,
    );
  });
});
