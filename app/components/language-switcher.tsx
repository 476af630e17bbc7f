import { Languages } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useFetcher, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { selectableLanguages } from "~/lib/i18n-config";

export function useChangeLanguage() {
  const fetcher = useFetcher();
  const location = useLocation();
  return (locale: string) =>
    fetcher.submit(
      { locale, redirectTo: `${location.pathname}${location.search}` },
      { method: "post", action: "/resources/locale" },
    );
}

/** Compact selector for the auth pages; the account menu has its own sub-menu. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const changeLanguage = useChangeLanguage();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={t("account.language")} data-testid="language-switcher">
          <Languages aria-hidden />
          {t(`languages.${i18n.language === "en" ? "en" : "fr"}`)}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{t("account.language")}</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={i18n.language} onValueChange={changeLanguage}>
          {selectableLanguages.map((lng) => (
            <DropdownMenuRadioItem key={lng} value={lng}>
              {t(`languages.${lng}`)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
