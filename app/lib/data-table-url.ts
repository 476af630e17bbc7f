import * as v from "valibot";
import { boundedString, SHORT_TEXT_MAX_LENGTH } from "#domain/shared/bounded-string";

/**
 * The shared data table's state in the URL (spec §2, §9): page (zero-based), pageSize, sort (JSON list), filters (JSON
 * list), visibility (JSON map) and updated (set on any change). One parser for the loader and the component, so a copied
 * link reopens the same view. Anything invalid falls back to its default: a link never fails to open.
 */

export const PAGE_SIZES = [10, 20, 30, 40, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_TEXT_FILTER_LENGTH = 100;
/** Past this page the offset would scan too far; nobody pages that deep by hand. */
const MAX_PAGE = 100_000;

export type DataTableSort = { id: string; desc: boolean }[];
export type DataTableFilter = { id: string; value: string | string[] };

export type DataTableConfig = {
  /** Column ids the server can sort on. */
  sortable: readonly string[];
  /** Filter ids: "text" = free text, "ids" = a facet of record ids (known to the server only), or a facet's values. */
  filters: Record<string, "text" | "ids" | readonly string[]>;
  /** Columns hidden until the user shows them (spec §9). */
  defaultVisibility?: Record<string, boolean>;
  defaultSort?: DataTableSort;
  /** The filter id the search box writes. */
  searchId?: string;
};

export type DataTableState = {
  page: number;
  pageSize: number;
  sort: DataTableSort;
  filters: DataTableFilter[];
  visibility: Record<string, boolean>;
};

const jsonText = <T extends v.GenericSchema>(schema: T) =>
  v.pipe(
    v.string(),
    v.maxLength(4_000),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      try {
        return JSON.parse(dataset.value) as unknown;
      } catch {
        addIssue({ message: "invalid JSON" });
        return NEVER;
      }
    }),
    schema,
  );

const sortSchema = jsonText(v.array(v.object({ id: boundedString(SHORT_TEXT_MAX_LENGTH), desc: v.boolean() })));
const filtersSchema = jsonText(
  v.array(
    v.object({
      id: boundedString(SHORT_TEXT_MAX_LENGTH),
      value: v.union([boundedString(500), v.pipe(v.array(boundedString(500)), v.maxLength(100))]),
    }),
  ),
);
const visibilitySchema = jsonText(v.record(boundedString(SHORT_TEXT_MAX_LENGTH), v.boolean()));
const pageSchema = v.pipe(v.string(), v.regex(/^\d{1,6}$/), v.transform(Number), v.maxValue(MAX_PAGE));
const pageSizeSchema = v.pipe(v.string(), v.transform(Number), v.picklist(PAGE_SIZES as unknown as number[]));

/** The one schema of the query string; every part is optional and parsed on its own. */
export const dataTableSearchSchema = v.object({
  page: v.optional(v.fallback(v.optional(pageSchema), undefined)),
  pageSize: v.optional(v.fallback(v.optional(pageSizeSchema), undefined)),
  sort: v.optional(v.fallback(v.optional(sortSchema), undefined)),
  filters: v.optional(v.fallback(v.optional(filtersSchema), undefined)),
  visibility: v.optional(v.fallback(v.optional(visibilitySchema), undefined)),
});

function cleanFilter(filter: DataTableFilter, config: DataTableConfig): DataTableFilter | null {
  const allowed = config.filters[filter.id];
  if (allowed === undefined) return null;
  if (allowed === "text") {
    if (typeof filter.value !== "string") return null;
    const text = filter.value.trim().slice(0, MAX_TEXT_FILTER_LENGTH);
    return text ? { id: filter.id, value: text } : null;
  }
  const values = (Array.isArray(filter.value) ? filter.value : [filter.value]).filter((value) =>
    allowed === "ids" ? /^[1-9]\d{0,15}$/.test(value) : allowed.includes(value),
  );
  const unique = [...new Set(values)];
  return unique.length > 0 ? { id: filter.id, value: unique } : null;
}

