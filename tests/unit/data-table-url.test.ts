import { describe, expect, it } from "vitest";
import {
  dataTableSearch,
  facetFilter,
  nextSort,
  parseDataTableState,
  setFilter,
  textFilter,
  tableQuery,
  withoutFixedColumns,
  type DataTableConfig,
} from "~/lib/data-table-url";

const config: DataTableConfig = {
  sortable: ["name", "created_at"],
  filters: { search: "text", status: ["paid", "pending"], ticket: "ids" },
  defaultVisibility: { promo_code_key: false },
};

const parse = (query: string) => parseDataTableState(new URLSearchParams(query), config);

describe("parseDataTableState", () => {
  it("gives the defaults for an empty query", () => {
    expect(parse("")).toEqual({
      page: 0,
      pageSize: 10,
      sort: [],
      filters: [],
      visibility: { promo_code_key: false },
    });
  });

  it("reads every part of a copied link", () => {
    const state = parse(
      "page=3&pageSize=50&sort=" +
        encodeURIComponent('[{"id":"created_at","desc":true}]') +
        "&filters=" +
        encodeURIComponent('[{"id":"search","value":" dupont "},{"id":"status","value":["paid"]}]') +
        "&visibility=" +
        encodeURIComponent('{"promo_code_key":true,"email":false}') +
        "&updated=1",
    );
    expect(state).toEqual({
      page: 3,
      pageSize: 50,
      sort: [{ id: "created_at", desc: true }],
      filters: [
        { id: "search", value: "dupont" },
        { id: "status", value: ["paid"] },
      ],
      visibility: { promo_code_key: true, email: false },
    });
  });

  it("drops what is invalid and keeps the rest", () => {
    const state = parse(
      "page=-1&pageSize=25&sort=notjson&filters=" +
        encodeURIComponent(
          '[{"id":"status","value":["paid","refunded"]},{"id":"unknown","value":"x"},{"id":"search","value":"  "}]',
        ) +
        "&visibility=" +
        encodeURIComponent('{"a":"yes"}'),
    );
    expect(state.page).toBe(0);
    expect(state.pageSize).toBe(10);
    expect(state.sort).toEqual([]);
    expect(state.filters).toEqual([{ id: "status", value: ["paid"] }]);
    expect(state.visibility).toEqual({ promo_code_key: false });
  });

  it("keeps only record ids in an id facet", () => {
    const state = parse("filters=" + encodeURIComponent('[{"id":"ticket","value":["12","x","0","7"]}]'));
    expect(facetFilter(state, "ticket")).toEqual(["12", "7"]);
  });

  it("refuses sorting on a column the server cannot sort", () => {
    expect(parse("sort=" + encodeURIComponent('[{"id":"email","desc":false}]')).sort).toEqual([]);
  });

  it("cuts a long search", () => {
    const long = "a".repeat(300);
    const state = parse("filters=" + encodeURIComponent(JSON.stringify([{ id: "search", value: long }])));
    expect(textFilter(state, "search")).toHaveLength(100);
  });
});

describe("dataTableSearch", () => {
  it("round-trips a state through the URL and marks the change", () => {
    const state = parse("");
    const changed = { ...setFilter(state, "status", ["pending"]), sort: [{ id: "name", desc: false }] };
    const params = dataTableSearch({ ...changed, page: 2, visibility: { promo_code_key: true } }, config, 42);
    expect(params.get("updated")).toBe("42");
    const again = parseDataTableState(params, config);
    expect(again).toEqual({ ...changed, page: 2, visibility: { promo_code_key: true } });
    expect(facetFilter(again, "status")).toEqual(["pending"]);
  });

  it("leaves the defaults out", () => {
    const params = dataTableSearch(parse(""), config, 1);
    expect([...params.keys()]).toEqual(["updated"]);
  });
});

describe("table behaviour", () => {
  it("resets paging when a filter changes", () => {
    const state = { ...parse(""), page: 4 };
    expect(setFilter(state, "search", "marie").page).toBe(0);
    expect(setFilter(state, "search", "").filters).toEqual([]);
  });

  it("cycles sort ascending, descending, none", () => {
    const asc = nextSort([], "name");
    expect(asc).toEqual([{ id: "name", desc: false }]);
    const desc = nextSort(asc, "name");
    expect(desc).toEqual([{ id: "name", desc: true }]);
    expect(nextSort(desc, "name")).toEqual([]);
    expect(nextSort(desc, "created_at")).toEqual([{ id: "created_at", desc: false }]);
  });

  it("reads a table's URL as one query: page, known sort and typed filters", () => {
    const tableConfig = {
      sortable: ["name", "created_at"],
      filters: { search: "text", status: ["paid", "pending"], ticket: "ids" },
    } as const satisfies DataTableConfig;
    const filters = [
      { id: "search", value: "  Dupont " },
      { id: "status", value: ["paid", "refunded"] },
      { id: "ticket", value: ["7", "x", "12"] },
    ];
    const query = tableQuery(
      new URL(
        `https://guichet.test/t?page=3&pageSize=20&sort=${encodeURIComponent(JSON.stringify([{ id: "created_at", desc: true }]))}&filters=${encodeURIComponent(JSON.stringify(filters))}`,
      ),
      tableConfig,
    );
    expect(query).toMatchObject({ offset: 60, limit: 20, sort: { id: "created_at", desc: true } });
    expect(query.text("search")).toBe("Dupont");
    expect(query.facet("status")).toEqual(["paid"]);
    expect(query.ids("ticket")).toEqual([7, 12]);
    const unknownSort = tableQuery(
      new URLSearchParams(`sort=${encodeURIComponent('[{"id":"email","desc":false}]')}`),
      tableConfig,
    );
    expect(unknownSort).toMatchObject({ offset: 0, limit: 10, sort: null });
    expect(unknownSort.facet("status")).toEqual([]);
  });
});

describe("withoutFixedColumns", () => {
  it("drops the visibility of columns the Columns menu cannot show again, keeps the others", () => {
    const { visibility } = parse(
      `visibility=${encodeURIComponent(JSON.stringify({ name: false, select: false, email: false }))}`,
    );
    expect(withoutFixedColumns(visibility, ["select", "name"])).toEqual({ promo_code_key: false, email: false });
    expect(withoutFixedColumns({ email: true }, [])).toEqual({ email: true });
  });
});
