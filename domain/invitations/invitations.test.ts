import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { EmailMessage } from "#adapters/email";
import { eventAccesses, invitations, memberships, users } from "#db/schema";
import { failure } from "../../tests/support/failure";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import {
  actorOf,
  insertEvent,
  insertEventAccess,
  insertMember,
  insertOrganization,
  insertUser,
} from "../../tests/support/fixtures";
import { addEventAccess } from "../event-team/add-event-access";
import { deleteEvent } from "../events/delete-event";
import { setEventAccessRoles, removeEventAccess } from "../event-team/set-event-access-roles";
import { acceptInvitation, readInvitation } from "./accept-invitation";
import { INVITATION_LIFETIME_MS } from "./invitation-rules";
import { inviteMember } from "./invite-member";
import { joinFromRegistration } from "./join-from-registration";
import { listEventInvitations, listOrganizationInvitations } from "./list-invitations";
import { resendInvitation, revokeInvitation } from "./manage-invitation";

let t: LibsqlTestDatabase;
let sent: EmailMessage[];
const deps = () => ({
  sendEmail: async (message: EmailMessage) => {
    sent.push(message);
  },
  appUrl: "https://app.guichet.test",
  locale: "fr",
});
/** The token of the last link emailed to `email`. */
function linkTo(email: string): string {
  const message = sent.findLast((m) => m.to === email);
  const match = message?.text.match(/https:\/\/app\.guichet\.test\/invitations\/([a-z2-7]{32})/);
  if (!match) throw new Error(`no invitation link sent to ${email}`);
  return match[1]!;
}

async function world() {
  const organization = await insertOrganization(t.db, { title: "Les Nuits Sonores" });
  const owner = await insertUser(t.db, { email: "owner@nuits.test", firstName: "Olivia", lastName: "Owner" });
  await insertMember(t.db, organization.id, owner.id, "owner");
  const existing = await insertUser(t.db, { email: "existing@exemple.test", firstName: "Eva", locale: "en" });
  return { organization, owner, existing, actor: actorOf(owner, organization.id, "owner") };
}

async function membershipsOf(userId: number) {
  return t.db
    .select({ organizationId: memberships.organizationId, role: memberships.role })
    .from(memberships)
    .where(eq(memberships.userId, userId));
}

beforeEach(async () => {
  t = await createLibsqlTestDatabase();
  sent = [];
});
afterEach(() => t.close());

