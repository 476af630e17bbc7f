import {
  columnSizingFeature,
  columnVisibilityFeature,
  rowSelectionFeature,
  tableFeatures,
  type ColumnDef,
  type RowData,
} from "@tanstack/react-table";

/**
 * The shared table's TanStack features: visibility, selection and sizing. Search, filters, sorting and paging are the
 * server's (the URL drives the loader), so no client row model is registered.
 */
export const dataTableFeatures = tableFeatures({ columnVisibilityFeature, rowSelectionFeature, columnSizingFeature });
export type DataTableFeatures = typeof dataTableFeatures;

/** A page's column: `header` is its translated name (also the column toggle's label). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a column list mixes cell value types
export type DataTableColumn<TData extends RowData> = ColumnDef<DataTableFeatures, TData, any>;

/** Spec §9: column width 150 by default, 20 at least. */
export const DEFAULT_COLUMN_SIZE = 150;
export const MIN_COLUMN_SIZE = 20;
