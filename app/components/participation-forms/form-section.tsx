import { GripVertical, Pencil, Plus, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Question } from "#domain/participation-forms/question-schema";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { cn } from "~/lib/utils";
import type { ParticipationFormView } from "./participation-form-types";
import { isChoiceType, isDefaultQuestion } from "./question-helpers";
import { type RowDrag, useLazySortableList } from "~/components/sortable/lazy-sortable";

type RowActions = {
  onEdit: (question: Question) => void;
  onDelete: (question: Question) => void;
  onToggleMandatory: (question: Question) => void;
};

/**
 * One form ('Champs de commande' or 'Champs participants'): the built-in question first and fixed, then the others,
 * reordered by drag (pointer, touch or keyboard; dnd-kit loads after the page: lazy-sortable.tsx); the new order is
 * only held here until the page saves it.
 */
export function FormSection({
  form,
  tickets,
  canUpdate,
  busy,
  onReorder,
  onAdd,
  ...actions
}: {
  form: ParticipationFormView;
  tickets: { id: number; title: string }[];
  canUpdate: boolean;
  busy: boolean;
  onReorder: (ids: string[]) => void;
  onAdd: () => void;
} & RowActions) {
  const { t } = useTranslation("order-forms");
  const builtIn = form.questions.filter(isDefaultQuestion);
  const custom = form.questions.filter((question) => !isDefaultQuestion(question));
  const ticketTitle = new Map(tickets.map((ticket) => [ticket.id, ticket.title]));
  // Spec §4: the built-in question shows as mandatory when single_fill is false or on the order-level form.
  const builtInMandatory = !form.singleFill || form.formType === "before";
  const sortable = useLazySortableList(canUpdate, "data-question-id");
  const row = (question: Question, drag: RowDrag | null) => (
    <SortableQuestionRow
      key={question.id}
      question={question}
      ticketTitle={ticketTitle}
      canUpdate={canUpdate}
      busy={busy}
      drag={drag}
      {...actions}
    />
  );

  return (
    <Card
      data-testid={`form-section-${form.formType}`}
      aria-labelledby={`form-section-${form.formType}-title`}
      role="region"
    >
      <CardHeader className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h3 id={`form-section-${form.formType}-title`} className="font-semibold">
            {t(`sections.${form.formType}.title`)}
          </h3>
          <p className="text-sm text-muted-foreground">{t(`sections.${form.formType}.description`)}</p>
        </div>
        {canUpdate ? (
          <Button variant="outline" size="sm" onClick={onAdd} data-testid={`question-add-${form.formType}`}>
            <Plus aria-hidden />
            {t("sections.add")}
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-3">
        <ul
          {...sortable.listProps}
          className="divide-y rounded-lg border"
          aria-label={t(`sections.${form.formType}.title`)}
          data-testid={`question-list-${form.formType}`}
        >
          {builtIn.map((question) => (
            <QuestionRow
              key={question.id}
              question={question}
              mandatoryShown={builtInMandatory}
              ticketTitle={ticketTitle}
              canUpdate={false}
              busy={busy}
              {...actions}
            />
          ))}
          {sortable.module ? (
            <sortable.module.SortableRows
              items={custom}
              keyboardHint={t("list.keyboard-hint")}
              onMove={(next) => onReorder(next.map((question) => question.id))}
            >
              {row}
            </sortable.module.SortableRows>
          ) : (
            custom.map((question) => row(question, null))
          )}
        </ul>
        {custom.length === 0 ? <p className="text-sm text-muted-foreground">{t("sections.empty")}</p> : null}
      </CardContent>
    </Card>
  );
}

type RowProps = {
  question: Question;
  ticketTitle: Map<number, string>;
  canUpdate: boolean;
  busy: boolean;
} & RowActions;

function SortableQuestionRow({ drag, ...props }: RowProps & { drag: RowDrag | null }) {
  const { t } = useTranslation("order-forms");
  return (
    <QuestionRow
      {...props}
      mandatoryShown={props.question.mandatory}
      rowRef={drag?.rowRef}
      style={drag?.style}
      dragging={drag?.isDragging}
      handle={
        props.canUpdate ? (
          <button
            type="button"
            ref={drag?.handleRef}
            {...drag?.handleProps}
            aria-label={t("question.drag", { title: props.question.title })}
            data-testid="question-drag-handle"
            className="flex h-9 w-6 cursor-grab touch-none items-center justify-center rounded text-muted-foreground hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none active:cursor-grabbing"
          >
            <GripVertical className="size-4" aria-hidden />
          </button>
        ) : undefined
      }
    />
  );
}

function QuestionRow({
  question,
  mandatoryShown,
  ticketTitle,
  canUpdate,
  busy,
  onEdit,
  onDelete,
  onToggleMandatory,
  rowRef,
  style,
  dragging,
  handle,
}: RowProps & {
  mandatoryShown: boolean;
  rowRef?: (node: HTMLElement | null) => void;
  style?: React.CSSProperties;
  dragging?: boolean;
  handle?: React.ReactNode;
}) {
  const { t } = useTranslation("order-forms");
  const builtIn = isDefaultQuestion(question);
  // The built-in question's stored title is the spec's French one: each language shows its own.
  const title = builtIn ? t("question.default-title") : question.title;
  // Text shown without a field asks nothing: neither mandatory nor optional.
  const asksNothing = question.type === "no-field";
  const targets = question.ticket_target
    .map((id) => ticketTitle.get(id))
    .filter((title): title is string => Boolean(title));
  const mandatoryLabel = mandatoryShown ? t("question.mandatory") : t("question.optional");

  return (
    <li
      ref={rowRef}
      style={style}
      data-testid="question-row"
      data-question-id={question.id}
      className={cn(
        "relative grid grid-cols-[1.5rem_minmax(0,1fr)] items-start gap-x-3 gap-y-2 bg-card px-3 py-3 first:rounded-t-lg last:rounded-b-lg sm:grid-cols-[1.5rem_minmax(0,1fr)_auto] sm:px-4",
        dragging && "z-10 shadow-lg ring-2 ring-primary/40",
      )}
    >
      <div className="pt-0.5">{handle ?? <span className="block w-6" />}</div>
      <div className="grid min-w-0 gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-words" data-testid="question-title-text">
            {title}
          </span>
          {builtIn ? <Badge variant="secondary">{t("question.default-badge")}</Badge> : null}
        </div>
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
          <span data-testid="question-type-text">{t(`types.${question.type}`)}</span>
          {isChoiceType(question.type) ? (
            <span>· {t("question.options-count", { count: question.options.length })}</span>
          ) : null}
          <span aria-hidden>·</span>
          {targets.length === 0 ? (
            <span>{t("question.all-tickets")}</span>
          ) : (
            <span className="flex flex-wrap gap-1" data-testid="question-targets">
              {targets.map((title) => (
                <Badge key={title} variant="outline" className="max-w-40 truncate">
                  {title}
                </Badge>
              ))}
            </span>
          )}
        </div>
        {question.description ? (
          <p className="line-clamp-2 text-sm text-muted-foreground">{question.description}</p>
        ) : null}
      </div>
      {/* Below the text on a phone, at the end of the row from sm up. */}
      <div className="col-start-2 flex items-center gap-1 sm:col-start-3 sm:row-start-1">
        {asksNothing ? null : canUpdate && !builtIn ? (
          <button
            type="button"
            onClick={() => onToggleMandatory(question)}
            disabled={busy}
            aria-pressed={question.mandatory}
            aria-label={t("question.toggle-mandatory", { title, state: mandatoryLabel })}
            data-testid="question-mandatory-toggle"
            className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-60"
          >
            <Badge variant={question.mandatory ? "default" : "outline"} className="cursor-pointer">
              {mandatoryLabel}
            </Badge>
          </button>
        ) : (
          <Badge variant={mandatoryShown ? "default" : "outline"} data-testid="question-mandatory-badge">
            {mandatoryLabel}
          </Badge>
        )}
        {canUpdate && !builtIn ? (
          <>
            <Button
              variant="ghost"
              size="icon"
              aria-label={t("question.edit", { title })}
              onClick={() => onEdit(question)}
              data-testid="question-edit"
              disabled={busy}
            >
              <Pencil aria-hidden />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={t("question.delete", { title })}
              onClick={() => onDelete(question)}
              disabled={busy}
            >
              <Trash2 aria-hidden />
            </Button>
          </>
        ) : null}
      </div>
    </li>
  );
}