describe("inviting a member", () => {
  it("adds nobody: it records a pending invitation and emails a link built from APP_URL", async () => {
    const { organization, existing, actor } = await world();
    const invitation = await inviteMember(
      t.db,
      actor,
      organization.id,
      { email: " Existing@Exemple.test ", role: "admin" },
      deps(),
    );
    expect(invitation).toMatchObject({ email: "existing@exemple.test", role: "admin", eventId: null });
    expect(await membershipsOf(existing.id)).toEqual([]);
    expect(sent).toHaveLength(1);
    // The invitee's own language when their account knows it.
    expect(sent[0]!.subject).toContain("invites you to join Les Nuits Sonores");
    expect(sent[0]!.text).toContain(`https://app.guichet.test/invitations/${linkTo("existing@exemple.test")}`);
    const [row] = await t.db.select().from(invitations);
    expect(row!.tokenHash).not.toContain(linkTo("existing@exemple.test"));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(INVITATION_LIFETIME_MS);
    expect(await listOrganizationInvitations(t.db, actor, organization.id)).toEqual([
      expect.objectContaining({ email: "existing@exemple.test", role: "admin", invitedBy: "Olivia Owner" }),
    ]);
  });

  it("answers the same way whether or not the email has an account", async () => {
    const { organization, actor } = await world();
    const shape = (value: Awaited<ReturnType<typeof inviteMember>>) => ({
      ...value,
      id: 0,
      email: "",
      createdAt: 0,
      sentAt: 0,
      expiresAt: 0,
    });
    const now = new Date("2026-11-28T10:00:00Z");
    const withAccount = await inviteMember(
      t.db,
      actor,
      organization.id,
      { email: "existing@exemple.test", role: "event_manager" },
      deps(),
      now,
    );
    const without = await inviteMember(
      t.db,
      actor,
      organization.id,
      { email: "nobody@exemple.test", role: "event_manager" },
      deps(),
      now,
    );
    expect(shape(withAccount)).toEqual(shape(without));
    expect(withAccount.expiresAt).toEqual(without.expiresAt);
    // Both get an email (the one without an account in the inviter's language).
    expect(sent.map((m) => m.to)).toEqual(["existing@exemple.test", "nobody@exemple.test"]);
    expect(sent[1]!.subject).toContain("vous invite à rejoindre Les Nuits Sonores");
    // Inviting either again is the same refusal.
    const again = await Promise.all(
      ["existing@exemple.test", "nobody@exemple.test"].map((email) =>
        failure(inviteMember(t.db, actor, organization.id, { email, role: "admin" }, deps(), now)),
      ),
    );
    expect(again.map((e) => [e.code, e.messageKey])).toEqual([
      ["conflict", "members:errors.already-invited"],
      ["conflict", "members:errors.already-invited"],
    ]);
  });

  it("answers 'already added' for a member, and lets a new invitation replace an expired one", async () => {
    const { organization, owner, actor } = await world();
    expect(
      (await failure(inviteMember(t.db, actor, organization.id, { email: owner.email, role: "" }, deps()))).messageKey,
    ).toBe("members:errors.already-added");
    const then = new Date("2026-01-01T10:00:00Z");
    await inviteMember(t.db, actor, organization.id, { email: "late@exemple.test", role: "" }, deps(), then);
    const later = new Date(then.getTime() + INVITATION_LIFETIME_MS + 1);
    await inviteMember(t.db, actor, organization.id, { email: "late@exemple.test", role: "" }, deps(), later);
    expect(await listOrganizationInvitations(t.db, actor, organization.id, later)).toHaveLength(1);
  });

  it("is for member managers only, and nobody invites above their own role", async () => {
    const { organization } = await world();
    const admin = await insertUser(t.db);
    await insertMember(t.db, organization.id, admin.id, "admin");
    const asAdmin = actorOf(admin, organization.id, "admin");
    expect(
      (await failure(inviteMember(t.db, asAdmin, organization.id, { email: "x@exemple.test", role: "" }))).code,
    ).toBe("forbidden");
    expect(await t.db.select().from(invitations)).toEqual([]);
  });

  it("limits invitations per sender (20 an hour) and per organization (50 a day), with its own message", async () => {
    const { organization, actor } = await world();
    const now = new Date("2026-11-28T10:00:00Z");
    for (let i = 0; i < 20; i++) {
      await inviteMember(t.db, actor, organization.id, { email: `p${i}@exemple.test`, role: "" }, deps(), now);
    }
    const refused = await failure(
      inviteMember(t.db, actor, organization.id, { email: "p20@exemple.test", role: "" }, deps(), now),
    );
    expect([refused.code, refused.messageKey]).toEqual(["rate_limited", "members:errors.invitations-rate-limited"]);
    expect(sent).toHaveLength(20);

    // Other senders of the same organization share its daily 50.
    // Every attempt counts, the refused one included.
    let total = 21;
    for (let s = 0; total < 50; s++) {
      const sender = await insertUser(t.db);
      await insertMember(t.db, organization.id, sender.id, "owner");
      for (let i = 0; i < 20 && total < 50; i++, total++) {
        await inviteMember(
          t.db,
          actorOf(sender, organization.id, "owner"),
          organization.id,
          { email: `q${s}-${i}@exemple.test`, role: "" },
          deps(),
          now,
        );
      }
    }
    const fresh = await insertUser(t.db);
    await insertMember(t.db, organization.id, fresh.id, "owner");
    const orgRefusal = await failure(
      inviteMember(
        t.db,
        actorOf(fresh, organization.id, "owner"),
        organization.id,
        { email: "r@exemple.test", role: "" },
        deps(),
        now,
      ),
    );
    expect(orgRefusal.code).toBe("rate_limited");
  });
});

