import { X } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { LazyMenuProps } from "~/components/lazy-dropdown-menu";
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { setFilter, type DataTableState } from "~/lib/data-table-url";
import type { DataTableFacet, ToggleableColumn } from "./data-table-toolbar";

/** A filter's menu of the data table toolbar, loaded when its trigger is pointed at, focused or pressed. */
export function FacetMenu({
  facet,
  selected,
  state,
  go,
  trigger,
  defaultOpen,
}: {
  facet: DataTableFacet;
  selected: string[];
  state: DataTableState;
  go: (next: DataTableState) => void;
} & LazyMenuProps) {
  const { t } = useTranslation("data-table");
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
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
}

/** The toolbar's column menu, loaded when its trigger is pointed at, focused or pressed. */
export function ColumnsMenu({ columns, trigger, defaultOpen }: { columns: ToggleableColumn[] } & LazyMenuProps) {
  const { t } = useTranslation("data-table");
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
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
        {columns.map((column) => (
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
  );
}
