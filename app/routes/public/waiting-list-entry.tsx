import { CalendarDays, CircleCheck, Hourglass, LinkIcon, Ticket } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, isRouteErrorResponse, useNavigation, useRouteError } from "react-router";
import { formatDateRange, formatDateTimeWithZone } from "#domain/shared/format";
import { isAppError } from "#domain/shared/app-error";
import { getWaitingListEntry } from "#domain/waiting-list/get-waiting-list-entry";
import { leaveWaitingList } from "#domain/waiting-list/leave-waiting-list";
import { offerFreedPlaces } from "#domain/waiting-list/offer-waiting-list-places";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { serverContext } from "~/server/context";
import type { Route } from "./+types/waiting-list-entry";

/**
 * Issue 28 §3: the person's own page of their waiting-list entry, reached from their confirmation email. The token in
 * the path is their credential; an unknown one answers 404.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db } = context.get(serverContext);
  const entry = await getWaitingListEntry(db, { token: params.token });
  if (!entry) throw data(null, { status: 404 });
  // Straight after joining (event-waiting-list.tsx): the page confirms it first.
  return { entry, token: params.token, joined: new URL(request.url).searchParams.get("joined") === "1" };
}

/** « Quitter la liste d'attente », confirmed in a dialog first. */
export async function action({ params, context }: Route.ActionArgs) {
  const { db, env, ctx } = context.get(serverContext);
  try {
    const left = await leaveWaitingList(db, { token: params.token });
    // An offer given back: its places go to the next person in line.
    if (left.previousStatus === "offered") ctx.waitUntil(offerFreedPlaces(db, env, { eventId: left.eventId }));
    return { ok: true as const };
  } catch (error) {
    if (isAppError(error) && error.code === "not_found") throw data(null, { status: 404 });
    if (isAppError(error)) return data({ ok: false as const, error: error.messageKey }, { status: 409 });
    throw error;
  }
}

