import { and, asc, eq, isNull } from "drizzle-orm";
import type { Database } from "#db/database";
import { formAnswers, orders, participants } from "#db/schema";
import { loadEventForActor } from "../events/event-access";
import { loadFormQuestions, type ShownAnswer, shownAnswers } from "../participation-forms/answer-labels";
import { paymentStatus, type OrderBuyerAndMoney } from "./order-status";
import { canOnEvent } from "../policy";
import type { Actor } from "../shared/actor";
import { notFound } from "../shared/app-error";

export type OrderDetail = {
  order: OrderBuyerAndMoney & {
    promoCodeKey: string | null;
    createdAt: number;
    paidAt: number | null;
    /** Billing details as entered (JSON object of labelled fields), when the event asked for them. */
    billing: { label: string; value: string }[];
  };
  participants: {
    id: number;
    firstName: string;
    lastName: string;
    email: string;
    ticketTitle: string;
    ticketType: "ticket" | "addon";
    price: number;
  }[];
  answers: ShownAnswer[];
  timezone: string;
  canManage: boolean;
};

function billingFields(billing: string | null): { label: string; value: string }[] {
  if (!billing) return [];
  try {
    const parsed = JSON.parse(billing) as unknown;
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
      return Object.entries(parsed as Record<string, unknown>)
        .filter(([, value]) => value !== null && value !== undefined && String(value) !== "")
        .map(([label, value]) => ({ label, value: String(value) }));
    }
    return [{ label: "", value: String(parsed) }];
  } catch {
    return [{ label: "", value: billing }];
  }
}

/** The order page (spec §2): the order with its participants, amounts, billing details and order-form answers. */
export async function getOrder(
  db: Database,
  actor: Actor,
  input: { eventId: number; orderId: number; now?: number },
): Promise<OrderDetail> {
  const { event, scope } = await loadEventForActor(db, actor, input.eventId, "event:view-sales");
  const [order] = await db
    .select()
    .from(orders)
    .where(
      and(eq(orders.id, input.orderId), eq(orders.eventId, event.id), eq(orders.organizationId, event.organizationId)),
    )
    .limit(1);
  if (!order) throw notFound("orders:errors.not-found");
  const [people, answers, questions] = await Promise.all([
    db
      .select({
        id: participants.id,
        firstName: participants.firstName,
        lastName: participants.lastName,
        email: participants.email,
        ticketTitle: participants.ticketTitle,
        ticketType: participants.ticketType,
        price: participants.price,
      })
      .from(participants)
      .where(and(eq(participants.orderId, order.id), eq(participants.organizationId, event.organizationId)))
      .orderBy(asc(participants.ticketType), asc(participants.id)),
    db
      .select({
        formType: formAnswers.formType,
        questionId: formAnswers.questionId,
        questionTitle: formAnswers.questionTitle,
        value: formAnswers.value,
      })
      .from(formAnswers)
      .where(
        and(
          eq(formAnswers.orderId, order.id),
          eq(formAnswers.organizationId, event.organizationId),
          isNull(formAnswers.participantId),
        ),
      )
      .orderBy(asc(formAnswers.id)),
    loadFormQuestions(db, event),
  ]);
  return {
    order: {
      id: order.id,
      firstName: order.firstName,
      lastName: order.lastName,
      email: order.email,
      amount: order.amount,
      fees: order.fees,
      netAmount: order.netAmount,
      status: paymentStatus(order, input.now ?? Date.now()),
      checkoutTime: order.checkoutTime,
      promoCodeKey: order.promoCodeKey,
      createdAt: order.createdAt.getTime(),
      paidAt: order.paidAt?.getTime() ?? null,
      billing: billingFields(order.billing),
    },
    participants: people,
    answers: shownAnswers(questions, answers),
    timezone: event.timezone,
    canManage: canOnEvent(actor, "event:manage-sales", scope),
  };
}
