import { describe, expect, it } from "vitest";
import {
  dataTableModel,
  type DataTableColumn,
  type SelectionState,
  type VisibilityState,
} from "../../app/lib/data-table-model";

type Row = { key: number; name: string };
const data: Row[] = [
  { key: 1, name: "Ada" },
  { key: 2, name: "Grace" },
  { key: 3, name: "Hedy" },
];
const columns: DataTableColumn<Row>[] = [
  { id: "select", header: "", cell: () => null, size: 40, enableHiding: false },
  { id: "name", header: "Nom", cell: ({ row }) => row.original.name },
  { id: "tiny", header: "Petit", cell: () => null, size: 5 },
  { id: "email", header: "Email", cell: () => null, size: 240 },
];

function model(state: { visibility?: VisibilityState; selection?: SelectionState } = {}) {
  let visibility = state.visibility ?? {};
  let selection = state.selection ?? {};
  const table = dataTableModel({
    columns,
    data,
    getRowId: (row) => String(row.key),
    columnVisibility: visibility,
    rowSelection: selection,
    onColumnVisibilityChange: (updater) => {
      visibility = typeof updater === "function" ? updater(visibility) : updater;
    },
    onRowSelectionChange: (updater) => {
      selection = typeof updater === "function" ? updater(selection) : updater;
    },
  });
  return { table, visibility: () => visibility, selection: () => selection };
}

describe("dataTableModel (the shared table's columns and rows)", () => {
  it("sizes columns at 150 by default and 20 at least, and sums the visible ones", () => {
    const { table } = model({ visibility: { email: false } });
    expect(table.allColumns.map((column) => column.getSize())).toEqual([40, 150, 20, 240]);
    expect(table.visibleColumns.map((column) => column.id)).toEqual(["select", "name", "tiny"]);
    expect(table.getTotalSize()).toBe(210);
  });

  it("hides and shows columns through the visibility state, never a fixed column", () => {
    const hidden = model();
    hidden.table.allColumns.find((column) => column.id === "name")!.toggleVisibility(false);
    hidden.table.allColumns.find((column) => column.id === "select")!.toggleVisibility(false);
    expect(hidden.visibility()).toEqual({ name: false });
    expect(hidden.table.allColumns.filter((column) => column.getCanHide()).map((column) => column.id)).toEqual([
      "name",
      "tiny",
      "email",
    ]);
    const shown = model({ visibility: { email: false } });
    shown.table.allColumns.find((column) => column.id === "email")!.toggleVisibility();
    expect(shown.visibility()).toEqual({ email: true });
  });

  it("selects rows one by one and the whole page", () => {
    const none = model();
    expect(none.table.getIsAllPageRowsSelected()).toBe(false);
    expect(none.table.getIsSomePageRowsSelected()).toBe(false);
    none.table.rows[1]!.toggleSelected(true);
    expect(none.selection()).toEqual({ "2": true });

    const some = model({ selection: { "2": true } });
    expect(some.table.getSelectedRows().map((row) => row.original.name)).toEqual(["Grace"]);
    expect(some.table.getIsSomePageRowsSelected()).toBe(true);
    some.table.toggleAllPageRowsSelected();
    expect(some.selection()).toEqual({ "1": true, "2": true, "3": true });

    const all = model({ selection: { "1": true, "2": true, "3": true } });
    expect(all.table.getIsAllPageRowsSelected()).toBe(true);
    expect(all.table.getIsSomePageRowsSelected()).toBe(false);
    all.table.rows[0]!.toggleSelected();
    expect(all.selection()).toEqual({ "2": true, "3": true });
    all.table.toggleAllPageRowsSelected(false);
    expect(all.selection()).toEqual({});
  });

  it("has no page selected when it has no row", () => {
    const empty = dataTableModel({
      columns,
      data: [],
      getRowId: (row: Row) => String(row.key),
      columnVisibility: {},
      rowSelection: {},
      onColumnVisibilityChange: () => {},
      onRowSelectionChange: () => {},
    });
    expect(empty.getIsAllPageRowsSelected()).toBe(false);
    expect(empty.rows).toEqual([]);
  });
});
