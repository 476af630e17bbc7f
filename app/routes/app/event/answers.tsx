import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { summarizeAnswers, type AnswerSummary } from "#domain/participation-forms/summarize-answers";
import { formatNumber, intlLocale } from "#domain/shared/format";
import { requireId } from "#domain/shared/ids";
import { EventPageErrorBoundary } from "~/components/event/event-page-error";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { ANSWERED, answerColumnId, participantsFilteredHref } from "~/lib/answer-columns";
import { eventPath } from "~/lib/event-navigation";
import { serverContext } from "~/server/context";
import { getSignedIn } from "~/server/guards.server";
import { loaderError } from "~/server/route-errors.server";
import { getKnownEvent } from "~/server/session.server";
import type { Route } from "./+types/answers";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { actor } = getSignedIn(context);
  const { db } = context.get(serverContext);
  try {
    const eventId = requireId(params.event_id, "events:errors.not-found");
    const summary = await summarizeAnswers(db, actor, { eventId, known: getKnownEvent(context, eventId) });
    return { eventId, ...summary };
  } catch (error) {
    return loaderError(error);
  }
}

export { EventPageErrorBoundary as ErrorBoundary };

function QuestionCard({
  eventId,
  question,
  asked,
}: {
  eventId: number;
  question: AnswerSummary;
  /** Orders (order form) or participants (participant form) who could answer. */
  asked: number;
}) {
  const { t, i18n } = useTranslation("participants");
  const number = (value: number) => formatNumber(value, i18n.language);
  const percent = new Intl.NumberFormat(intlLocale(i18n.language), { style: "percent", maximumFractionDigits: 0 });
  const columnId = answerColumnId(question.formType, question.questionId);
  const titleId = `answers-${columnId}`;
  const choice = question.options.length > 0;
  const largest = Math.max(1, ...question.options.map((option) => option.count));
  return (
    <Card className="min-w-0 gap-4" aria-labelledby={titleId} data-testid="answers-question">
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle className="min-w-0 break-words">
            <h3 id={titleId}>{question.title}</h3>
          </CardTitle>
          <Badge variant="secondary">{t(`answers.form.${question.formType}`)}</Badge>
        </div>
        <CardDescription>
          {t(question.formType === "before" ? "answers.answered-orders" : "answers.answered-participants", {
            count: asked,
            answered: number(question.answered),
            total: number(asked),
          })}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {choice ? (
          <Table className="table-fixed">
            <TableCaption className="sr-only">{question.title}</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead className="whitespace-normal">{t("answers.option")}</TableHead>
                <TableHead className="w-20 text-right whitespace-normal sm:w-24">{t("answers.count")}</TableHead>
                <TableHead className="w-[38%] whitespace-normal">{t("answers.share")}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {question.options.map((option) => {
                const share = question.answered > 0 ? option.count / question.answered : 0;
                return (
                  <TableRow key={option.id} data-option={option.title}>
                    <TableCell className="whitespace-normal break-words">
                      {option.count > 0 ? (
                        <Link
                          className="underline decoration-muted-foreground/50 underline-offset-4 hover:decoration-foreground"
                          to={participantsFilteredHref(eventId, columnId, [option.id])}
                        >
                          {option.title}
                        </Link>
                      ) : (
                        option.title
                      )}
                    </TableCell>
                    <TableCell className="text-right tabular-nums" data-testid="answers-count">
                      {number(option.count)}
                    </TableCell>
                    <TableCell>
                      <div className="flex items-center gap-2">
                        <div className="h-2.5 min-w-0 flex-1 overflow-hidden rounded-full bg-muted" aria-hidden>
                          <div
                            className="h-full rounded-full bg-primary"
                            style={{ width: `${(option.count / largest) * 100}%` }}
                          />
                        </div>
                        <span className="w-10 shrink-0 text-right text-xs text-muted-foreground tabular-nums">
                          {percent.format(share)}
                        </span>
                      </div>
                    </TableCell>
                  </TableRow>
                );
              })}
              {question.otherChoices > 0 ? (
                <TableRow>
                  <TableCell className="whitespace-normal text-muted-foreground">
                    {t("answers.deleted-options")}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{number(question.otherChoices)}</TableCell>
                  <TableCell />
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        ) : null}
        {question.answered > 0 ? (
          <div>
            <Button variant="outline" size="sm" asChild>
              <Link to={participantsFilteredHref(eventId, columnId, [ANSWERED])}>{t("answers.see-participants")}</Link>
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The "Réponses" view (issue 25 item 2): each question's answers counted, options as bars over an accessible table. */
export default function Answers({ loaderData }: Route.ComponentProps) {
  const { eventId, questions, orders, participants } = loaderData;
  const { t } = useTranslation("participants");
  return (
    <section className="flex min-w-0 flex-col gap-4" aria-labelledby="answers-title">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="answers-title" className="text-xl font-semibold">
            {t("answers.title")}
          </h2>
          <p className="text-sm text-muted-foreground">{t("answers.description")}</p>
        </div>
        <Button variant="outline" size="sm" asChild>
          <Link to={eventPath(eventId, "order-fields")}>{t("answers.edit-forms")}</Link>
        </Button>
      </div>
      {questions.length === 0 ? (
        <div className="rounded-xl border border-dashed bg-background px-6 py-12 text-center">
          <p className="font-medium">{t("answers.empty-title")}</p>
          <p className="mt-1 text-sm text-muted-foreground">{t("answers.empty-hint")}</p>
        </div>
      ) : (
        <div className="grid min-w-0 grid-cols-1 gap-4 xl:grid-cols-2">
          {questions.map((question) => (
            <QuestionCard
              key={`${question.formType}:${question.questionId}`}
              eventId={eventId}
              question={question}
              asked={question.formType === "before" ? orders : participants}
            />
          ))}
        </div>
      )}
    </section>
  );
}
