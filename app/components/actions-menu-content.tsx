import { Fragment } from "react";
import type { LazyMenuProps } from "~/components/lazy-dropdown-menu";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import type { ActionItem } from "./lazy-actions-menu";

/** The menu LazyActionsMenu loads (lazy-actions-menu.tsx). */
export function ActionsMenuContent({ items, trigger, defaultOpen }: { items: ActionItem[] } & LazyMenuProps) {
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {items.map((item, index) => (
          <Fragment key={index}>
            {item.separatorBefore ? <DropdownMenuSeparator /> : null}
            <DropdownMenuItem
              variant={item.destructive ? "destructive" : "default"}
              disabled={item.disabled}
              onSelect={item.onSelect}
              data-testid={item.testId}
            >
              {item.icon}
              {item.label}
            </DropdownMenuItem>
          </Fragment>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
