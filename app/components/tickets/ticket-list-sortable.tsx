import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
} from "@dnd-kit/core";
import { arrayMove, SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import type { ReactNode } from "react";
import type { RowDrag } from "./ticket-list";

/*
 * The ticket list's drag and drop (dnd-kit), loaded once the list is on screen rather than with the page
 * (docs/decisions/0071-lighter-signed-in-pages.md): ticket-list.tsx renders the same rows before it arrives.
 */

/** Spec §9: a drag moved with the keyboard goes 25 px per arrow key. */
const KEYBOARD_DRAG_STEP = 25;

const keyboardCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates }) => {
  switch (event.code) {
    case "ArrowDown":
      return { ...currentCoordinates, y: currentCoordinates.y + KEYBOARD_DRAG_STEP };
    case "ArrowUp":
      return { ...currentCoordinates, y: currentCoordinates.y - KEYBOARD_DRAG_STEP };
    case "ArrowRight":
      return { ...currentCoordinates, x: currentCoordinates.x + KEYBOARD_DRAG_STEP };
    case "ArrowLeft":
      return { ...currentCoordinates, x: currentCoordinates.x - KEYBOARD_DRAG_STEP };
    default:
      return undefined;
  }
};

/** The rows in a sortable context: a row's handle lifts it (pointer, finger, or Space then arrows then Space). */
export function SortableRows<T extends { id: number }>({
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
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: keyboardCoordinates }),
  );
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

function SortableRow({ id, children }: { id: number; children: (drag: RowDrag) => ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  return children({
    rowRef: setNodeRef,
    style: {
      transform: transform ? `translate3d(${Math.round(transform.x)}px, ${Math.round(transform.y)}px, 0)` : undefined,
      transition,
    },
    isDragging,
    handleRef: setActivatorNodeRef,
    handleProps: { ...attributes, ...listeners },
  });
}
