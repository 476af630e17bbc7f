import type { ReactNode } from "react";

/**
 * The shared table's column model: visibility, selection and sizing. Search, filters, sorting and paging are the
 * server's (the URL drives the loader), so rows are shown as given. It replaces TanStack Table, whose column and row
 * API this follows for what the tables use (docs/decisions/0071-lighter-signed-in-pages.md): the whole of it is
 * rendered at first load, so its size counts on every table page.
 */
export type DataTableRow<TData> = {
  id: string;
  index: number;
  original: TData;
  getIsSelected: () => boolean;
  toggleSelected: (value?: boolean) => void;
};

export type DataTableModelColumn<TData> = {
  id: string;
  columnDef: DataTableColumn<TData>;
  getSize: () => number;
  getCanHide: () => boolean;
  getIsVisible: () => boolean;
  toggleVisibility: (value?: boolean) => void;
};

export type DataTableModel<TData> = {
  rows: DataTableRow<TData>[];
  allColumns: DataTableModelColumn<TData>[];
  visibleColumns: DataTableModelColumn<TData>[];
  getTotalSize: () => number;
  getSelectedRows: () => DataTableRow<TData>[];
  getIsAllPageRowsSelected: () => boolean;
  getIsSomePageRowsSelected: () => boolean;
  toggleAllPageRowsSelected: (value?: boolean) => void;
};

/** A page's column: `header` is its translated name (also the column toggle's label). */
export type DataTableColumn<TData> = {
  id: string;
  header: string | ((context: { table: DataTableModel<TData> }) => ReactNode);
  cell: (context: { row: DataTableRow<TData>; table: DataTableModel<TData> }) => ReactNode;
  size?: number;
  minSize?: number;
  /** false: always shown, not in the column menu. */
  enableHiding?: boolean;
};

/** Spec §9: column width 150 by default, 20 at least. */
export const DEFAULT_COLUMN_SIZE = 150;
export const MIN_COLUMN_SIZE = 20;

export type SelectionState = Record<string, boolean>;
export type VisibilityState = Record<string, boolean>;
type Updater<T> = T | ((old: T) => T);

function withSelected(selection: SelectionState, id: string, value: boolean): SelectionState {
  const next = { ...selection };
  if (value) next[id] = true;
  else delete next[id];
  return next;
}

/** The table's rows and columns for one render, from its state (as TanStack's `useTable` computed them). */
export function dataTableModel<TData>(options: {
  columns: readonly DataTableColumn<TData>[];
  data: readonly TData[];
  getRowId: (row: TData) => string;
  columnVisibility: VisibilityState;
  rowSelection: SelectionState;
  onColumnVisibilityChange: (updater: Updater<VisibilityState>) => void;
  onRowSelectionChange: (updater: Updater<SelectionState>) => void;
}): DataTableModel<TData> {
  const { columnVisibility, rowSelection, onColumnVisibilityChange, onRowSelectionChange } = options;
  const allColumns = options.columns.map((columnDef): DataTableModelColumn<TData> => {
    const column: DataTableModelColumn<TData> = {
      id: columnDef.id,
      columnDef,
      getSize: () => Math.max(columnDef.size ?? DEFAULT_COLUMN_SIZE, columnDef.minSize ?? MIN_COLUMN_SIZE),
      getCanHide: () => columnDef.enableHiding ?? true,
      getIsVisible: () => columnVisibility[columnDef.id] ?? true,
      toggleVisibility: (value) => {
        if (!column.getCanHide()) return;
        onColumnVisibilityChange((old) => ({ ...old, [columnDef.id]: value ?? !column.getIsVisible() }));
      },
    };
    return column;
  });
  const rows = options.data.map((original, index): DataTableRow<TData> => {
    const id = options.getRowId(original);
    const getIsSelected = () => rowSelection[id] ?? false;
    return {
      id,
      index,
      original,
      getIsSelected,
      toggleSelected: (value) => {
        const selected = value ?? !getIsSelected();
        if (selected === getIsSelected()) return;
        onRowSelectionChange((old) => withSelected(old, id, selected));
      },
    };
  });
  const visibleColumns = allColumns.filter((column) => column.getIsVisible());
  const getIsAllPageRowsSelected = () => rows.length > 0 && rows.every((row) => rowSelection[row.id]);
  return {
    rows,
    allColumns,
    visibleColumns,
    getTotalSize: () => visibleColumns.reduce((sum, column) => sum + column.getSize(), 0),
    getSelectedRows: () => rows.filter((row) => row.getIsSelected()),
    getIsAllPageRowsSelected,
    getIsSomePageRowsSelected: () => !getIsAllPageRowsSelected() && rows.some((row) => row.getIsSelected()),
    toggleAllPageRowsSelected: (value) => {
      const selected = value ?? !getIsAllPageRowsSelected();
      onRowSelectionChange((old) => rows.reduce((next, row) => withSelected(next, row.id, selected), old));
    },
  };
}