export function headers() {
  // The token is in the URL: nothing keeps a copy, and no other site learns it.
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.entry.event.title} · Guichet` : "Guichet" }, { name: "robots", content: "noindex" }];
}

export default function WaitingListEntry({ loaderData, actionData }: Route.ComponentProps) {
  const { entry, token, joined } = loaderData;
  const { t, i18n } = useTranslation("waiting-list");
  const { t: tAny } = useTranslation();
  const navigation = useNavigation();
  const [confirming, setConfirming] = useState(false);
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const open = entry.status === "waiting" || entry.status === "offered";
  const eventUrl = `/events/${entry.event.id}`;

  return (
    <div className="min-h-svh bg-slate-50 text-slate-900">
      <main className="mx-auto grid min-h-svh max-w-xl place-items-center px-4 py-10">
        <div
          className="w-full space-y-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
          data-testid="waiting-list-entry"
          data-status={entry.status}
        >
          {joined && entry.status === "waiting" && !actionData ? (
            <div
              role="status"
              className="space-y-1 rounded-lg border border-emerald-300 bg-emerald-50 p-4"
              data-testid="waiting-list-joined"
            >
              <p className="flex items-center gap-2 font-semibold">
                <CircleCheck className="size-5 text-emerald-600" aria-hidden />
                {t("join.joined-title")}
              </p>
              {entry.position !== null ? (
                <p className="text-lg font-semibold">{t("join.joined-position", { position: entry.position })}</p>
              ) : null}
              <p className="text-sm text-slate-700">{t("join.joined-email")}</p>
            </div>
          ) : null}
          <div className="space-y-1">
            <p className="text-sm text-slate-600">{t("entry.heading")}</p>
            <h1 className="text-xl font-semibold wrap-anywhere">{entry.event.title}</h1>
            {entry.event.startAt !== null ? (
              <p className="flex items-center gap-1.5 text-sm text-slate-600">
                <CalendarDays className="size-4 shrink-0" aria-hidden />
                {formatDateRange(entry.event.startAt, entry.event.endAt, i18n.language, entry.event.timezone)}
              </p>
            ) : null}
          </div>

          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg bg-slate-50 p-4 text-sm">
            <dt className="flex items-center gap-1.5 text-slate-600">
              <Ticket className="size-4" aria-hidden />
              {t("entry.ticket")}
            </dt>
            <dd className="font-medium wrap-anywhere">{entry.ticketTitle}</dd>
            <dt className="text-slate-600">{t("entry.quantity")}</dt>
            <dd className="font-medium tabular-nums">{entry.quantity}</dd>
            {entry.position !== null ? (
              <>
                <dt className="text-slate-600">{t("entry.position")}</dt>
                <dd className="font-semibold tabular-nums" data-testid="waiting-list-entry-position">
                  {entry.position}
                </dd>
              </>
            ) : null}
          </dl>

          {actionData?.ok ? (
            <p role="status" className="flex items-center gap-2 font-medium" data-testid="waiting-list-left">
              <CircleCheck className="size-5 text-emerald-600" aria-hidden />
              {t("entry.left")}
            </p>
          ) : entry.status === "offered" && entry.offerExpiresAt !== null ? (
            <div className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4" data-testid="waiting-list-offer">
              <p className="font-semibold">
                {t("entry.offered", {
                  count: entry.offeredQuantity,
                  time: formatDateTimeWithZone(entry.offerExpiresAt, i18n.language, entry.event.timezone),
                })}
              </p>
              <p className="text-sm text-slate-700">{t("entry.offered-hint")}</p>
              <Button asChild>
                <a href={`${eventUrl}?offer=${encodeURIComponent(token)}`} data-testid="waiting-list-book">
                  {t("entry.book")}
                </a>
              </Button>
            </div>
          ) : entry.status === "waiting" && entry.position !== null ? (
            <p className="flex items-start gap-2 text-sm">
              <Hourglass className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />
              {t("entry.waiting", { position: entry.position })}
            </p>
          ) : (
            <p role="status" className="text-sm text-slate-700">
              {t(`entry.${entry.status === "booked" ? "booked" : entry.status === "expired" ? "expired" : "removed"}`)}
            </p>
          )}

          {actionData && !actionData.ok ? (
            <p role="alert" className="text-sm font-medium text-rose-700">
              {tAny(actionData.error as never)}
            </p>
          ) : null}

          <div className="flex flex-wrap items-center justify-between gap-3 border-t pt-4">
            <a href={eventUrl} className="text-sm font-medium underline-offset-4 hover:underline">
              {t("entry.back-to-event")}
            </a>
            {open && !actionData?.ok ? (
              <AlertDialog open={confirming} onOpenChange={setConfirming}>
                <AlertDialogTrigger asChild>
                  <Button variant="outline" disabled={busy} data-testid="waiting-list-leave">
                    {t("entry.leave")}
                  </Button>
                </AlertDialogTrigger>
                <AlertDialogContent>
                  <AlertDialogHeader>
                    <AlertDialogTitle>{t("entry.leave-title")}</AlertDialogTitle>
                    <AlertDialogDescription>{t("entry.leave-body")}</AlertDialogDescription>
                  </AlertDialogHeader>
                  <AlertDialogFooter>
                    <AlertDialogCancel>{t("entry.cancel")}</AlertDialogCancel>
                    <Form method="post" onSubmit={() => setConfirming(false)}>
                      <Button type="submit" variant="destructive" className="w-full" data-testid="waiting-list-leave-confirm">
                        {t("entry.leave-confirm")}
                      </Button>
                    </Form>
                  </AlertDialogFooter>
                </AlertDialogContent>
              </AlertDialog>
            ) : null}
          </div>
        </div>
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation("waiting-list");
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return (
    <div className="min-h-svh bg-slate-50 text-slate-900">
      <main className="mx-auto grid min-h-svh max-w-xl place-items-center px-4 py-10">
        <div role="alert" className="w-full space-y-3 rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
          <LinkIcon className="mx-auto size-10 text-slate-400" aria-hidden />
          <h1 className="text-xl font-semibold" data-testid="waiting-list-not-found">
            {t("entry.not-found-title")}
          </h1>
          <p className="text-slate-600">{t("entry.not-found-body")}</p>
        </div>
      </main>
    </div>
  );
}
