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

/**
 * The languages as radio items of a dropdown menu, the current one checked. `onChange` comes from useChangeLanguage in
 * a component that stays mounted: the menu content unmounts on select, and its fetcher with it.
 */
export function LanguageRadioGroup({ onChange }: { onChange: (locale: string) => void }) {
  const { t, i18n } = useTranslation();
  return (
    <DropdownMenuRadioGroup value={i18n.language} onValueChange={onChange}>
      {selectableLanguages.map((lng) => (
        <DropdownMenuRadioItem key={lng} value={lng}>
          {t(`languages.${lng}`)}
        </DropdownMenuRadioItem>
      ))}
    </DropdownMenuRadioGroup>
  );
}

/** Compact selector for the auth pages; the account menu shows the same choice in a sub-menu. */
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
        <LanguageRadioGroup onChange={changeLanguage} />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
