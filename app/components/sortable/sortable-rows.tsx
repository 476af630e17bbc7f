import { closestCenter, DndContext, type DragEndEvent } from "@dnd-kit/core";
import { arrayMove, SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import type { ReactNode } from "react";
import type { RowDrag } from "./lazy-sortable";
import { sortableStyle, useSortableSensors } from "./sortable-sensors";

/*
 * The drag and drop of a list's rows (dnd-kit), loaded after the page rather than with it
 * (docs/decisions/0071-lighter-signed-in-pages.md): lazy-sortable.tsx renders the same rows before it arrives.
 */

type SortableId = number | string;

/** The rows in a sortable context: a row's handle lifts it (pointer, finger, or Space then arrows then Space). */
export function SortableRows<T extends { id: SortableId }>({
  items,
  keyboardHint,
  onMove,
  children,
}: {
  items: T[];
  keyboardHint: string;
  /** The new order, after a row was dropped somewhere else. */
  onMove: (next: T[]) => void;
  children: (item: T, drag: RowDrag) => ReactNode;
}) {
  const sensors = useSortableSensors();
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((item) => item.id === active.id);
    const to = items.findIndex((item) => item.id === over.id);
    if (from < 0 || to < 0) return;
    onMove(arrayMove(items, from, to));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      // Its instructions and live region go to the body: the rows are the children of a list, which holds only rows.
      accessibility={{ container: document.body, screenReaderInstructions: { draggable: keyboardHint } }}
    >
      <SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
        {items.map((item) => (
          <SortableRow key={item.id} id={item.id}>
            {(drag) => children(item, drag)}
          </SortableRow>
        ))}
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({ id, children }: { id: SortableId; children: (drag: RowDrag) => ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  return children({
    rowRef: setNodeRef,
    style: sortableStyle(transform, transition),
    isDragging,
    handleRef: setActivatorNodeRef,
    handleProps: { ...attributes, ...listeners },
  });
}
