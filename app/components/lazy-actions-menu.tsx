import type { ReactElement, ReactNode } from "react";
import { LazyDropdownMenu } from "./lazy-dropdown-menu";

/** One item of an actions menu: what DropdownMenuItem would take, as data. */
export type ActionItem = {
  label: ReactNode;
  icon?: ReactNode;
  onSelect: () => void;
  disabled?: boolean;
  destructive?: boolean;
  separatorBefore?: boolean;
  testId?: string;
};

const loadActionsMenu = () => import("./actions-menu-content").then((module) => module.ActionsMenuContent);

/** A row's or card's menu of actions, its Radix code loaded when needed (LazyDropdownMenu). Hidden items are left out. */
export function LazyActionsMenu({
  trigger,
  items,
}: {
  trigger: ReactElement<React.ButtonHTMLAttributes<HTMLButtonElement>>;
  items: (ActionItem | null | false)[];
}) {
  return (
    <LazyDropdownMenu
      load={loadActionsMenu}
      menuProps={{ items: items.filter((item): item is ActionItem => Boolean(item)) }}
      trigger={trigger}
    />
  );
}
