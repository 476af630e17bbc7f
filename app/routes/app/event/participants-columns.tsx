import type { TFunction } from "i18next";
import { Link } from "react-router";
import { selectColumn } from "~/components/data-table/select-column";
import { EmailCell } from "~/components/data-table/email-cell";
import type { DataTableColumn } from "~/components/data-table/features";
import { Badge } from "~/components/ui/badge";
import { formatTableDateTime } from "~/components/data-table/table-date";
import type { ParticipantRow } from "#domain/participants/list-participants";
import { addonsText } from "#domain/participants/participant-addons";
import { answerColumnId, type AnswerColumn } from "#domain/participation-forms/answer-columns";
import { PaymentStatusBadge } from "./orders-status-badge";
import { participantPrice } from "./order-labels";

export { participantPrice };

// The default columns' widths add up to at most 930 px: the table's width on a 1280 px screen, so none is cut off
// there (tests/e2e/participants.spec.ts); wider screens share the rest in proportion.
export function participantColumns(options: {
  eventId: number;
  timezone: string;
  language: string;
  t: TFunction<"participants">;
}): DataTableColumn<ParticipantRow>[] {
  const { eventId, timezone, language, t } = options;
  const date = (value: number | null) => (value === null ? "—" : formatTableDateTime(value, language, timezone));
  return [
    selectColumn<ParticipantRow>(),
    // The header says "N°": the cell shows the number alone, so that six digits fit the column.
    {
      id: "id",
      header: t("columns.id"),
      size: 72,
      cell: ({ row }) => <span className="tabular-nums">{row.original.id}</span>,
    },
    {
      id: "name",
      header: t("columns.name"),
      size: 140,
      enableHiding: false,
      cell: ({ row }) => (
        <Link
          to={`/event/${eventId}/participants/${row.original.id}`}
          className="font-medium hover:underline"
          data-testid="participant-link"
        >
          {`${row.original.firstName} ${row.original.lastName}`.trim() || "—"}
        </Link>
      ),
    },
    { id: "email", header: t("columns.email"), size: 128, cell: ({ row }) => <EmailCell email={row.original.email} /> },
    {
      id: "ticket",
      header: t("columns.ticket"),
      size: 132,
      // The holder's add-ons (their order's, on its first holder: decision 0045) under the ticket, not as rows.
      cell: ({ row }) => {
        const addons = addonsText(row.original.addons);
        return (
          <span className="flex min-w-0 flex-col">
            <span className="truncate">{row.original.ticketTitle}</span>
            {addons ? (
              <span className="truncate text-xs text-muted-foreground" title={addons} data-testid="participant-addons">
                {t("addons", { list: addons })}
              </span>
            ) : null}
          </span>
        );
      },
    },
    {
      id: "price",
      header: t("columns.price"),
      size: 76,
      cell: ({ row }) => participantPrice(row.original.price, t, language),
    },
    {
      id: "order",
      header: t("columns.order"),
      size: 128,
      cell: ({ row }) => (
        <Link to={`/event/${eventId}/orders/${row.original.orderId}`} className="hover:underline">
          #{row.original.orderId}
        </Link>
      ),
    },
    {
      id: "order_status",
      header: t("columns.order_status"),
      size: 96,
      cell: ({ row }) => <PaymentStatusBadge status={row.original.orderStatus} />,
    },
    {
      id: "check_in",
      header: t("columns.check_in"),
      size: 116,
      cell: ({ row }) =>
        row.original.isIn ? (
          <Badge variant="success">{t("check-in.in")}</Badge>
        ) : row.original.lastValidationAt !== null ? (
          <Badge variant="secondary">{t("check-in.out")}</Badge>
        ) : (
          <span className="text-muted-foreground">{t("check-in.never")}</span>
        ),
    },
    {
      id: "promo_code_key",
      header: t("columns.promo_code_key"),
      cell: ({ row }) => row.original.promoCodeKey ?? "—",
    },
    {
      id: "last_validation",
      header: t("columns.last_validation"),
      size: 144,
      cell: ({ row }) => date(row.original.lastValidationAt),
    },
    { id: "created_at", header: t("columns.created_at"), size: 144, cell: ({ row }) => date(row.original.createdAt) },
    { id: "event_date", header: t("columns.event_date"), size: 144, cell: ({ row }) => date(row.original.eventDate) },
  ];
}

/** One column per form question (decision 0040), hidden until shown from the Colonnes menu; not sortable. */
export function answerColumnsOf<Row extends { answers: Record<string, string> }>(
  questions: readonly Pick<AnswerColumn, "formType" | "questionId" | "title">[],
): DataTableColumn<Row>[] {
  return questions.map((question) => {
    const id = answerColumnId(question.formType, question.questionId);
    return {
      id,
      header: question.title,
      size: 160,
      cell: ({ row }) => {
        const answer = row.original.answers[id];
        return answer ? (
          <span className="block truncate" title={answer}>
            {answer}
          </span>
        ) : (
          <span className="text-muted-foreground">—</span>
        );
      },
    };
  });
}
