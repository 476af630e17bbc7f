import {
  ArrowDown,
  ArrowUp,
  ChevronsUpDown,
  ChevronLeft,
  ChevronRight,
  ChevronsLeft,
  ChevronsRight,
} from "lucide-react";
import { createElement, useCallback, useEffect, useMemo, useState, type ComponentType, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useNavigation, useSearchParams } from "react-router";
import { Button } from "~/components/ui/button";
import { LazySelect } from "~/components/lazy-select";
import { Skeleton } from "~/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import {
  dataTableSearch,
  nextSort,
  PAGE_SIZES,
  parseDataTableState,
  withoutFixedColumns,
  type DataTableConfig,
  type DataTableState,
} from "~/lib/data-table-url";
import { formatNumber } from "#domain/shared/format";
import { cn } from "~/lib/utils";
import { DataTableToolbar, type DataTableFacet } from "./data-table-toolbar";
import { dataTableModel, type DataTableColumn, type SelectionState, type VisibilityState } from "./features";

export type { DataTableFacet } from "./data-table-toolbar";

export type DataTableProps<TData> = {
  columns: DataTableColumn<TData>[];
  rows: TData[];
  total: number;
  /** `total` is a count stopped past this many rows less one (a search, decision 0069): "more than total − 1". */
  totalCapped?: boolean;
  /** The same config the loader parsed the URL with (a module-level constant). */
  config: DataTableConfig;
  getRowId: (row: TData) => string;
  /** The table's accessible name. */
  label: string;
  searchPlaceholder?: string;
  facets?: DataTableFacet[];
  /** Shown above the table while rows are selected; `clear` empties the selection. */
  bulkActions?: (rows: TData[], clear: () => void) => ReactNode;
  toolbarEnd?: ReactNode;
  /** Nothing at all yet (no filter and no row). */
  emptyState?: ReactNode;
  /** Rows open their detail page on click. */
  rowHref?: (row: TData) => string;
};

/**
 * The shared data table (spec §2, §4, §9): everything runs on the server, this component renders one page and writes
 * each change (search, facets, sort, page, page size, visible columns) to the URL, so a copied link reopens the view.
 */
