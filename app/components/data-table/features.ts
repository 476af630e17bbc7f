export {
  dataTableModel,
  DEFAULT_COLUMN_SIZE,
  MIN_COLUMN_SIZE,
  type DataTableColumn,
  type DataTableModel,
  type DataTableModelColumn,
  type DataTableRow,
  type SelectionState,
  type VisibilityState,
} from "~/lib/data-table-model";