describe("accepting an invitation", () => {
  it("makes the invited account a member with the invited role, once, even when accepted twice at once", async () => {
    const { organization, existing, actor } = await world();
    await inviteMember(t.db, actor, organization.id, { email: existing.email, role: "event_manager" }, deps());
    const token = linkTo(existing.email);
    const results = await Promise.all([
      acceptInvitation(t.db, existing, token),
      acceptInvitation(t.db, existing, token),
    ]);
    expect(results).toEqual([
      { organizationId: organization.id, eventId: null },
      { organizationId: organization.id, eventId: null },
    ]);
    expect(await membershipsOf(existing.id)).toEqual([{ organizationId: organization.id, role: "event_manager" }]);
    expect((await readInvitation(t.db, token))?.status).toBe("accepted");
    expect(await listOrganizationInvitations(t.db, actor, organization.id)).toEqual([]);
    // The organization joined is the one opened at the next sign-in.
    const [user] = await t.db.select({ last: users.lastOrganizationId }).from(users).where(eq(users.id, existing.id));
    expect(user!.last).toBe(organization.id);
  });

  it("refuses another account than the invited email, with its own message, and adds nothing", async () => {
    const { organization, owner, existing, actor } = await world();
    const other = await insertOrganization(t.db);
    await insertMember(t.db, other.id, existing.id, "owner");
    await inviteMember(
      t.db,
      actorOf(existing, other.id, "owner"),
      other.id,
      { email: "someone@exemple.test", role: "" },
      deps(),
    );
    const refused = await failure(acceptInvitation(t.db, owner, linkTo("someone@exemple.test")));
    expect([refused.code, refused.messageKey]).toEqual(["forbidden", "members:invitation.errors.wrong-account"]);
    expect(await membershipsOf(owner.id)).toEqual([{ organizationId: organization.id, role: "owner" }]);
    void actor;
  });

  it("refuses an expired invitation and a revoked one; a resend replaces the link and restarts the 7 days", async () => {
    const { organization, existing, actor } = await world();
    const then = new Date("2026-11-01T10:00:00Z");
    await inviteMember(t.db, actor, organization.id, { email: existing.email, role: "" }, deps(), then);
    const first = linkTo(existing.email);
    const expiredAt = new Date(then.getTime() + INVITATION_LIFETIME_MS);
    const expired = await failure(acceptInvitation(t.db, existing, first, expiredAt));
    expect(expired.messageKey).toBe("members:invitation.errors.expired");

    const [pending] = await listOrganizationInvitations(t.db, actor, organization.id, then);
    await resendInvitation(t.db, actor, pending!.id, {}, deps(), expiredAt);
    const second = linkTo(existing.email);
    expect(second).not.toBe(first);
    expect(await readInvitation(t.db, first)).toBeNull();
    expect((await readInvitation(t.db, second, expiredAt))?.status).toBe("pending");

    await revokeInvitation(t.db, actor, pending!.id, {}, expiredAt);
    const revoked = await failure(acceptInvitation(t.db, existing, second, expiredAt));
    expect(revoked.messageKey).toBe("members:invitation.errors.revoked");
    expect(await membershipsOf(existing.id)).toEqual([]);
  });

  it("lets an account created from the link join at once; a member removed later does not come back by the link", async () => {
    const { organization, actor } = await world();
    await inviteMember(t.db, actor, organization.id, { email: "newcomer@exemple.test", role: "event_manager" }, deps());
    const token = linkTo("newcomer@exemple.test");
    const newcomer = await insertUser(t.db, { email: "newcomer@exemple.test", emailVerifiedAt: new Date() });
    expect(await joinFromRegistration(t.db, newcomer.id, token)).toEqual({
      organizationId: organization.id,
      eventId: null,
    });
    expect(await membershipsOf(newcomer.id)).toEqual([{ organizationId: organization.id, role: "event_manager" }]);
    await t.db.delete(memberships).where(eq(memberships.userId, newcomer.id));
    await acceptInvitation(t.db, newcomer, token);
    expect(await membershipsOf(newcomer.id)).toEqual([]);
  });
});

