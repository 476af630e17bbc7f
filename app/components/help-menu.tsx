import { BookOpen, CircleHelp, LifeBuoy, Sparkles } from "lucide-react";
import { useTranslation } from "react-i18next";
import { LazyDropdownMenu } from "~/components/lazy-dropdown-menu";
import { Button } from "~/components/ui/button";
import { NativeMenu, nativeMenuItemClassName } from "~/components/native-menu";
import { externalLinks } from "~/lib/external-links";

export function helpItems(t: (key: "help.documentation" | "help.custom-needs" | "help.contact-support") => string) {
  return [
    { href: externalLinks.documentation, label: t("help.documentation"), icon: BookOpen },
    { href: externalLinks.customNeeds, label: t("help.custom-needs"), icon: Sparkles },
    { href: externalLinks.contactSupport, label: t("help.contact-support"), icon: LifeBuoy },
  ];
}

const loadMenu = () => import("./help-menu-content").then((module) => module.HelpMenuContent);

/** The help menu's trigger, rendered by the server; the menu's code loads when it is needed (LazyDropdownMenu). */
export function HelpMenu({ showLabel = false }: { showLabel?: boolean }) {
  const { t } = useTranslation();
  return (
    <LazyDropdownMenu
      load={loadMenu}
      menuProps={{}}
      trigger={
        <Button variant="ghost" size={showLabel ? "sm" : "icon"} aria-label={t("help.menu")}>
          <CircleHelp aria-hidden />
          {showLabel ? t("help.menu") : null}
        </Button>
      }
    />
  );
}

/** The same menu without JavaScript (auth pages, served as HTML alone): a <details> menu of the same links. */
export function NativeHelpMenu({ group }: { group?: string }) {
  const { t } = useTranslation();
  return (
    <NativeMenu
      group={group}
      contentClassName="w-56"
      trigger={
        <>
          <CircleHelp aria-hidden />
          {t("help.menu")}
        </>
      }
    >
      <ul>
        {helpItems(t).map(({ href, label, icon: Icon }) => (
          <li key={href}>
            <a href={href} target="_blank" rel="noopener noreferrer" className={nativeMenuItemClassName}>
              <Icon aria-hidden className="text-muted-foreground" />
              {label}
            </a>
          </li>
        ))}
      </ul>
    </NativeMenu>
  );
}
