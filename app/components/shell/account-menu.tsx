import { ChevronsUpDown } from "lucide-react";
import { useTranslation } from "react-i18next";
import { LazyDropdownMenu } from "~/components/lazy-dropdown-menu";
import { Avatar, AvatarFallback } from "~/components/ui/avatar";
import { Button } from "~/components/ui/button";
import type { ShellData } from "./shell-data";

export type AccountMenuProps = { data: ShellData; onCreateOrganization: () => void };

function initials(firstName: string, lastName: string, email: string) {
  const letters = `${firstName.trim()[0] ?? ""}${lastName.trim()[0] ?? ""}`;
  return (letters || email[0] || "?").toUpperCase();
}

export function accountNames({ user, currentOrganization }: ShellData, noOrganization: string) {
  const displayName = `${user.firstName} ${user.lastName}`.trim() || user.email;
  return { displayName, organizationTitle: currentOrganization?.title ?? noOrganization };
}

const loadMenu = () => import("./account-menu-content").then((module) => module.AccountMenuContent);

/** The account menu's trigger, rendered by the server; the menu's code loads when it is needed (LazyDropdownMenu). */
export function AccountMenu(props: AccountMenuProps) {
  const { t } = useTranslation();
  const { user } = props.data;
  const { displayName, organizationTitle } = accountNames(props.data, t("account.no-organization"));
  return (
    <LazyDropdownMenu
      load={loadMenu}
      menuProps={props}
      trigger={
        <Button variant="ghost" className="h-10 gap-2 px-2" data-testid="account-menu-trigger">
          {/* A name that contains the visible name and organization (WCAG 2.5.3), not an aria-label replacing them. */}
          <span className="sr-only">{t("account.menu")}</span>
          {/* Titles show the full text on hover; they are not part of the button's accessible name. */}
          <Avatar className="size-8" aria-hidden title={`${displayName} · ${organizationTitle}`}>
            <AvatarFallback className="bg-primary/10 text-xs font-semibold text-primary">
              {initials(user.firstName, user.lastName, user.email)}
            </AvatarFallback>
          </Avatar>
          {/* Below 1024 px the top navigation needs the room: the avatar alone opens the menu, which names both. */}
          <span className="hidden max-w-32 min-w-0 flex-col items-start text-left leading-tight lg:flex xl:max-w-48">
            <span className="max-w-full truncate text-sm font-medium" title={displayName}>
              {displayName}
            </span>
            <span className="max-w-full truncate text-xs text-muted-foreground" title={organizationTitle}>
              {organizationTitle}
            </span>
          </span>
          <ChevronsUpDown className="hidden size-4 text-muted-foreground lg:block" aria-hidden />
        </Button>
      }
    />
  );
}