describe("event team invitations", () => {
  it("gives a member of the organization the access at once, and invites anyone else the same way with or without an account", async () => {
    const { organization, owner, existing, actor } = await world();
    const event = await insertEvent(t.db, organization.id, { title: "Festival d'hiver" });
    const colleague = await insertUser(t.db, { email: "colleague@nuits.test" });
    await insertMember(t.db, organization.id, colleague.id, "event_manager");

    const direct = await addEventAccess(t.db, actor, event.id, { email: colleague.email }, deps());
    expect(direct.kind).toBe("member");

    const a = await addEventAccess(t.db, actor, event.id, { email: existing.email }, deps());
    const b = await addEventAccess(t.db, actor, event.id, { email: "unknown@exemple.test" }, deps());
    expect([a.kind, b.kind]).toEqual(["invitation", "invitation"]);
    expect(await membershipsOf(existing.id)).toEqual([]);
    expect(sent.at(-1)!.text).toContain("Festival d'hiver");
    expect((await listEventInvitations(t.db, actor, event.id)).map((i) => i.email)).toEqual([
      "existing@exemple.test",
      "unknown@exemple.test",
    ]);

    await acceptInvitation(t.db, existing, linkTo(existing.email));
    expect(await membershipsOf(existing.id)).toEqual([{ organizationId: organization.id, role: "" }]);
    const access = await t.db.select().from(eventAccesses).where(eq(eventAccesses.userId, existing.id));
    expect(access.map((row) => [row.eventId, row.roles])).toEqual([[event.id, "validator"]]);
    void owner;
  });

  it("removes the guest membership with the person's last event access, and keeps a real member's", async () => {
    const { organization, existing, actor } = await world();
    const first = await insertEvent(t.db, organization.id);
    const second = await insertEvent(t.db, organization.id);
    await insertMember(t.db, organization.id, existing.id, "");
    await insertEventAccess(t.db, first, existing, ["validator"]);
    await insertEventAccess(t.db, second, existing, ["validator"]);
    const manager = await insertUser(t.db);
    await insertMember(t.db, organization.id, manager.id, "event_manager");
    await insertEventAccess(t.db, first, manager, ["validator"]);

    await removeEventAccess(t.db, actor, first.id, existing.id);
    expect(await membershipsOf(existing.id)).toEqual([{ organizationId: organization.id, role: "" }]);
    // An empty role list removes the access too: the last one takes the guest membership with it.
    await setEventAccessRoles(t.db, actor, second.id, { userId: existing.id, roles: [] });
    expect(await membershipsOf(existing.id)).toEqual([]);

    // Deleting an event takes the guest membership of the people whose last access it held.
    const third = await insertEvent(t.db, organization.id);
    const guest = await insertUser(t.db);
    await insertMember(t.db, organization.id, guest.id, "");
    await insertEventAccess(t.db, third, guest, ["validator"]);
    await deleteEvent(t.db, actor, { eventId: third.id, confirmation: "DELETE" });
    expect(await membershipsOf(guest.id)).toEqual([]);

    await removeEventAccess(t.db, actor, first.id, manager.id);
    expect(await membershipsOf(manager.id)).toEqual([{ organizationId: organization.id, role: "event_manager" }]);
    const left = await t.db
      .select()
      .from(eventAccesses)
      .where(and(eq(eventAccesses.organizationId, organization.id)));
    expect(left).toEqual([]);
  });
});
