import { closestCenter, DndContext, type DragEndEvent } from "@dnd-kit/core";
import { arrayMove, SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { GripVertical, Plus, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { QuestionOption } from "#domain/participation-forms/question-schema";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { cn } from "~/lib/utils";
import { randomQuestionId } from "./question-helpers";
import { sortableStyle, useSortableSensors } from "~/components/sortable/sortable-sensors";

/** The options of a choice question: each has a label; they can be added, removed and reordered (spec §5). */
export function OptionList({
  options,
  onChange,
  labelId,
  errorId,
  invalid,
}: {
  options: QuestionOption[];
  onChange: (options: QuestionOption[]) => void;
  labelId: string;
  errorId?: string;
  invalid?: boolean;
}) {
  const { t } = useTranslation("order-forms");
  const sensors = useSortableSensors();
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = options.findIndex((option) => option.id === active.id);
    const to = options.findIndex((option) => option.id === over.id);
    if (from >= 0 && to >= 0) onChange(arrayMove(options, from, to));
  };
  return (
    <div className="grid gap-2" role="group" aria-labelledby={labelId}>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ screenReaderInstructions: { draggable: t("list.keyboard-hint") } }}
      >
        <SortableContext items={options.map((option) => option.id)} strategy={verticalListSortingStrategy}>
          <ul className="grid gap-2" data-testid="option-list">
            {options.map((option, index) => (
              <OptionRow
                key={option.id}
                option={option}
                index={index}
                invalid={invalid && option.title.trim() === ""}
                errorId={errorId}
                onTitle={(title) =>
                  onChange(
                    options.map((candidate) => (candidate.id === option.id ? { ...candidate, title } : candidate)),
                  )
                }
                onRemove={() => onChange(options.filter((candidate) => candidate.id !== option.id))}
              />
            ))}
          </ul>
        </SortableContext>
      </DndContext>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="justify-self-start"
        data-testid="option-add"
        onClick={() => onChange([...options, { id: randomQuestionId(), title: "" }])}
      >
        <Plus aria-hidden />
        {t("fields.add-option")}
      </Button>
    </div>
  );
}

function OptionRow({
  option,
  index,
  invalid,
  errorId,
  onTitle,
  onRemove,
}: {
  option: QuestionOption;
  index: number;
  invalid?: boolean;
  errorId?: string;
  onTitle: (title: string) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation("order-forms");
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: option.id,
  });
  const n = index + 1;
  return (
    <li
      ref={setNodeRef}
      style={sortableStyle(transform, transition)}
      data-testid="option-row"
      className={cn(
        "flex items-center gap-2 rounded-md bg-background",
        isDragging && "relative z-10 shadow-md ring-2 ring-primary/40",
      )}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={t("fields.move-option", { n })}
        data-testid="option-drag-handle"
        className="flex h-9 w-6 shrink-0 cursor-grab touch-none items-center justify-center rounded text-muted-foreground hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
      >
        <GripVertical className="size-4" aria-hidden />
      </button>
      <Input
        value={option.title}
        onChange={(event) => onTitle(event.target.value)}
        aria-label={t("fields.option-label", { n })}
        placeholder={t("fields.option-placeholder")}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        maxLength={200}
        data-testid="option-input"
      />
      <Button
        type="button"
        variant="ghost"
        size="icon"
        aria-label={t("fields.remove-option", { n })}
        onClick={onRemove}
        data-testid="option-remove"
      >
        <X aria-hidden />
      </Button>
    </li>
  );
}
