import { describe, expect, it } from "vitest";
import { parseTicketToken, signTicketToken, ticketTokenMatches } from "./ticket-token";

const env = { ENVIRONMENT: "test", SESSION_SECRET: "ticket-test-secret" };
const subject = { eventId: 12, participantId: 3456, accessToken: "participant-access-token" };

describe("ticket token", () => {
  it("round-trips: a signed token parses to its ids and matches its participant", () => {
    const token = signTicketToken(env, subject);
    expect(token).toMatch(/^G1\.12\.3456\.[\w-]{22}$/);
    const parsed = parseTicketToken(token);
    expect(parsed).toMatchObject({ eventId: 12, participantId: 3456 });
    expect(ticketTokenMatches(env, parsed!, subject)).toBe(true);
  });

  it("refuses a token signed with another secret, for another participant or after the access token changed", () => {
    const parsed = parseTicketToken(signTicketToken(env, subject))!;
    expect(ticketTokenMatches({ ...env, SESSION_SECRET: "other" }, parsed, subject)).toBe(false);
    expect(ticketTokenMatches(env, parsed, { ...subject, participantId: 3457 })).toBe(false);
    expect(ticketTokenMatches(env, parsed, { ...subject, eventId: 13 })).toBe(false);
    expect(ticketTokenMatches(env, parsed, { ...subject, accessToken: "rotated" })).toBe(false);
  });

  it("refuses a forged id with a copied MAC", () => {
    const token = signTicketToken(env, subject);
    const forged = token.replace(".3456.", ".3457.");
    const parsed = parseTicketToken(forged)!;
    expect(ticketTokenMatches(env, parsed, { ...subject, participantId: 3457 })).toBe(false);
  });

  it("reads nothing out of what is not a token", () => {
    for (const value of [
      "",
      "G1.1.2",
      "G2.1.2.AAAAAAAAAAAAAAAAAAAAAA",
      "G1.0.2.AAAAAAAAAAAAAAAAAAAAAA",
      "G1.a.2.x",
      "x".repeat(500),
    ])
      expect(parseTicketToken(value), value).toBeNull();
  });

  it("fails closed without a secret outside development and tests", () => {
    expect(() => signTicketToken({ ENVIRONMENT: "production" }, subject)).toThrow(/SESSION_SECRET/);
  });
});
