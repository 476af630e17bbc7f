export type OrderMessagesPageData = {
  eventId: number;
  confirmationPageMessage: string;
  emailPdfMessage: string;
  sendHolderTickets: boolean;
};

export type OrderMessagesActionResult =
  | { ok: true; confirmationPageMessage: string; emailPdfMessage: string; sendHolderTickets: boolean }
  | { ok: false; errors: { formError?: string; fields?: Record<string, string> }; values: Record<string, string> };
