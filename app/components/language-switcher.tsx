import { CircleIcon, Languages } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useFetcher, useLocation } from "react-router";
import { NativeMenu, nativeMenuItemClassName } from "~/components/native-menu";
import { DropdownMenuRadioGroup, DropdownMenuRadioItem } from "~/components/ui/dropdown-menu";
import { selectableLanguages } from "#domain/http/i18n-config";

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

/**
 * The compact selector of the auth pages, without JavaScript (they are served as HTML alone): a <details> menu whose
 * items submit a plain form to /resources/locale, which stores the choice and redirects back to this page. The account
 * menu shows the same choice in a Radix sub-menu (LanguageRadioGroup).
 */
export function NativeLanguageSwitcher({ group }: { group?: string }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const current = i18n.language === "en" ? "en" : "fr";
  return (
    <NativeMenu
      group={group}
      label={t("account.language")}
      testId="language-switcher"
      trigger={
        <>
          <Languages aria-hidden />
          {t(`languages.${current}`)}
        </>
      }
    >
      <form method="post" action="/resources/locale" aria-label={t("account.language")}>
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
        <p className="px-2 py-1.5 text-sm font-medium">{t("account.language")}</p>
        {selectableLanguages.map((lng) => (
          <button
            key={lng}
            type="submit"
            name="locale"
            value={lng}
            aria-current={lng === current ? "true" : undefined}
            lang={lng}
            className={`${nativeMenuItemClassName} py-1.5 pr-2 pl-8`}
          >
            {lng === current ? (
              <span className="pointer-events-none absolute left-2 flex size-3.5 items-center justify-center">
                <CircleIcon className="size-2 fill-current" aria-hidden />
              </span>
            ) : null}
            {t(`languages.${lng}`)}
          </button>
        ))}
      </form>
    </NativeMenu>
  );
}
