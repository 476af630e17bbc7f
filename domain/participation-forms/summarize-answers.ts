import { and, eq, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { formAnswers, orders, salesFigures } from "#db/schema";
import { inEventScope, loadEventForActor, type KnownEvent } from "../events/event-access";
import { participantOrder } from "../orders/order-status";
import type { Actor } from "../shared/actor";
import { answerColumns, isChoiceQuestion, storedChoiceList } from "./answer-columns";
import { loadFormQuestions } from "./answer-labels";
import type { FormType, QuestionType } from "./question-schema";

export type AnswerSummaryOption = { id: string; title: string; count: number };

export type AnswerSummary = {
  formType: FormType;
  questionId: string;
  title: string;
  type: QuestionType;
  /** Orders (order form) or participants (participant form) that answered. */
  answered: number;
  /** Choice questions: every current option, in the form's order, with how many answers chose it. */
  options: AnswerSummaryOption[];
  /** Choices of options deleted since the answers were given. */
  otherChoices: number;
};

/** With the orders and the ticket holders (the dashboard's participants) who could have answered. */
export type AnswersSummary = { questions: AnswerSummary[]; orders: number; participants: number };

/**
 * The "Réponses" view of an event (issue 25 item 2, decision 0040): for each question of the order form and the
 * participant form, how many answered and, for a choice question, how many chose each option. Counted in SQL over the
 * stored answers (json_each over the lists of option ids), scoped by the event and its organization, over the orders
 * that hold participants (paid, manual, pending: the dashboard's participants) so that refunded or cancelled orders
 * do not count. Needs event:view, like the participants table.
 */
export async function summarizeAnswers(
  db: Database,
  actor: Actor,
  input: { eventId: number; known?: KnownEvent },
): Promise<AnswersSummary> {
  const { event } = await loadEventForActor(db, actor, input.eventId, "event:view-sales", input.known);
  const scope = and(inEventScope(formAnswers, event), participantOrder());
  const [answeredRows, choiceRows, people, questions] = await Promise.all([
    db
      .select({
        formType: formAnswers.formType,
        questionId: formAnswers.questionId,
        answered: sql<number>`count(*)`.mapWith(Number),
      })
      .from(formAnswers)
      .innerJoin(orders, eq(orders.id, formAnswers.orderId))
      .where(scope)
      .groupBy(formAnswers.formType, formAnswers.questionId),
    db
      .select({
        formType: formAnswers.formType,
        questionId: formAnswers.questionId,
        optionId: sql<string>`choice.value`,
        count: sql<number>`count(*)`.mapWith(Number),
      })
      .from(formAnswers)
      .innerJoin(orders, eq(orders.id, formAnswers.orderId))
      .innerJoin(sql`json_each(${storedChoiceList}) as choice`, sql`1 = 1`)
      .where(scope)
      .groupBy(formAnswers.formType, formAnswers.questionId, sql`choice.value`),
    db
      .select({
        orders: sql<number>`count(*)`.mapWith(Number),
        participants:
          sql<number>`(select ${salesFigures.participants} from ${salesFigures} where ${salesFigures.eventId} = ${event.id} and ${salesFigures.organizationId} = ${event.organizationId})`.mapWith(
            Number,
          ),
      })
      .from(orders)
      .where(and(inEventScope(orders, event), participantOrder())),
    loadFormQuestions(db, event),
  ]);
  const answered = new Map(answeredRows.map((row) => [`${row.formType}:${row.questionId}`, row.answered]));
  const chosen = new Map(choiceRows.map((row) => [`${row.formType}:${row.questionId}:${row.optionId}`, row.count]));
  const summaries = answerColumns(questions, ["before", "before-tickets"]).map((column): AnswerSummary => {
    const key = `${column.formType}:${column.questionId}`;
    const options = isChoiceQuestion(column.type)
      ? column.options.map((option) => ({ ...option, count: chosen.get(`${key}:${option.id}`) ?? 0 }))
      : [];
    const allChoices = choiceRows
      .filter((row) => row.formType === column.formType && row.questionId === column.questionId)
      .reduce((sum, row) => sum + row.count, 0);
    return {
      formType: column.formType,
      questionId: column.questionId,
      title: column.title,
      type: column.type,
      answered: answered.get(key) ?? 0,
      options,
      otherChoices: isChoiceQuestion(column.type)
        ? allChoices - options.reduce((sum, option) => sum + option.count, 0)
        : 0,
    };
  });
  return { questions: summaries, orders: people[0]?.orders ?? 0, participants: people[0]?.participants ?? 0 };
}
