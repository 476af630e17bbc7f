import { ArrowLeft, ArrowLeftRight, Copy, Pencil, Trash2 } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Link, redirect, useFetcher } from "react-router";
import { toast } from "~/lib/toast";
import * as v from "valibot";
import { DELETE_CONFIRMATION_WORD } from "#domain/events/event-input-schema";
import { orderTicketsUrl } from "#domain/order-documents/order-links";
import { changeParticipantTicket, TICKET_FIELD } from "#domain/participants/change-participant-ticket";
import { deleteParticipant } from "#domain/participants/delete-participant";
import { getParticipant } from "#domain/participants/get-participant";
import { participantEditSchema, updateParticipant } from "#domain/participants/update-participant";
import { updateParticipantAnswers } from "#domain/participants/update-participant-answers";
import { notFound } from "#domain/shared/app-error";
import { parseId, requireId } from "#domain/shared/ids";
import { EventPageErrorBoundary } from "~/components/event/event-page-error";
import { FieldError, FormError } from "~/components/form-error";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "~/components/ui/alert-dialog-lazy";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog-lazy";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Spinner } from "~/components/ui/spinner";
import { formatDateTime, formatMoney } from "#domain/shared/format";
import { useFocusFirstInvalid } from "~/lib/use-focus-first-invalid";
import { serverContext } from "~/server/context";
import { parseForm } from "~/server/forms.server";
import { getSignedIn } from "~/server/guards.server";
import { actionError, loaderError } from "~/server/route-errors.server";
import { PaymentStatusBadge } from "./orders-status-badge";
import { answersFromForm, EditAnswersDialog } from "./participants-answers-dialog";
import { participantPrice } from "./order-labels";
import { ChangeTicketDialog } from "./participants-ticket-dialog";
import type { Route } from "./+types/participants-detail";
import { boundedString, SHORT_TEXT_MAX_LENGTH } from "#domain/shared/bounded-string";
import { offerFreedPlaces } from "#domain/waiting-list/offer-waiting-list-places";

export function meta({ loaderData }: Route.MetaArgs) {
  const p = loaderData?.detail.participant;
  return [{ title: p ? `${p.firstName} ${p.lastName} · Guichet` : "Guichet" }];
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { actor } = getSignedIn(context);
  const { db, env } = context.get(serverContext);
  try {
    const eventId = parseId(params.event_id);
    const participantId = parseId(params.pid);
    if (eventId === null || participantId === null) throw notFound("participants:errors.not-found");
    const detail = await getParticipant(db, actor, { eventId, participantId });
    const appUrl = env.APP_URL || new URL(request.url).origin;
    return {
      eventId,
      detail,
      ticketsLink: orderTicketsUrl(appUrl, detail.order.id, detail.order.accessToken),
    };
  } catch (error) {
    return loaderError(error);
  }
}

const actionSchema = v.variant("intent", [
  v.object({
    intent: v.literal("update"),
    ...participantEditSchema.entries,
  }),
  v.object({ intent: v.literal("delete"), confirmation: v.optional(boundedString(SHORT_TEXT_MAX_LENGTH), "") }),
  // The answers are read from the form by answersFromForm: their field names are the event's question ids.
  v.object({ intent: v.literal("answers") }),
  v.object({ intent: v.literal("ticket"), [TICKET_FIELD]: v.optional(boundedString(SHORT_TEXT_MAX_LENGTH), "") }),
]);

export async function action({ request, params, context }: Route.ActionArgs) {
  const { actor } = getSignedIn(context);
  const { db, env } = context.get(serverContext);
  const form = await request.clone().formData();
  const parsed = await parseForm(request, actionSchema);
  if (!parsed.ok) return data({ ok: false as const, errors: parsed.errors, values: parsed.values }, { status: 400 });
  const input = parsed.data;
  try {
    const eventId = requireId(params.event_id, "events:errors.not-found");
    const participantId = requireId(params.pid);
    if (input.intent === "update") {
      await updateParticipant(db, actor, { participantId, eventId, changes: input });
      return { ok: true as const, intent: "update" as const };
    }
    if (input.intent === "answers") {
      await updateParticipantAnswers(db, actor, { participantId, eventId, answers: answersFromForm(form) });
      return { ok: true as const, intent: "answers" as const };
    }
    if (input.intent === "ticket") {
      const ticketId = Number(input.ticket);
      await changeParticipantTicket(db, actor, {
        participantId,
        eventId,
        ticketId: Number.isSafeInteger(ticketId) ? ticketId : 0,
      });
      // The place left on the former ticket may go to someone waiting for it.
      await offerFreedPlaces(db, env, { eventId });
      return { ok: true as const, intent: "ticket" as const };
    }
    await deleteParticipant(db, actor, { participantId, eventId, confirmation: input.confirmation });
    await offerFreedPlaces(db, env, { eventId });
    throw redirect(`/event/${eventId}/participants?deleted=1`);
  } catch (error) {
    if (error instanceof Response) throw error;
    return actionError(error, { intent: input.intent });
  }
}

