import type { TicketSaleStatus, TicketStatusColor, TicketStatusExplanation } from "#domain/tickets/ticket-status";
import type { TicketTaxRateChoices } from "#domain/tickets/ticket-tax-rate";
import type { FormErrors } from "~/server/forms.server";

/** A ticket or add-on as the tickets pages show it (dates as ISO strings, money in cents). */
export type TicketView = {
  id: number;
  ticketType: "ticket" | "addon";
  title: string;
  description: string;
  detailedDescription: string;
  price: number;
  amount: number;
  purchased: number;
  /** Places held by orders awaiting payment (their deadline ahead): taken like sales until paid or expired. */
  held: number;
  sellStartAt: string | null;
  sellEndAt: string | null;
  minPerOrder: number;
  maxPerOrder: number;
  visibility: "visible" | "hidden";
  restricted: boolean;
  feesType: "included" | "added";
  showRemainingCount: boolean;
  /** Sold out, visitors may join its waiting list (tickets only). */
  waitingList: boolean;
  /** Its own VAT rate; null: the organization's default rate at the sale. */
  taxRateId: number | null;
  status: TicketSaleStatus;
  explanation: TicketStatusExplanation | null;
  color: TicketStatusColor;
  remaining: number | null;
};

export type TicketsPageData = {
  ticketType: "ticket" | "addon";
  eventId: number;
  timezone: string;
  eventCapacity: number;
  /** Nothing is on sale before the event is published: "En vente" then means "once published". */
  eventDraft: boolean;
  /** Sales of 'ticket' tickets, the ones counting toward the capacity. */
  ticketsPurchased: number;
  tickets: TicketView[];
  canUpdate: boolean;
  taxRates: TicketTaxRateChoices;
};

export type TicketsIntent = "create" | "update" | "delete" | "reorder" | "capacity";

export type TicketsActionResult =
  | { ok: true; intent: TicketsIntent; ticketId?: number }
  /** `values.intent` says which change was refused. */
  | { ok: false; errors: FormErrors; values: Record<string, string> };
