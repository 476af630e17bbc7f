import { BellOff, CircleCheck, LinkIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { readOptOutLink } from "#domain/attendee-messages/opt-out-link";
import { getOptOutEvent, optOutOfEventMessages } from "#domain/attendee-messages/opt-out-of-event-messages";
import { PublicStyles } from "~/components/public-event/public-styles";
import { serverContext } from "~/server/context";
import type { Route } from "./+types/message-opt-out";

type OptOutPage =
  | { state: "invalid" }
  | { state: "confirm"; eventTitle: string; email: string }
  | { state: "done"; eventTitle: string };

function linkOf(request: Request) {
  const params = new URL(request.url).searchParams;
  return { e: params.get("e"), a: params.get("a"), s: params.get("s") };
}

/**
 * Issue 27 §5: the link at the foot of an organizer's message. Opening it changes nothing (mail scanners and link
 * prefetchers open links); the person confirms with a POST. The signature names the event and the address, so nobody
 * stops somebody else's messages.
 */
export async function loader({ request, context }: Route.LoaderArgs): Promise<OptOutPage> {
  const { db, env } = context.get(serverContext);
  const link = readOptOutLink(env, linkOf(request));
  if (!link) return { state: "invalid" };
  const event = await getOptOutEvent(db, link.eventId);
  return event ? { state: "confirm", eventTitle: event.eventTitle, email: link.email } : { state: "invalid" };
}

export async function action({ request, context }: Route.ActionArgs): Promise<OptOutPage> {
  const { db, env } = context.get(serverContext);
  const link = readOptOutLink(env, linkOf(request));
  if (!link) return { state: "invalid" };
  const done = await optOutOfEventMessages(db, link);
  return done ? { state: "done", eventTitle: done.eventTitle } : { state: "invalid" };
}

export function headers() {
  // The signed address is in the URL: nothing keeps a copy, and no other site learns it.
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
}

export function meta() {
  return [{ title: "Guichet" }, { name: "robots", content: "noindex" }];
}

export default function MessageOptOut({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("attendee-messages");
  const page = actionData ?? loaderData;
  return (
    <div className="min-h-svh bg-slate-50 text-slate-900">
      <PublicStyles />
      <main className="mx-auto grid min-h-svh max-w-xl place-items-center px-4 py-10">
        <div className="w-full space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm" data-testid="opt-out">
          {page.state === "invalid" ? (
            <div role="alert" className="space-y-3 text-center">
              <LinkIcon className="mx-auto size-10 text-slate-400" aria-hidden />
              <h1 className="text-xl font-semibold">{t("opt-out.invalid-title")}</h1>
              <p className="text-slate-600">{t("opt-out.invalid")}</p>
            </div>
          ) : page.state === "done" ? (
            <div role="status" className="space-y-3 text-center" data-testid="opt-out-done">
              <CircleCheck className="mx-auto size-10 text-emerald-600" aria-hidden />
              <h1 className="text-xl font-semibold wrap-anywhere">{page.eventTitle}</h1>
              <p>{t("opt-out.done")}</p>
            </div>
          ) : (
            <div className="space-y-4">
              <BellOff className="size-10 text-slate-400" aria-hidden />
              <div className="space-y-1">
                <p className="text-sm text-slate-600">{t("opt-out.event")}</p>
                <h1 className="text-xl font-semibold wrap-anywhere">{page.eventTitle}</h1>
              </div>
              <p className="text-sm text-slate-600">{t("opt-out.explain", { email: page.email })}</p>
              <Form method="post" replace>
                <button
                  type="submit"
                  className="inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-slate-900 px-4 py-2 text-center text-sm font-semibold text-white hover:bg-slate-800 focus-visible:ring-2 focus-visible:ring-slate-900 focus-visible:ring-offset-2 focus-visible:outline-none"
                  data-testid="opt-out-confirm"
                >
                  {t("opt-out.confirm")}
                </button>
              </Form>
            </div>
          )}
        </div>
      </main>
    </div>
  );
}
