import type { PublishReadiness } from "#domain/events/change-event-status";

/**
 * The branches of the spec §4 publish flow, apart from the dialog that shows them: which step opens the dialog, which
 * step follows the visibility choice, what 'Publier quand même' leads to, and which step answers a refusal.
 *
 * Order for a draft: what is missing first ('incomplete': a title and a start date are required, nothing else can be
 * answered before), then the visibility, then 'Publier sans billets ?' (the client's question: the server publishes
 * without tickets), then the payment account, then the confirmation of a start date already past.
 *
 * 'Publier plus tard' closes the flow and leaves the event as a draft, with a toast that says where to publish it
 * later (the header's 'Publier' button); 'Retour' goes back one step inside the dialog.
 */
export type { PublishReadiness };
export type PublishStep = "incomplete" | "visibility" | "no-tickets" | "payment" | "past-start";

/** The step the dialog opens on: what is missing when a draft cannot be published yet, else the visibility. */
export function firstPublishStep(readiness: PublishReadiness | null, published: boolean): "incomplete" | "visibility" {
  return !published && readiness && readiness.missing.length > 0 ? "incomplete" : "visibility";
}

/** After the visibility step: the no-tickets question, the payment-account prompt, the past-start check, or publish. */
export function stepAfterVisibility(readiness: PublishReadiness | null, published: boolean): PublishStep | "publish" {
  // Changing the visibility of a published event asks nothing more: the questions were answered when publishing.
  if (published || !readiness) return "publish";
  if (readiness.missing.length > 0) return "incomplete";
  if (!readiness.hasTickets) return "no-tickets";
  return stepAfterPublishAnyway(readiness);
}

/**
 * 'Publier quand même' answers the no-tickets question only: a paid add-on still needs the payment account, which
 * the server would refuse (409) anyway, and a past start date still asks its confirmation.
 */
export function stepAfterPublishAnyway(readiness: PublishReadiness | null): "payment" | "past-start" | "publish" {
  if (readiness?.needsPaymentAccount) return "payment";
  if (readiness?.startsInPast) return "past-start";
  return "publish";
}

/**
 * The step that answers a refusal of the server when the readiness the page had was stale (a ticket price changed,
 * the title emptied meanwhile); null for any other failure.
 */
export function stepForPublishRefusal(reason: string | undefined): Exclude<PublishStep, "visibility"> | null {
  if (reason === "publish_incomplete") return "incomplete";
  if (reason === "payment_account_required") return "payment";
  return null;
}
