import { createClient } from "@libsql/client";

/**
 * Issue 30 §5 for `npm run bench -- --large`: a multi-date twin of the big event, written straight into the local D1
 * file before workerd starts. The same tickets, orders, lines, participants, scans and sales figures, copied under a
 * new event with `dates` dates (one a day); each order and its rows go to one date (order id modulo `dates`), so
 * both events hold the same 100,000 participants and their pages can be timed side by side.
 */

export type DatedTwin = {
  eventId: number;
  title: string;
  dateIds: number[];
  participants: number;
  middleDateId: number;
};

export async function createMultiDateTwin(file: string, sourceEventId: number, dates = 500): Promise<DatedTwin> {
  const client = createClient({ url: `file:${file}` });
  const one = async (sql: string, args: (number | string)[] = []) =>
    (await client.execute({ sql, args })).rows[0] as Record<string, unknown> | undefined;
  try {
    await client.execute("pragma foreign_keys = off");
    const twin = await one(
      `insert into events (organization_id, title, small_description, description, main_picture, primary_color, theme,
         timezone, start_at, end_at, address_label, address_name, contact_email, status, visibility, event_capacity,
         published_at)
       select organization_id, title || ' — ${dates} dates', small_description, description, main_picture, primary_color,
         theme, timezone, start_at, start_at + ${(dates - 1) * 86_400_000} + 3 * 3600000, address_label, address_name,
         contact_email, status, visibility, -1, published_at
       from events where id = ? returning id, organization_id, start_at, title`,
      [sourceEventId],
    );
    const eventId = Number(twin!.id);
    const organizationId = Number(twin!.organization_id);
    const start = Number(twin!.start_at);
    for (let i = 0; i < dates; i += 100) {
      const values = Array.from({ length: Math.min(100, dates - i) }, (_, k) => {
        const at = start + (i + k) * 86_400_000;
        return `(${organizationId}, ${eventId}, ${at}, ${at + 3 * 3_600_000}, 400)`;
      }).join(", ");
      await client.execute(
        `insert into event_dates (organization_id, event_id, start_at, end_at, capacity) values ${values}`,
      );
    }
    const dateRows = (
      await client.execute({ sql: "select id from event_dates where event_id = ? order by id", args: [eventId] })
    ).rows;
    const dateIds = dateRows.map((row) => Number(row.id));
    const firstDate = dateIds[0]!;

    // The tickets, each copied ticket's id by its source's.
    const ticketOffset = Number((await one("select coalesce(max(id), 0) as n from tickets"))!.n);
    await client.execute({
      sql: `insert into tickets (id, organization_id, event_id, ticket_type, title, description, price, is_free, amount,
              purchased, min_per_order, max_per_order, visibility, fees_type, sort)
            select id + ?, organization_id, ?, ticket_type, title, description, price, is_free, -1, purchased,
              min_per_order, max_per_order, visibility, fees_type, sort
            from tickets where event_id = ?`,
      args: [ticketOffset, eventId, sourceEventId],
    });
    const orderOffset = Number((await one("select coalesce(max(id), 0) as n from orders"))!.n);
    const dateOf = (orderId: string) => `(${firstDate} + (${orderId} % ${dates}))`;
    await client.execute({
      sql: `insert into orders (id, organization_id, event_id, user_id, first_name, last_name, email, amount, fees,
              net_amount, status, promo_code_key, checkout_time, access_token, paid_at, payable_until, locale,
              created_at, updated_at, date_id)
            select id + ?, organization_id, ?, user_id, first_name, last_name, email, amount, fees, net_amount, status,
              promo_code_key, checkout_time, access_token || '-dates', paid_at, payable_until, locale, created_at,
              updated_at, ${dateOf("id")}
            from orders where event_id = ?`,
      args: [orderOffset, eventId, sourceEventId],
    });
    await client.execute({
      sql: `insert into order_items (organization_id, event_id, order_id, ticket_id, ticket_type, quantity, unit_price,
              discount, fees, fees_type, held_until, created_at, date_id)
            select organization_id, ?, order_id + ?, ticket_id + ?, ticket_type, quantity, unit_price, discount, fees,
              fees_type, held_until, created_at, ${dateOf("order_id")}
            from order_items where event_id = ?`,
      args: [eventId, orderOffset, ticketOffset, sourceEventId],
    });
    const participantOffset = Number((await one("select coalesce(max(id), 0) as n from participants"))!.n);
    await client.execute({
      sql: `insert into participants (id, organization_id, event_id, order_id, ticket_id, user_id, first_name, last_name,
              email, search_text, ticket_title, ticket_type, price, promo_code_key, last_validation_at, is_in, event_date,
              access_token, created_at, updated_at, date_id)
            select p.id + ?, p.organization_id, ?, p.order_id + ?, p.ticket_id + ?, p.user_id, p.first_name, p.last_name,
              p.email, p.search_text, p.ticket_title, p.ticket_type, p.price, p.promo_code_key, p.last_validation_at,
              p.is_in, d.start_at, p.access_token || '-dates', p.created_at, p.updated_at, d.id
            from participants p join event_dates d on d.id = ${dateOf("p.order_id")}
            where p.event_id = ?`,
      args: [participantOffset, eventId, orderOffset, ticketOffset, sourceEventId],
    });
    await client.execute({
      sql: `insert into entries (organization_id, event_id, participant_id, ticket_id, is_in, validated_at, validated_by,
              created_at, date_id)
            select e.organization_id, ?, e.participant_id + ?, e.ticket_id + ?, e.is_in, e.validated_at, e.validated_by,
              e.created_at, p.date_id
            from entries e join participants p on p.id = e.participant_id + ?
            where e.event_id = ?`,
      args: [eventId, participantOffset, ticketOffset, participantOffset, sourceEventId],
    });
    await client.execute({
      sql: `insert into sales_figures (event_id, organization_id, participants, orders, gross, fees, net)
            select ?, organization_id, participants, orders, gross, fees, net from sales_figures where event_id = ?`,
      args: [eventId, sourceEventId],
    });
    await client.execute({
      sql: `insert into sales_figure_days (event_id, day, organization_id, participants, orders, gross, fees, net)
            select ?, day, organization_id, participants, orders, gross, fees, net from sales_figure_days
            where event_id = ?`,
      args: [eventId, sourceEventId],
    });
    const counted = await one("select count(*) as n from participants where event_id = ?", [eventId]);
    return {
      eventId,
      title: String(twin!.title),
      dateIds,
      participants: Number(counted!.n),
      middleDateId: dateIds[Math.floor(dateIds.length / 2)]!,
    };
  } finally {
    client.close();
  }
}
