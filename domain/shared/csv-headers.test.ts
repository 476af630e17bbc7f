import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { insertEvent, insertEventsWorld, insertOrder, insertTicket } from "../../tests/support/fixtures";
import { exportOrders, ordersCsvColumns } from "../orders/export-orders";
import { exportParticipants, participantsCsvColumns } from "../participants/export-participants";
import { importTemplateCsv } from "../participant-import/import-rows";
import { csvDocument, type CsvPage, type CsvValue } from "./csv";
import { csvHeaderRow, csvLanguage, csvLocalTime } from "./csv-headers";

describe("the CSV exports' header words", () => {
  it("speaks French by default, in the import template's words, and English when asked", () => {
    expect(csvLanguage(undefined)).toBe("fr");
    expect(csvLanguage("fr")).toBe("fr");
    expect(csvLanguage("de")).toBe("fr");
    expect(csvLanguage("en")).toBe("en");
    expect(csvLanguage("en-GB")).toBe("en");
    const fr = csvHeaderRow(participantsCsvColumns, "fr", "Europe/Paris");
    expect(fr).toEqual([
      "id",
      "prenom",
      "nom",
      "email",
      "ticket_id",
      "billet",
      "options",
      "prix",
      "commande",
      "statut_commande",
      "code_promo",
      "entre",
      "derniere_validation (Europe/Paris)",
      "date_achat (Europe/Paris)",
      "creneau (Europe/Paris)",
    ]);
    // The columns the import template shares are headed the same way.
    const template = importTemplateCsv(1).split("\r\n")[0]!.split(",");
    for (const word of template.filter((word) => word !== "quantite")) expect(fr).toContain(word);
    expect(csvHeaderRow(participantsCsvColumns, "en", "Europe/Paris").slice(0, 7)).toEqual([
      "id",
      "first_name",
      "last_name",
      "email",
      "ticket_id",
      "ticket_title",
      "addons",
    ]);
    expect(csvHeaderRow(ordersCsvColumns, "fr", "America/Montreal")).toEqual([
      "id",
      "prenom",
      "nom",
      "email",
      "montant",
      "frais",
      "montant_net",
      "statut",
      "duree_paiement_s",
      "code_promo",
      "date_commande (America/Montreal)",
      "date_paiement (America/Montreal)",
    ]);
    expect(csvHeaderRow(ordersCsvColumns, "en", "Europe/Paris").slice(-2)).toEqual([
      "created_at (Europe/Paris)",
      "paid_at (Europe/Paris)",
    ]);
    // One vocabulary per language: no English word in the French headers, no French one in the English headers.
    for (const columns of [participantsCsvColumns, ordersCsvColumns]) {
      const french = csvHeaderRow(columns, "fr", "UTC").join(",");
      expect(french).not.toMatch(/first_name|last_name|is_in|created_at|paid_at|amount|status/);
      expect(csvHeaderRow(columns, "en", "UTC").join(",")).not.toMatch(/prenom|nom\b|billet|statut|date_/);
    }
  });

  it("writes times on the event's wall clock, across daylight saving, and falls back to UTC for an unknown zone", () => {
    expect(csvLocalTime(Date.UTC(2026, 11, 21, 19, 0), "Europe/Paris")).toBe("2026-12-21 20:00");
    expect(csvLocalTime(new Date(Date.UTC(2026, 6, 14, 20, 30)), "Europe/Paris")).toBe("2026-07-14 22:30");
    expect(csvLocalTime(Date.UTC(2026, 11, 21, 19, 0), "America/Montreal")).toBe("2026-12-21 14:00");
    expect(csvLocalTime(null, "Europe/Paris")).toBe("");
    expect(csvLocalTime(Date.UTC(2026, 11, 21, 19, 0), "Mars/Olympus")).toBe("2026-12-21 19:00");
    expect(csvHeaderRow([{ fr: "date_achat", en: "created_at", time: true }], "fr", "Mars/Olympus")).toEqual([
      "date_achat (UTC)",
    ]);
  });
});

describe("the exports of an event in Europe/Paris", () => {
  let t: LibsqlTestDatabase;
  let world: Awaited<ReturnType<typeof insertEventsWorld>>;
  beforeAll(async () => {
    t = await createLibsqlTestDatabase();
    world = await insertEventsWorld(t.db);
  });
  afterAll(() => t?.close());

  async function text(csv: { header: string[]; nextPage: (cursor: number | null) => Promise<CsvPage<number>> }) {
    const rows: CsvValue[][] = [];
    let cursor: number | null = null;
    do {
      const page = await csv.nextPage(cursor);
      rows.push(...page.rows);
      cursor = page.next;
    } while (cursor !== null);
    return csvDocument(csv.header, rows)
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
  }

  it("heads both CSVs in the language asked and writes their times in the event's zone", async () => {
    const event = await insertEvent(t.db, world.organization.id, { title: "Heures", timezone: "Europe/Paris" });
    const ticket = await insertTicket(t.db, event, { title: "Plein tarif", price: 2000 });
    const { order, participants } = await insertOrder(t.db, event, {
      status: "paid",
      places: [{ ticket, count: 1 }],
      createdAt: new Date(Date.UTC(2026, 11, 21, 19, 0)),
    });
    const [header, row] = await text(await exportParticipants(t.db, world.actors.owner, { eventId: event.id }));
    expect(header).toBe(
      "id,prenom,nom,email,ticket_id,billet,options,prix,commande,statut_commande,code_promo,entre," +
        "derniere_validation (Europe/Paris),date_achat (Europe/Paris),creneau (Europe/Paris)",
    );
    expect(row).toBe(
      `${participants[0]!.id},Alex,Durand,alex@exemple.test,${ticket.id},Plein tarif,,20.00,${order.id},paid,,false,,2026-12-21 20:00,`,
    );
    const [english] = await text(
      await exportParticipants(t.db, world.actors.owner, { eventId: event.id, language: "en" }),
    );
    expect(english).toMatch(/^id,first_name,last_name,email,ticket_id,ticket_title,addons,price,payment,/);
    const [ordersHeader, orderRow] = await text(await exportOrders(t.db, world.actors.owner, { eventId: event.id }));
    expect(ordersHeader).toMatch(
      /^id,prenom,nom,email,montant,.*,date_commande \(Europe\/Paris\),date_paiement \(Europe\/Paris\)$/,
    );
    expect(orderRow).toMatch(/,2026-12-21 20:00,2026-12-21 20:00$/);
  });
});
