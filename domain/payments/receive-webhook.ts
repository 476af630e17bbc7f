import { PaymentsUnavailableError, type ProviderEvent } from "#adapters/payments";
import type { Database } from "#db/database";
import { handleProviderEvent, type HandledEvent, type ProviderEventDeps } from "./handle-provider-event";

export type WebhookReceipt =
  | { status: 200; result: HandledEvent }
  | { status: 400; error: "invalid_signature" }
  | { status: 503; error: "webhook_unconfigured" };

/**
 * One delivery of the provider's webhook, as it came over the wire: the signature is checked on the raw body before
 * anything is read or written, then the event goes to the one handler. The demo checkout sends its events through
 * here too, signed the same way.
 */
export async function receiveProviderWebhook(
  db: Database,
  deps: ProviderEventDeps,
  delivery: { payload: string; signature: string | null | undefined },
): Promise<WebhookReceipt> {
  let event: ProviderEvent;
  try {
    event = await deps.provider.verifyWebhook(delivery.payload, delivery.signature ?? "");
  } catch (error) {
    if (error instanceof PaymentsUnavailableError) return { status: 503, error: "webhook_unconfigured" };
    return { status: 400, error: "invalid_signature" };
  }
  return { status: 200, result: await handleProviderEvent(db, deps, event) };
}
