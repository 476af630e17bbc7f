import type { ReactNode } from "react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ListFilter, Search, Settings2, X } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { LazyDropdownMenu } from "~/components/lazy-dropdown-menu";
import { Input } from "~/components/ui/input";
import { facetFilter, setFilter, textFilter, type DataTableConfig, type DataTableState } from "~/lib/data-table-url";

export type DataTableFacet = { id: string; title: string; options: { value: string; label: string }[] };

const SEARCH_DELAY_MS = 300;

// The filter and column menus' Radix code loads when a trigger is pointed at, focused or pressed.
const loadFacetMenu = () => import("./data-table-menus").then((module) => module.FacetMenu);
const loadColumnsMenu = () => import("./data-table-menus").then((module) => module.ColumnsMenu);

export type ToggleableColumn = { id: string; label: string; visible: boolean; toggle: (visible: boolean) => void };

export function DataTableToolbar(props: {
  columns: ToggleableColumn[];
  state: DataTableState;
  config: DataTableConfig;
  go: (next: DataTableState, options?: { replace?: boolean }) => void;
  searchPlaceholder?: string;
  facets: DataTableFacet[];
  end?: ReactNode;
}) {
  const { columns: hideable, state, config, go, facets } = props;
  const { t } = useTranslation("data-table");
  const searchId = config.searchId ?? "search";
  const hasSearch = config.filters[searchId] === "text";
  const urlSearch = textFilter(state, searchId);

  // The box follows the URL (back button, reset) and writes to it once typing pauses.
  const [search, setSearch] = useState(urlSearch);
  const [seenUrlSearch, setSeenUrlSearch] = useState(urlSearch);
  if (seenUrlSearch !== urlSearch) {
    setSeenUrlSearch(urlSearch);
    setSearch(urlSearch);
  }
  useEffect(() => {
    if (search.trim() === urlSearch) return;
    const id = setTimeout(() => go(setFilter(state, searchId, search), { replace: true }), SEARCH_DELAY_MS);
    return () => clearTimeout(id);
  }, [search, urlSearch, state, searchId, go]);

  return (
    <div className="flex flex-wrap items-center gap-2">
      {hasSearch ? (
        <div className="relative w-full sm:w-80">
          <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={props.searchPlaceholder ?? t("search")}
            aria-label={props.searchPlaceholder ?? t("search")}
            className="pl-8"
            maxLength={100}
            data-testid="data-table-search"
          />
        </div>
      ) : null}
      {facets.map((facet) => {
        const selected = facetFilter(state, facet.id);
        return (
          <LazyDropdownMenu
            key={facet.id}
            load={loadFacetMenu}
            menuProps={{ facet, selected, state, go }}
            trigger={
              <Button variant="outline" size="sm" className="border-dashed" data-testid={`facet-${facet.id}`}>
                <ListFilter />
                {facet.title}
                {selected.length > 0 ? (
                  <Badge variant="secondary" className="rounded-sm px-1 font-normal">
                    {selected.length === 1
                      ? (facet.options.find((o) => o.value === selected[0])?.label ?? selected[0])
                      : t("filter-selected", { count: selected.length })}
                  </Badge>
                ) : null}
              </Button>
            }
          />
        );
      })}
      {state.filters.length > 0 ? (
        <Button variant="ghost" size="sm" onClick={() => go({ ...state, filters: [], page: 0 })}>
          {t("reset-filters")}
          <X />
        </Button>
      ) : null}
      <div className="ml-auto flex flex-wrap items-center gap-2">
        {props.end}
        {hideable.length > 0 ? (
          <LazyDropdownMenu
            load={loadColumnsMenu}
            menuProps={{ columns: hideable }}
            trigger={
              <Button variant="outline" size="sm" aria-label={t("toggle-columns")} data-testid="data-table-columns">
                <Settings2 />
                {t("columns")}
              </Button>
            }
          />
        ) : null}
      </div>
    </div>
  );
}
