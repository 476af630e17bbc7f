import { Check, Languages, LogOut, Plus, ShieldCheck, UserRound } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher, useLocation, useSubmit } from "react-router";
import type { LazyMenuProps } from "~/components/lazy-dropdown-menu";
import { LanguageRadioGroup, useChangeLanguage } from "~/components/language-switcher";
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
import { accountNames, type AccountMenuProps } from "./account-menu";

/** The account menu itself, loaded when its trigger is pointed at, focused or pressed (account-menu.tsx). */
export function AccountMenuContent({
  data,
  onCreateOrganization,
  trigger,
  defaultOpen,
}: AccountMenuProps & LazyMenuProps) {
  const { t } = useTranslation();
  const { t: tOrganizations } = useTranslation("organizations");
  const location = useLocation();
  const switcher = useFetcher();
  const changeLanguage = useChangeLanguage();
  const submit = useSubmit();
  const { user, organizations, currentOrganization } = data;
  const { displayName } = accountNames(data, t("account.no-organization"));
  const redirectTo = `${location.pathname}${location.search}`;

  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
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
