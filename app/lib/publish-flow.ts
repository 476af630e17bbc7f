/**
 * The branches of the spec §4 publish flow, apart from the dialog that shows them: which step follows the visibility
 * choice, what 'Publier quand même' leads to, and which step answers a refusal of the server.
 */
export type PublishStep = "visibility" | "no-tickets" | "payment";
export type PublishReadiness = { hasTickets: boolean; needsPaymentAccount: boolean };

/** After the visibility step: the no-tickets question, the payment-account prompt, or publishing now. */
export function stepAfterVisibility(readiness: PublishReadiness | null, published: boolean): PublishStep | "publish" {
  // Changing the visibility of a published event asks nothing more: the questions were answered when publishing.
  if (published || !readiness) return "publish";
  if (!readiness.hasTickets) return "no-tickets";
  if (readiness.needsPaymentAccount) return "payment";
  return "publish";
}

/**
 * 'Publier quand même' answers the no-tickets question only: a paid add-on still needs the payment account, which
 * the server would refuse (409) anyway, so the flow goes on to that step instead.
 */
export function stepAfterPublishAnyway(readiness: PublishReadiness | null): "payment" | "publish" {
  return readiness?.needsPaymentAccount ? "payment" : "publish";
}

/**
 * The step that answers a refusal of the server when the readiness the page had was stale (a ticket deleted, a price
 * changed meanwhile); null for any other failure.
 */
export function stepForPublishRefusal(messageKey: string | undefined): Exclude<PublishStep, "visibility"> | null {
  if (messageKey === "events:errors.no-tickets") return "no-tickets";
  if (messageKey === "events:errors.payment-account-required") return "payment";
  return null;
}
