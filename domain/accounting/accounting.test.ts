import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { actorOf, insertEvent, insertMember, insertOrganization, insertUser } from "../../tests/support/fixtures";
import { insertInvoice } from "../../tests/support/invoice-fixtures";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import type { Actor } from "../shared/actor";
import { AppError } from "../shared/app-error";
import { csvStream } from "../shared/csv";
import { exportInvoices, invoiceTotalsByRate } from "./export-invoices";
import { hasInvoices, listInvoiceEvents, listInvoices } from "./list-invoices";

const at = (iso: string) => new Date(iso);
const page = { offset: 0, limit: 50 };

async function csvText(csv: Awaited<ReturnType<typeof exportInvoices>>): Promise<string> {
  const bytes = await new Response(csvStream(csv.header, csv.nextPage)).arrayBuffer();
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
}

describe("the accounting views (issue 29 §5)", () => {
  let t: LibsqlTestDatabase;
  let owner: Actor;
  let manager: Actor;
  let stranger: Actor;
  let concert: { id: number };
  let theatre: { id: number };
  let organizationId: number;

  beforeEach(async () => {
    t = await createLibsqlTestDatabase();
    const organization = await insertOrganization(t.db, { title: "Salle Pleyel" });
    organizationId = organization.id;
    const other = await insertOrganization(t.db);
    const user = await insertUser(t.db);
    const managerUser = await insertUser(t.db);
    const strangerUser = await insertUser(t.db);
    await insertMember(t.db, organization.id, user.id, "owner");
    await insertMember(t.db, organization.id, managerUser.id, "event_manager");
    await insertMember(t.db, other.id, strangerUser.id, "owner");
    owner = actorOf(user, organization.id, "owner");
    manager = actorOf(managerUser, organization.id, "event_manager");
    stranger = actorOf(strangerUser, other.id, "owner");
    concert = await insertEvent(t.db, organization.id, {
      title: "Concert du Nouvel An",
      startAt: at("2026-12-31T20:00:00Z"),
    });
    theatre = await insertEvent(t.db, organization.id, { title: "Théâtre", startAt: at("2026-11-20T20:00:00Z") });
    const otherEvent = await insertEvent(t.db, other.id);

    // FAC2026-0001: a ticket at 5.5 % and an add-on at 20 %; FAC2026-0002 its credit note for the add-on.
    const first = await insertInvoice(t.db, {
      organizationId,
      eventId: concert.id,
      orderId: 11,
      issuedAt: at("2026-11-05T10:00:00Z"),
      buyer: { name: "Alex Durand", company: "Durand SARL", vatNumber: "FR40303265045", email: "alex@durand.test" },
      lines: [
        { description: "Plein tarif", gross: 3000, rate: 550 },
        { description: "Vestiaire", kind: "addon", gross: 1000, rate: 2000 },
      ],
    });
    await insertInvoice(t.db, {
      organizationId,
      eventId: concert.id,
      orderId: 11,
      kind: "credit-note",
      invoiceId: first.id,
      issuedAt: at("2026-11-06T10:00:00Z"),
      buyer: { name: "Alex Durand", company: "Durand SARL", vatNumber: "FR40303265045", email: "alex@durand.test" },
      lines: [{ description: "Vestiaire", kind: "addon", gross: -1000, rate: 2000 }],
    });
    // FAC2026-0003: three 0.10 € lines at 20 % (the VAT is the sum of the lines', 0.06 €, not 20 % of 0.30 €).
    await insertInvoice(t.db, {
      organizationId,
      eventId: theatre.id,
      orderId: 12,
      issuedAt: at("2026-11-20T09:00:00Z"),
      buyer: { name: "Zoé Ménard", email: "zoe@exemple.test" },
      lines: [
        { gross: 10, rate: 2000 },
        { gross: 10, rate: 2000 },
        { gross: 10, rate: 2000 },
      ],
    });
    // December: outside November.
    await insertInvoice(t.db, {
      organizationId,
      eventId: theatre.id,
      orderId: 13,
      issuedAt: at("2026-12-01T09:00:00Z"),
      buyer: { name: "Hugo Petit" },
      lines: [{ gross: 2000, rate: 550 }],
    });
    // Another organization's invoice, same buyer name.
    await insertInvoice(t.db, {
      organizationId: other.id,
      eventId: otherEvent.id,
      orderId: 99,
      issuedAt: at("2026-11-05T10:00:00Z"),
      buyer: { name: "Alex Durand" },
      lines: [{ gross: 5000, rate: 2000 }],
    });
  });

  afterEach(() => t.close());

  const november = { from: at("2026-10-31T23:00:00Z").getTime(), to: at("2026-11-30T23:00:00Z").getTime() };

  it("lists the organization's documents, newest first, with their buyer, event and referenced invoice", async () => {
    const { rows, total } = await listInvoices(t.db, owner, page);
    expect(total).toBe(4);
    expect(rows.map((row) => row.number)).toEqual(["FAC2026-0004", "FAC2026-0003", "FAC2026-0002", "FAC2026-0001"]);
    const credit = rows[2]!;
    expect(credit).toMatchObject({
      kind: "credit-note",
      invoiceNumber: "FAC2026-0001",
      eventTitle: "Concert du Nouvel An",
      buyerCompany: "Durand SARL",
      buyerVatNumber: "FR40303265045",
      gross: -1000,
      net: -833,
      vat: -167,
    });
    expect(rows[3]).toMatchObject({ kind: "invoice", gross: 4000, net: 3677, vat: 323, invoiceNumber: null });
  });

  it("filters by period, event and type, searches the number and the buyer, pages and sorts in SQL", async () => {
    const numbers = async (input: Parameters<typeof listInvoices>[2]) =>
      (await listInvoices(t.db, owner, input)).rows.map((row) => row.number);
    expect(await numbers({ ...page, ...november })).toEqual(["FAC2026-0003", "FAC2026-0002", "FAC2026-0001"]);
    expect(await numbers({ ...page, eventIds: [theatre.id] })).toEqual(["FAC2026-0004", "FAC2026-0003"]);
    expect(await numbers({ ...page, kinds: ["credit-note"] })).toEqual(["FAC2026-0002"]);
    expect(await numbers({ ...page, search: "2026-0003" })).toEqual(["FAC2026-0003"]);
    expect(await numbers({ ...page, search: "durand sarl" })).toEqual(["FAC2026-0002", "FAC2026-0001"]);
    expect(await numbers({ ...page, search: "zoe@" })).toEqual(["FAC2026-0003"]);
    expect(await numbers({ ...page, search: "100%" })).toEqual([]);
    expect(await numbers({ offset: 1, limit: 2, sort: { id: "number", desc: false } })).toEqual([
      "FAC2026-0002",
      "FAC2026-0003",
    ]);
    expect(await numbers({ ...page, sort: { id: "gross", desc: true } })).toEqual([
      "FAC2026-0001",
      "FAC2026-0004",
      "FAC2026-0003",
      "FAC2026-0002",
    ]);
    const filtered = await listInvoices(t.db, owner, { offset: 0, limit: 1, ...november, kinds: ["invoice"] });
    expect(filtered.total).toBe(2);
    expect((await listInvoiceEvents(t.db, owner)).map((event) => event.title)).toEqual([
      "Concert du Nouvel An",
      "Théâtre",
    ]);
  });

  it("answers 404 to who may not see the finances, and nothing of another organization", async () => {
    await expect(listInvoices(t.db, manager, page)).rejects.toMatchObject({ code: "not_found" });
    await expect(invoiceTotalsByRate(t.db, manager, {})).rejects.toBeInstanceOf(AppError);
    const theirs = await listInvoices(t.db, stranger, page);
    expect(theirs.rows.map((row) => row.orderId)).toEqual([99]);
    expect(await listInvoices(t.db, stranger, { ...page, eventIds: [concert.id] })).toEqual({ rows: [], total: 0 });
    expect(await hasInvoices(t.db, owner)).toBe(true);
  });

  it("totals by rate are the sums of the lines, credit notes netted, to the cent", async () => {
    expect(await invoiceTotalsByRate(t.db, owner, november)).toEqual([
      // 1000 − 1000 + 3 × 10 at 20 %: the three lines carry 0.02 € each.
      { rate: 2000, gross: 30, net: 24, vat: 6 },
      { rate: 550, gross: 3000, net: 2844, vat: 156 },
    ]);
    expect(await invoiceTotalsByRate(t.db, owner, { kinds: ["invoice"], ...november })).toEqual([
      { rate: 2000, gross: 1030, net: 857, vat: 173 },
      { rate: 550, gross: 3000, net: 2844, vat: 156 },
    ]);
  });

  it("exports the period's documents and totals by rate as CSV (BOM, French headers, a column pair per rate)", async () => {
    const now = at("2026-11-28T12:00:00Z").getTime();
    const documents = await exportInvoices(t.db, owner, { kind: "documents", period: "month", language: "fr", now });
    expect(documents.filename).toBe("guichet-salle-pleyel-factures-2026-11.csv");
    expect((await csvText(documents)).split("\r\n")).toEqual([
      "\uFEFFnumero,date,type,facture_referencee,commande,acheteur,email_acheteur,tva_intracom_acheteur,evenement,devise,total_ht,total_tva,total_ttc,ht_20.00,tva_20.00,ht_5.50,tva_5.50",
      "FAC2026-0001,2026-11-05,facture,,11,Durand SARL,alex@durand.test,FR40303265045,Concert du Nouvel An,EUR,36.77,3.23,40.00,8.33,1.67,28.44,1.56",
      "FAC2026-0002,2026-11-06,avoir,FAC2026-0001,11,Durand SARL,alex@durand.test,FR40303265045,Concert du Nouvel An,EUR,-8.33,-1.67,-10.00,-8.33,-1.67,,",
      "FAC2026-0003,2026-11-20,facture,,12,Zoé Ménard,zoe@exemple.test,,Théâtre,EUR,0.24,0.06,0.30,0.24,0.06,,",
      "",
    ]);
    const rates = await exportInvoices(t.db, owner, { kind: "vat-rates", period: "month", language: "en", now });
    expect(rates.filename).toBe("guichet-salle-pleyel-vat-2026-11.csv");
    expect(await csvText(rates)).toBe(
      "\uFEFFvat_rate,net,vat,gross\r\n20.00,0.24,0.06,0.30\r\n5.50,28.44,1.56,30.00\r\n",
    );
    await expect(
      exportInvoices(t.db, stranger, { kind: "documents", period: "all", language: "fr", now }).then(csvText),
    ).resolves.not.toContain("Concert du Nouvel An");
  });
});
