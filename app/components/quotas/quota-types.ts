import type { EventDateStatus } from "#db/schema";

export type QuotaCountsView = { size: number; sold: number; held: number; remaining: number | null };

export type QuotaRowView = QuotaCountsView & {
  id: number;
  name: string;
  dateId: number | null;
  date: { startAt: string; cancelled: boolean } | null;
  tickets: { id: number; title: string }[];
};

export type QuotaTicketChoice = { id: number; title: string; ticketType: "ticket" | "addon" };
export type QuotaDateChoice = { id: number; startAt: string; status: EventDateStatus };

export type QuotasPageData = {
  eventId: number;
  timezone: string;
  canUpdate: boolean;
  eventCapacity: QuotaCountsView;
  quotas: QuotaRowView[];
  tickets: QuotaTicketChoice[];
  dates: QuotaDateChoice[];
};

/** A quota as the editor sends it: the whole list travels as JSON in the `quotas` field. */
export type QuotaDraft = { id?: number; name: string; size: number; date_id: number | null; ticket_ids: number[] };

export type QuotasActionResult =
  | { ok: true; intent: "save" | "delete" | "capacity" }
  | {
      ok: false;
      intent?: string;
      errors: { formError?: string; fields?: Record<string, string> };
      values: Record<string, string>;
    };

/** The drafts of the quotas as they are, to send back with one changed, added or removed. */
export function draftsOf(quotas: QuotaRowView[]): QuotaDraft[] {
  return quotas.map((quota) => ({
    id: quota.id,
    name: quota.name,
    size: quota.size,
    date_id: quota.dateId,
    ticket_ids: quota.tickets.map((ticket) => ticket.id),
  }));
}