export { EventPageErrorBoundary as ErrorBoundary };

type ActionAnswer = Awaited<ReturnType<typeof action>> extends infer A ? (A extends { data: infer D } ? D : A) : never;

export default function ParticipantDetail({ loaderData }: Route.ComponentProps) {
  const { eventId, detail, ticketsLink } = loaderData;
  const { participant, order, lines, timezone } = detail;
  const { t, i18n } = useTranslation("participants");
  const [editOpen, setEditOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [answersOpen, setAnswersOpen] = useState(false);
  const [ticketOpen, setTicketOpen] = useState(false);
  const date = (value: number) => formatDateTime(value, i18n.language, timezone);
  const price = (cents: number) => participantPrice(cents, t, i18n.language);

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(ticketsLink);
      toast.success(t("detail.link-copied"));
    } catch {
      toast.error(t("detail.link-copy-failed"));
    }
  };

  return (
    <section className="flex min-w-0 flex-col gap-4" aria-labelledby="participant-title">
      <div>
        <Button variant="ghost" size="sm" asChild className="-ml-2">
          <Link to={`/event/${eventId}/participants`}>
            <ArrowLeft />
            {t("back")}
          </Link>
        </Button>
      </div>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="participant-title" className="truncate text-xl font-semibold">
            {`${participant.firstName} ${participant.lastName}`.trim()}
          </h2>
          <p className="truncate text-sm text-muted-foreground">{participant.email}</p>
          <p className="text-sm text-muted-foreground">
            #{participant.id} · {participant.ticketTitle} · {price(participant.price)}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => void copyLink()} data-testid="copy-tickets-link">
            <Copy />
            {t("detail.copy-link")}
          </Button>
          {detail.canManage ? (
            <>
              <Button variant="outline" size="sm" onClick={() => setEditOpen(true)} data-testid="participant-edit">
                <Pencil />
                {t("edit.open")}
              </Button>
              <Button
                variant="outline"
                size="sm"
                onClick={() => setDeleteOpen(true)}
                className="text-destructive"
                data-testid="participant-delete"
              >
                <Trash2 />
                {t("delete.open")}
              </Button>
            </>
          ) : null}
        </div>
      </div>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2 [&>*]:min-w-0">
        <Card>
          <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
            <CardTitle>{t("detail.tickets")}</CardTitle>
            {detail.ticketChoices ? (
              <Button variant="outline" size="sm" onClick={() => setTicketOpen(true)} data-testid="participant-ticket">
                <ArrowLeftRight aria-hidden />
                {t("ticket-change.open")}
              </Button>
            ) : null}
          </CardHeader>
          <CardContent>
            <ul className="divide-y text-sm" data-testid="participant-lines">
              {lines.map((line) => (
                <li key={line.id} className="flex items-center justify-between gap-3 py-2">
                  <span className="min-w-0">
                    <span className="block truncate font-medium">
                      {line.ticketTitle}{" "}
                      {line.ticketType === "addon" ? <Badge variant="outline">{t("addon")}</Badge> : null}
                    </span>
                    <span className="block truncate text-muted-foreground">
                      {line.id === participant.id ? t("detail.this-ticket") : `#${line.id} · ${line.name}`}
                    </span>
                  </span>
                  <span className="shrink-0 tabular-nums">{price(line.price)}</span>
                </li>
              ))}
            </ul>
            <div className="mt-2 flex justify-between border-t pt-3 text-sm font-semibold">
              <span>{t("detail.sum")}</span>
              <span className="tabular-nums" data-testid="participant-sum">
                {price(detail.sum)}
              </span>
            </div>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t("detail.order")}</CardTitle>
          </CardHeader>
          <CardContent className="space-y-2 text-sm">
            <div className="flex items-center justify-between gap-3">
              <Link to={`/event/${eventId}/orders/${order.id}`} className="font-medium hover:underline">
                {t("detail.order-link", { id: order.id })}
              </Link>
              <PaymentStatusBadge status={order.status} />
            </div>
            <p className="text-muted-foreground">{t("detail.purchased-at", { date: date(order.createdAt) })}</p>
            <p>
              <span className="text-muted-foreground">{t("detail.buyer")} </span>
              {`${order.firstName} ${order.lastName}`.trim()} · {order.email}
            </p>
            <p className="tabular-nums">{formatMoney(order.amount, i18n.language)}</p>
          </CardContent>
        </Card>

        <Answers title={t("detail.order-answers")} answers={detail.orderAnswers} empty={t("detail.no-answers")} />
        <Answers
          title={t("detail.participant-answers")}
          answers={detail.participantAnswers}
          empty={t("detail.no-answers")}
          action={
            detail.answerForm ? (
              <Button variant="outline" size="sm" onClick={() => setAnswersOpen(true)}>
                <Pencil aria-hidden />
                {t("answers-edit.open")}
              </Button>
            ) : null
          }
        />

        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>{t("detail.history")}</CardTitle>
          </CardHeader>
          <CardContent>
            {detail.entries.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t("detail.no-history")}</p>
            ) : (
              <ul className="divide-y text-sm">
                {detail.entries.map((entry) => (
                  <li key={entry.id} className="flex flex-wrap items-center gap-3 py-2">
                    <Badge variant={entry.isIn ? "success" : "secondary"}>
                      {entry.isIn ? t("detail.entry-in") : t("detail.entry-out")}
                    </Badge>
                    <span>{date(entry.validatedAt)}</span>
                    {entry.validatedBy ? (
                      <span className="text-muted-foreground">{t("detail.by", { name: entry.validatedBy })}</span>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>

        {detail.changes.length > 0 ? (
          <Card className="lg:col-span-2" data-testid="participant-changes">
            <CardHeader>
              <CardTitle>{t("detail.changes")}</CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="divide-y text-sm">
                {detail.changes.map((change) => (
                  <li key={change.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                    <Badge variant={change.kind === "transfer" ? "warning" : "secondary"}>
                      {change.kind === "transfer" ? t("detail.change-transfer") : t("detail.change-edit")}
                    </Badge>
                    <span>{date(change.at)}</span>
                    <span className="min-w-0 wrap-anywhere text-muted-foreground">
                      {`${change.previousName} <${change.previousEmail}> → ${change.name} <${change.email}>`}
                      {change.answersChanged ? ` ${t("detail.change-answers")}` : ""}
                    </span>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        ) : null}
      </div>

      {detail.canManage ? (
        <>
          <EditParticipantDialog open={editOpen} onOpenChange={setEditOpen} participant={participant} />
          {detail.answerForm ? (
            <EditAnswersDialog
              open={answersOpen}
              onOpenChange={setAnswersOpen}
              questions={detail.answerForm.questions}
              values={detail.answerForm.values}
            />
          ) : null}
          {detail.ticketChoices ? (
            <ChangeTicketDialog
              open={ticketOpen}
              onOpenChange={setTicketOpen}
              current={{ ticketId: participant.ticketId, ticketTitle: participant.ticketTitle }}
              choices={detail.ticketChoices}
            />
          ) : null}
          <DeleteParticipantDialog open={deleteOpen} onOpenChange={setDeleteOpen} free={participant.price === 0} />
        </>
      ) : null}
    </section>
  );
}

function Answers(props: {
  title: string;
  answers: { questionId: string; questionTitle: string; value: string | boolean }[];
  empty: string;
  action?: React.ReactNode;
}) {
  const { t } = useTranslation("participants");
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>{props.title}</CardTitle>
        {props.action}
      </CardHeader>
      <CardContent>
        {props.answers.length === 0 ? (
          <p className="text-sm text-muted-foreground">{props.empty}</p>
        ) : (
          <dl className="space-y-2 text-sm">
            {props.answers.map((answer, i) => (
              <div key={`${answer.questionId}-${i}`}>
                <dt className="text-muted-foreground">{answer.questionTitle || answer.questionId}</dt>
                <dd className="break-words">
                  {typeof answer.value === "boolean"
                    ? t(answer.value ? "detail.answer-yes" : "detail.answer-no")
                    : answer.value || "—"}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </CardContent>
    </Card>
  );
}

function EditParticipantDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  participant: { firstName: string; lastName: string; email: string };
}) {
  const { t } = useTranslation("participants");
  const { t: tAny } = useTranslation();
  const fetcher = useFetcher<ActionAnswer>({ key: "participant-edit" });
  const formRef = useRef<HTMLFormElement>(null);
  const ids = useId();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const errors = answer && !answer.ok ? answer.errors : undefined;
  useFocusFirstInvalid(formRef, errors);
  const [seen, setSeen] = useState(answer);
  const { onOpenChange } = props;
  useEffect(() => {
    if (answer === seen) return;
    setSeen(answer);
    if (answer?.ok) {
      toast.success(t("toasts.updated"));
      onOpenChange(false);
    }
  }, [answer, seen, t, onOpenChange]);
  const busy = fetcher.state !== "idle";
  const field = (name: "first_name" | "last_name" | "email", label: string, value: string, type = "text") => (
    <div className="grid gap-1.5">
      <Label htmlFor={`${ids}-${name}`}>{label}</Label>
      <Input
        id={`${ids}-${name}`}
        name={name}
        type={type}
        defaultValue={value}
        aria-invalid={errors?.fields?.[name] ? true : undefined}
        aria-describedby={`${ids}-${name}-error`}
      />
      <FieldError
        id={`${ids}-${name}-error`}
        message={errors?.fields?.[name] ? tAny(errors.fields[name] as never) : null}
      />
    </div>
  );
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("edit.title")}</DialogTitle>
          <DialogDescription className="sr-only">{t("edit.title")}</DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" ref={formRef} className="grid gap-4" noValidate>
          <input type="hidden" name="intent" value="update" />
          <FormError message={errors?.formError ? tAny(errors.formError as never) : null} />
          {field("first_name", t("edit.first-name"), props.participant.firstName)}
          {field("last_name", t("edit.last-name"), props.participant.lastName)}
          {field("email", t("edit.email"), props.participant.email, "email")}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => props.onOpenChange(false)}>
              {t("edit.cancel")}
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? <Spinner /> : null}
              {t("edit.submit")}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

function DeleteParticipantDialog(props: { open: boolean; onOpenChange: (open: boolean) => void; free: boolean }) {
  const { t } = useTranslation("participants");
  const { t: tAny } = useTranslation();
  const fetcher = useFetcher<ActionAnswer>({ key: "participant-delete" });
  const [typed, setTyped] = useState("");
  const inputId = useId();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const [seen, setSeen] = useState(answer);
  useEffect(() => {
    if (answer === seen) return;
    setSeen(answer);
    if (answer && !answer.ok && answer.errors.formError) toast.error(tAny(answer.errors.formError as never));
  }, [answer, seen, tAny]);
  const busy = fetcher.state !== "idle";
  const matches = typed === DELETE_CONFIRMATION_WORD;
  return (
    <AlertDialog
      open={props.open}
      onOpenChange={(open) => {
        if (!open) setTyped("");
        props.onOpenChange(open);
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t("delete.title")}</AlertDialogTitle>
          <AlertDialogDescription>{t("delete.warning")}</AlertDialogDescription>
        </AlertDialogHeader>
        {props.free ? null : (
          <p className="rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm text-destructive">
            {t("delete.paid-hint")}
          </p>
        )}
        <fetcher.Form method="post" className="grid gap-3" id={`${inputId}-form`}>
          <input type="hidden" name="intent" value="delete" />
          <Label htmlFor={inputId}>{t("delete.type-keyword", { keyword: DELETE_CONFIRMATION_WORD })}</Label>
          <Input
            id={inputId}
            name="confirmation"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            data-testid="delete-confirmation"
          />
        </fetcher.Form>
        <AlertDialogFooter>
          <AlertDialogCancel>{t("delete.cancel")}</AlertDialogCancel>
          <Button type="submit" form={`${inputId}-form`} variant="destructive" disabled={!matches || busy}>
            {busy ? <Spinner /> : null}
            {t("delete.confirm")}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
