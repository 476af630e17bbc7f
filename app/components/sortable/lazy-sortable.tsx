import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type FocusEvent,
  type HTMLAttributes,
  type Ref,
  type RefObject,
} from "react";
import { whenIdle } from "~/lib/when-idle";

/*
 * A sortable list whose drag and drop (dnd-kit, sortable-rows.tsx) is not one of the page's own scripts (issue 31 §7,
 * docs/decisions/0071-lighter-signed-in-pages.md): the list renders its rows without it, then in SortableRows once
 * the module has loaded.
 */

const loadSortable = () => import("./sortable-rows");

/** What a row of the sortable list gets from dnd-kit (sortable-rows.tsx). */
export type RowDrag = {
  rowRef: (element: HTMLElement | null) => void;
  style: CSSProperties;
  isDragging: boolean;
  handleRef: Ref<HTMLButtonElement>;
  handleProps: HTMLAttributes<HTMLButtonElement>;
};

/**
 * The drag and drop's module once the browser is idle after the page loaded, or sooner when the list is pointed at:
 * not one of the page's own scripts (issue 31 §7). Null until then, and for someone who may not reorder.
 */
function useSortableModule(wanted: boolean) {
  const [module, setModule] = useState<Awaited<ReturnType<typeof loadSortable>> | null>(null);
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    if (!wanted || asked) return;
    return whenIdle(() => setAsked(true));
  }, [wanted, asked]);
  useEffect(() => {
    if (!asked) return;
    let current = true;
    void loadSortable().then((loaded) => current && setModule(loaded));
    return () => {
      current = false;
    };
  }, [asked]);
  return { module: wanted ? module : null, ask: () => wanted && setAsked(true) };
}

/**
 * The rows are mounted again when the drag and drop arrives: a handle or button of a row that had the focus gets it
 * back (rows are told apart by `rowAttribute`, controls by their data-testid).
 */
function useFocusKeptAcrossSwap(list: RefObject<HTMLUListElement | null>, swapped: boolean, rowAttribute: string) {
  const focused = useRef<string | null>(null);
  useLayoutEffect(() => {
    const selector = focused.current;
    if (!swapped || !selector || list.current?.contains(document.activeElement)) return;
    list.current?.querySelector<HTMLElement>(selector)?.focus();
  }, [list, swapped]);
  return (event: FocusEvent<HTMLUListElement>) => {
    const row = (event.target as HTMLElement).closest(`li[${rowAttribute}]`);
    const testId = (event.target as HTMLElement).getAttribute("data-testid");
    const rowId = row?.getAttribute(rowAttribute);
    focused.current =
      rowId && testId ? `li[${rowAttribute}="${CSS.escape(rowId)}"] [data-testid="${CSS.escape(testId)}"]` : null;
  };
}

/**
 * A sortable list's drag and drop, loaded after the page: the module (null until it is there, and for someone who may
 * not reorder) and the props of the list element (`<ul>`) that ask for it when pointed at, keep the focus across the
 * swap and mark the list `data-sortable="ready"` once it can be dragged. Rows carry `rowAttribute` with their id.
 */
export function useLazySortableList(wanted: boolean, rowAttribute: string) {
  const sortable = useSortableModule(wanted);
  const ref = useRef<HTMLUListElement>(null);
  const onFocus = useFocusKeptAcrossSwap(ref, sortable.module !== null, rowAttribute);
  return {
    module: sortable.module,
    listProps: {
      ref,
      onFocus,
      onPointerEnter: sortable.ask,
      "data-sortable": sortable.module ? "ready" : undefined,
    },
  };
}
