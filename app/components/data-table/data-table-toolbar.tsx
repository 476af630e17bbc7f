import type { ReactNode } from "react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ListFilter, Search, Settings2, X } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { Input } from "~/components/ui/input";
import { facetFilter, setFilter, textFilter, type DataTableConfig, type DataTableState } from "~/lib/data-table-url";

export type DataTableFacet = { id: string; title: string; options: { value: string; label: string }[] };

const SEARCH_DELAY_MS = 300;

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
          <DropdownMenu key={facet.id}>
            <DropdownMenuTrigger asChild>
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
            </DropdownMenuTrigger>
            <DropdownMenuContent align="start" className="w-56">
              <DropdownMenuLabel>{facet.title}</DropdownMenuLabel>
              <DropdownMenuSeparator />
              {facet.options.map((option) => (
                <DropdownMenuCheckboxItem
                  key={option.value}
                  checked={selected.includes(option.value)}
                  onSelect={(event) => event.preventDefault()}
                  onCheckedChange={(checked) =>
                    go(
                      setFilter(
                        state,
                        facet.id,
                        checked ? [...selected, option.value] : selected.filter((v) => v !== option.value),
                      ),
                    )
                  }
                >
                  {option.label}
                </DropdownMenuCheckboxItem>
              ))}
              {selected.length > 0 ? (
                <>
                  <DropdownMenuSeparator />
                  <DropdownMenuItem onSelect={() => go(setFilter(state, facet.id, []))}>
                    <X />
                    {t("clear-filter")}
                  </DropdownMenuItem>
                </>
              ) : null}
            </DropdownMenuContent>
          </DropdownMenu>
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
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="outline" size="sm" aria-label={t("toggle-columns")} data-testid="data-table-columns">
                <Settings2 />
                {t("columns")}
              </Button>
            </DropdownMenuTrigger>
            {/* A column per form question makes this menu long: it keeps clear of the window's edges and scrolls inside
                what is left (Radix's available height already counts the collision padding). */}
            <DropdownMenuContent
              align="end"
              collisionPadding={8}
              className="max-h-[min(var(--radix-dropdown-menu-content-available-height),32rem)] w-64 max-w-[calc(100vw-1rem)]"
              data-testid="data-table-columns-menu"
            >
              <DropdownMenuLabel>{t("toggle-columns")}</DropdownMenuLabel>
              <DropdownMenuSeparator />
              {hideable.map((column) => (
                <DropdownMenuCheckboxItem
                  key={column.id}
                  checked={column.visible}
                  onSelect={(event) => event.preventDefault()}
                  onCheckedChange={(value) => column.toggle(value)}
                  data-column={column.id}
                >
                  {column.label}
                </DropdownMenuCheckboxItem>
              ))}
            </DropdownMenuContent>
          </DropdownMenu>
        ) : null}
      </div>
    </div>
  );
}
