import { Check, ChevronsUpDown, Languages, LogOut, Plus, ShieldCheck, UserRound } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher, useLocation, useSubmit } from "react-router";
import { LanguageRadioGroup, useChangeLanguage } from "~/components/language-switcher";
import { Avatar, AvatarFallback } from "~/components/ui/avatar";
import { Button } from "~/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import type { ShellData } from "./shell-data";

function initials(firstName: string, lastName: string, email: string) {
  const letters = `${firstName.trim()[0] ?? ""}${lastName.trim()[0] ?? ""}`;
  return (letters || email[0] || "?").toUpperCase();
}

export function AccountMenu({ data, onCreateOrganization }: { data: ShellData; onCreateOrganization: () => void }) {
  const { t } = useTranslation();
  const { t: tOrganizations } = useTranslation("organizations");
  const location = useLocation();
  const switcher = useFetcher();
  const changeLanguage = useChangeLanguage();
  const submit = useSubmit();
  const { user, organizations, currentOrganization } = data;
  const displayName = `${user.firstName} ${user.lastName}`.trim() || user.email;
  const organizationTitle = currentOrganization?.title ?? t("account.no-organization");
  const redirectTo = `${location.pathname}${location.search}`;

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
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
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        {/* The full name, email and organization titles, wrapped: the top bar may have shortened them. */}
        <DropdownMenuLabel className="font-normal">
          <div className="text-sm font-medium wrap-anywhere">{displayName}</div>
          <div className="text-xs text-muted-foreground wrap-anywhere">{user.email}</div>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuLabel className="text-xs text-muted-foreground">
          {data.askAdmin ? tOrganizations("switcher.admin-mode") : t("account.organizations")}
        </DropdownMenuLabel>
        <DropdownMenuGroup className="max-h-[200px] overflow-y-auto" data-testid="organization-switcher">
          {organizations.map((organization) => {
            const current = organization.id === currentOrganization?.id;
            return (
              <DropdownMenuItem
                key={organization.id}
                disabled={switcher.state !== "idle"}
                onSelect={() => {
                  if (current) return;
                  void switcher.submit(
                    { organizationId: String(organization.id), redirectTo },
                    { method: "post", action: "/resources/organization" },
                  );
                }}
                aria-current={current ? "true" : undefined}
              >
                <span className="min-w-0 flex-1 wrap-anywhere">{organization.title}</span>
                {organization.viaAdmin ? (
                  <ShieldCheck
                    className="ml-auto text-muted-foreground"
                    aria-label={tOrganizations("switcher.via-admin")}
                  />
                ) : null}
                {current ? (
                  <Check
                    className={organization.viaAdmin ? undefined : "ml-auto"}
                    aria-label={t("account.current-organization")}
                  />
                ) : null}
              </DropdownMenuItem>
            );
          })}
          {organizations.length === 0 ? (
            <DropdownMenuItem disabled>{t("account.no-organization")}</DropdownMenuItem>
          ) : null}
        </DropdownMenuGroup>
        <DropdownMenuItem onSelect={onCreateOrganization} data-testid="create-organization-item">
          <Plus aria-hidden />
          {t("account.create-organization")}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/profile" data-testid="account-settings-item">
            <UserRound aria-hidden />
            {t("account.account-settings")}
          </Link>
        </DropdownMenuItem>
        {data.canAccessAdmin ? (
          <DropdownMenuItem asChild>
            <Link to="/admin">
              <ShieldCheck aria-hidden />
              {t("account.admin-interface")}
            </Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSub>
          <DropdownMenuSubTrigger>
            <Languages aria-hidden />
            {t("account.language")}
          </DropdownMenuSubTrigger>
          <DropdownMenuSubContent>
            <LanguageRadioGroup onChange={changeLanguage} />
          </DropdownMenuSubContent>
        </DropdownMenuSub>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void submit(null, { method: "post", action: "/auth/logout" })}>
          <LogOut aria-hidden />
          {t("account.logout")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
