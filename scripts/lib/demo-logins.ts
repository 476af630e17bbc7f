/** The seeded accounts, printed by `npm start` and `npm run seed`, and used by the end-to-end tests. */
export const demoPassword = "guichet-demo-2026";

export const demoLogins = [
  { email: "admin@guichet.test", password: "guichet-admin-2026", role: "platform admin" },
  { email: "owner@guichet.test", password: demoPassword, role: "owner — Les Nuits Sonores" },
  { email: "admin-org@guichet.test", password: demoPassword, role: "admin — Les Nuits Sonores" },
  { email: "manager@guichet.test", password: demoPassword, role: "event_manager — Les Nuits Sonores" },
  { email: "guest@guichet.test", password: demoPassword, role: "guest — Les Nuits Sonores" },
  { email: "validator@guichet.test", password: demoPassword, role: "validator (event access)" },
  { email: "theatre@guichet.test", password: demoPassword, role: "owner — Théâtre du Quai" },
] as const;

export function formatDemoLogins(): string {
  const width = Math.max(...demoLogins.map((l) => l.email.length));
  return demoLogins.map((l) => `  ${l.email.padEnd(width)}  ${l.password.padEnd(20)}  ${l.role}`).join("\n");
}
