/** Spec §4 payment account connection states ("valid_conected" is the spec's spelling, kept for clients). */
export type PaymentAccountStatus = "not_connected" | "need_validation" | "valid_conected";

export function paymentAccountStatus(row: {
  connectedAccountId: string | null;
  isConnectedAccountValid: boolean;
}): PaymentAccountStatus {
  if (!row.connectedAccountId) return "not_connected";
  return row.isConnectedAccountValid ? "valid_conected" : "need_validation";
}