export function parseDataTableState(params: URLSearchParams, config: DataTableConfig): DataTableState {
  const raw: Record<string, string> = {};
  for (const key of ["page", "pageSize", "sort", "filters", "visibility"]) {
    const value = params.get(key);
    if (value !== null) raw[key] = value;
  }
  const parsed = v.parse(dataTableSearchSchema, raw);
  const sort = (parsed.sort ?? config.defaultSort ?? []).filter((s) => config.sortable.includes(s.id)).slice(0, 1);
  const seen = new Set<string>();
  const filters: DataTableFilter[] = [];
  for (const filter of parsed.filters ?? []) {
    if (seen.has(filter.id)) continue;
    const clean = cleanFilter(filter, config);
    if (clean) {
      seen.add(clean.id);
      filters.push(clean);
    }
  }
  return {
    page: parsed.page ?? 0,
    pageSize: parsed.pageSize ?? DEFAULT_PAGE_SIZE,
    sort,
    filters,
    visibility: { ...config.defaultVisibility, ...parsed.visibility },
  };
}

/**
 * The visibility without the columns that are always shown (`enableHiding: false`): the Columns menu lists only hideable
 * columns, so a link must not hide one the user could not show again.
 */
export function withoutFixedColumns(
  visibility: Record<string, boolean>,
  fixedColumnIds: readonly string[],
): Record<string, boolean> {
  return Object.fromEntries(Object.entries(visibility).filter(([id]) => !fixedColumnIds.includes(id)));
}

function sameSort(a: DataTableSort, b: DataTableSort): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The query string of a state: defaults are left out, `updated` marks the change. */
export function dataTableSearch(state: DataTableState, config: DataTableConfig, now = Date.now()): URLSearchParams {
  const params = new URLSearchParams();
  if (state.page > 0) params.set("page", String(state.page));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set("pageSize", String(state.pageSize));
  if (!sameSort(state.sort, config.defaultSort ?? [])) params.set("sort", JSON.stringify(state.sort));
  if (state.filters.length > 0) params.set("filters", JSON.stringify(state.filters));
  const defaults = config.defaultVisibility ?? {};
  const changed = Object.fromEntries(
    Object.entries(state.visibility).filter(([id, visible]) => (defaults[id] ?? true) !== visible),
  );
  if (Object.keys(changed).length > 0) params.set("visibility", JSON.stringify(changed));
  params.set("updated", String(now));
  return params;
}

export function textFilter(state: Pick<DataTableState, "filters">, id: string): string {
  const value = state.filters.find((f) => f.id === id)?.value;
  return typeof value === "string" ? value : "";
}

export function facetFilter(state: Pick<DataTableState, "filters">, id: string): string[] {
  const value = state.filters.find((f) => f.id === id)?.value;
  return Array.isArray(value) ? value : [];
}

/** Spec §4: a header click cycles ascending, descending, none (one sorted column at a time). */
export function nextSort(sort: DataTableSort, columnId: string): DataTableSort {
  const current = sort.find((s) => s.id === columnId);
  if (!current) return [{ id: columnId, desc: false }];
  if (!current.desc) return [{ id: columnId, desc: true }];
  return [];
}

/** Spec §4: paging resets when filters change. */
export function withFilters(state: DataTableState, filters: DataTableFilter[]): DataTableState {
  return { ...state, filters, page: 0 };
}

/** Sets (or clears, with an empty value) one filter. */
export function setFilter(state: DataTableState, id: string, value: string | string[]): DataTableState {
  const rest = state.filters.filter((f) => f.id !== id);
  const empty = Array.isArray(value) ? value.length === 0 : value.trim() === "";
  return withFilters(state, empty ? rest : [...rest, { id, value }]);
}

type FilterValue<F> = F extends readonly (infer V)[] ? V : string;

/**
 * The one reading of a table's URL by its loader: the state (for the component), the page as offset and limit, the
 * sort when it is one the server knows, and typed accessors to the filters. Facet values are already checked against
 * the config's lists by `parseDataTableState`, so a facet of an enumerated filter is typed by that list.
 */
export function tableQuery<const C extends DataTableConfig>(source: URL | URLSearchParams, config: C) {
  const state = parseDataTableState(source instanceof URL ? source.searchParams : source, config);
  const first = state.sort[0];
  return {
    state,
    offset: state.page * state.pageSize,
    limit: state.pageSize,
    sort: first ? { id: first.id as C["sortable"][number], desc: first.desc } : null,
    /** A free-text filter, "" when unset. */
    text: (id: keyof C["filters"] & string) => textFilter(state, id),
    /** An enumerated facet's chosen values. */
    facet: <K extends keyof C["filters"] & string>(id: K) => facetFilter(state, id) as FilterValue<C["filters"][K]>[],
    /** An "ids" facet's chosen record ids. */
    ids: (id: keyof C["filters"] & string) => facetFilter(state, id).map(Number),
  };
}