export function DataTable<TData>(props: DataTableProps<TData>) {
  const { columns, rows, total, config, getRowId, label, rowHref } = props;
  const { t, i18n } = useTranslation("data-table");
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const fixedColumnIds = columns
    .filter((column) => column.enableHiding === false && column.id !== undefined)
    .map((column) => column.id!)
    .join("\n");
  const state = useMemo(() => {
    const parsed = parseDataTableState(searchParams, config);
    return { ...parsed, visibility: withoutFixedColumns(parsed.visibility, fixedColumnIds.split("\n")) };
  }, [searchParams, config, fixedColumnIds]);
  const loading = navigation.state === "loading" && navigation.location.pathname === location.pathname;

  const go = useCallback(
    (next: DataTableState, options: { replace?: boolean } = {}) => {
      void navigate(
        { search: `?${dataTableSearch(next, config).toString()}` },
        { replace: options.replace ?? false, preventScrollReset: true },
      );
    },
    [navigate, config],
  );

  // The selection belongs to the page of rows it was made on.
  const [rowSelection, setRowSelection] = useState<SelectionState>({});
  const [selectionRows, setSelectionRows] = useState(rows);
  if (selectionRows !== rows) {
    setSelectionRows(rows);
    setRowSelection({});
  }

  const onColumnVisibilityChange = useCallback(
    (updater: VisibilityState | ((old: VisibilityState) => VisibilityState)) => {
      const visibility = typeof updater === "function" ? updater(state.visibility) : updater;
      go({ ...state, visibility });
    },
    [go, state],
  );

  const table = dataTableModel({
    columns,
    data: rows,
    getRowId,
    columnVisibility: state.visibility,
    rowSelection,
    onColumnVisibilityChange,
    onRowSelectionChange: setRowSelection,
  });

  const pageCount = Math.max(1, Math.ceil(total / state.pageSize));
  const filtered = state.filters.length > 0;
  const selectedRows = table.getSelectedRows().map((row) => row.original);
  const visibleColumns = table.visibleColumns;

  // A link to a page past the end (rows deleted meanwhile) goes to the last page.
  useEffect(() => {
    if (!loading && state.page > 0 && state.page >= pageCount && total > 0)
      go({ ...state, page: pageCount - 1 }, { replace: true });
  }, [loading, state, pageCount, total, go]);

  if (total === 0 && !filtered && !loading && props.emptyState) {
    return <div data-testid="data-table-empty">{props.emptyState}</div>;
  }

  return (
    <div className="flex min-w-0 flex-col gap-3" data-testid="data-table">
      <DataTableToolbar
        columns={table.allColumns
          .filter((column) => column.getCanHide())
          .map((column) => ({
            id: column.id,
            label: typeof column.columnDef.header === "string" ? column.columnDef.header : column.id,
            visible: column.getIsVisible(),
            toggle: (visible: boolean) => column.toggleVisibility(visible),
          }))}
        state={state}
        config={config}
        go={go}
        searchPlaceholder={props.searchPlaceholder}
        facets={props.facets ?? []}
        end={props.toolbarEnd}
      />
      {selectedRows.length > 0 && props.bulkActions ? (
        <div
          className="flex flex-wrap items-center gap-2 rounded-lg border bg-muted/40 px-3 py-2 text-sm"
          data-testid="data-table-bulk"
        >
          <span className="font-medium">{t("selected", { count: selectedRows.length })}</span>
          {props.bulkActions(selectedRows, () => setRowSelection({}))}
          <Button variant="ghost" size="sm" onClick={() => setRowSelection({})}>
            {t("clear-selection")}
          </Button>
        </div>
      ) : null}
      <div className="rounded-lg border bg-background" aria-busy={loading || undefined}>
        <Table aria-label={label} className="table-fixed" style={{ minWidth: table.getTotalSize() }}>
          <TableHeader>
            <TableRow>
              {visibleColumns.map((column) => {
                const id = column.id;
                const sortable = config.sortable.includes(id);
                const sorted = state.sort.find((s) => s.id === id);
                const title = render(column.columnDef.header, { table });
                return (
                  <TableHead
                    key={id}
                    style={{ width: column.getSize() }}
                    className="whitespace-normal"
                    aria-sort={sorted ? (sorted.desc ? "descending" : "ascending") : sortable ? "none" : undefined}
                    data-column={id}
                  >
                    {sortable ? (
                      <Button
                        variant="ghost"
                        size="sm"
                        className="-ml-1.5 h-auto min-h-8 max-w-full gap-1 px-1.5 py-1 text-left whitespace-normal has-[>svg]:px-1.5 data-[sorted=true]:text-foreground"
                        data-sorted={sorted ? "true" : undefined}
                        onClick={() => go({ ...state, sort: nextSort(state.sort, id), page: 0 })}
                        aria-label={`${typeof column.columnDef.header === "string" ? column.columnDef.header : id} — ${t(sorted ? (sorted.desc ? "sort-desc" : "sort-asc") : "sort-none")}`}
                      >
                        <span className="line-clamp-2 min-w-0">{title}</span>
                        {sorted ? (
                          sorted.desc ? (
                            <ArrowDown className="size-3.5" />
                          ) : (
                            <ArrowUp className="size-3.5" />
                          )
                        ) : (
                          <ChevronsUpDown className="size-3.5 opacity-50" />
                        )}
                      </Button>
                    ) : (
                      <span className="line-clamp-2">{title}</span>
                    )}
                  </TableHead>
                );
              })}
            </TableRow>
          </TableHeader>
          <TableBody>
            {loading ? (
              Array.from({ length: Math.min(state.pageSize, 10) }, (_, i) => (
                <TableRow key={`skeleton-${i}`} data-testid="data-table-skeleton">
                  {visibleColumns.map((column) => (
                    <TableCell key={column.id}>
                      <Skeleton className="h-4 w-full max-w-32" />
                    </TableCell>
                  ))}
                </TableRow>
              ))
            ) : rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={visibleColumns.length} className="h-32 text-center">
                  <div className="flex flex-col items-center gap-2" data-testid="data-table-no-results">
                    <p className="font-medium">{t("no-results")}</p>
                    {filtered ? (
                      <>
                        <p className="text-sm text-muted-foreground">{t("no-results-hint")}</p>
                        <Button variant="outline" size="sm" onClick={() => go({ ...state, filters: [], page: 0 })}>
                          {t("reset-filters")}
                        </Button>
                      </>
                    ) : null}
                  </div>
                </TableCell>
              </TableRow>
            ) : (
              table.rows.map((row) => (
                <TableRow
                  key={row.id}
                  data-state={row.getIsSelected() ? "selected" : undefined}
                  className={cn(rowHref && "cursor-pointer")}
                  onClick={
                    rowHref
                      ? (event) => {
                          const target = event.target as HTMLElement;
                          if (target.closest("a,button,input,[role=checkbox],[role=menuitem]")) return;
                          void navigate(rowHref(row.original));
                        }
                      : undefined
                  }
                >
                  {visibleColumns.map((column) => (
                    <TableCell key={`${row.id}_${column.id}`} className="truncate" style={{ width: column.getSize() }}>
                      {render(column.columnDef.cell, { row, table })}
                    </TableCell>
                  ))}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <p className="text-muted-foreground" data-testid="data-table-total">
          {props.totalCapped
            ? t("total-more", { formattedCount: formatNumber(total - 1, i18n.language) })
            : t("total", { count: total, formattedCount: formatNumber(total, i18n.language) })}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <div className="flex items-center gap-2">
            <span className="text-muted-foreground">{t("rows-per-page")}</span>
            <LazySelect
              value={String(state.pageSize)}
              onValueChange={(value) => go({ ...state, pageSize: Number(value), page: 0 })}
              valueLabel={state.pageSize}
              options={PAGE_SIZES.map((size) => ({ value: String(size), label: size }))}
              size="sm"
              className="w-20"
              aria-label={t("rows-per-page")}
            />
          </div>
          <span data-testid="data-table-page">{t("page-of", { page: state.page + 1, pages: pageCount })}</span>
          <div className="flex items-center gap-1">
            <PageButton label={t("first-page")} disabled={state.page === 0} onClick={() => go({ ...state, page: 0 })}>
              <ChevronsLeft />
            </PageButton>
            <PageButton
              label={t("previous-page")}
              disabled={state.page === 0}
              onClick={() => go({ ...state, page: state.page - 1 })}
            >
              <ChevronLeft />
            </PageButton>
            <PageButton
              label={t("next-page")}
              disabled={state.page >= pageCount - 1}
              onClick={() => go({ ...state, page: state.page + 1 })}
            >
              <ChevronRight />
            </PageButton>
            <PageButton
              label={t("last-page")}
              disabled={state.page >= pageCount - 1}
              onClick={() => go({ ...state, page: pageCount - 1 })}
            >
              <ChevronsRight />
            </PageButton>
          </div>
        </div>
      </div>
    </div>
  );
}

function PageButton(props: { label: string; disabled: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <Button
      variant="outline"
      size="icon-sm"
      aria-label={props.label}
      title={props.label}
      disabled={props.disabled}
      onClick={props.onClick}
    >
      {props.children}
    </Button>
  );
}

/** A header or cell: a function is rendered as a component (hooks allowed), as TanStack's `flexRender` did. */
function render<P extends object>(content: ReactNode | ((props: P) => ReactNode), props: P): ReactNode {
  return typeof content === "function" ? createElement(content as ComponentType<P>, props) : content;
}
