import { readFormValues } from "~/server/forms.server";
import { data, type RouterContextProvider } from "react-router";
import * as v from "valibot";
import { eventMessagesSchema } from "#domain/event-messages/event-messages-schema";
import { getEventMessages } from "#domain/event-messages/get-event-messages";
import { updateEventMessages } from "#domain/event-messages/update-event-messages";
import { requireId } from "#domain/shared/ids";
import { issuesToFields } from "#domain/shared/validation";
import type {
  OrderMessagesActionResult,
  OrderMessagesPageData,
} from "~/components/event-messages/event-messages-types";
import { serverContext } from "~/server/context";
import { getSignedIn } from "~/server/guards.server";
import { actionError, loaderError } from "~/server/route-errors.server";

type Args = { params: Record<string, string | undefined>; context: Readonly<RouterContextProvider>; request: Request };

export async function loadOrderMessagesPage({ params, context }: Args): Promise<OrderMessagesPageData> {
  const { actor } = getSignedIn(context);
  const { db } = context.get(serverContext);
  try {
    const eventId = requireId(params.event_id, "events:errors.not-found");
    const messages = await getEventMessages(db, actor, { eventId });
    return { eventId, ...messages };
  } catch (error) {
    return loaderError(error);
  }
}

/** Saves both personalized messages (sanitized by the domain) and answers them as stored. */
export async function orderMessagesAction({ params, context, request }: Args) {
  const { actor } = getSignedIn(context);
  const { db } = context.get(serverContext);
  const values = await readFormValues(request);
  try {
    const eventId = requireId(params.event_id, "events:errors.not-found");
    const parsed = v.safeParse(eventMessagesSchema, {
      confirmation_page_message: values.confirmation_page_message,
      email_pdf_message: values.email_pdf_message,
      send_holder_tickets: values.send_holder_tickets === undefined ? undefined : values.send_holder_tickets === "true",
    });
    if (!parsed.success) {
      return data(
        {
          ok: false as const,
          errors: { fields: issuesToFields(parsed.issues), formError: "errors:invalid-input" },
          values,
        },
        { status: 400 },
      );
    }
    const saved = await updateEventMessages(db, actor, { eventId, messages: parsed.output });
    return { ok: true as const, ...saved } satisfies OrderMessagesActionResult;
  } catch (error) {
    return actionError(error, values);
  }
}
