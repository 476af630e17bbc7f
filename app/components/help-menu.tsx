import { BookOpen, CircleHelp, LifeBuoy, Sparkles } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { externalLinks } from "~/lib/external-links";

export function HelpMenu({ showLabel = false }: { showLabel?: boolean }) {
  const { t } = useTranslation();
  const items = [
    { href: externalLinks.documentation, label: t("help.documentation"), icon: BookOpen },
    { href: externalLinks.customNeeds, label: t("help.custom-needs"), icon: Sparkles },
    { href: externalLinks.contactSupport, label: t("help.contact-support"), icon: LifeBuoy },
  ];
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size={showLabel ? "sm" : "icon"} aria-label={t("help.menu")}>
          <CircleHelp aria-hidden />
          {showLabel ? t("help.menu") : null}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        {items.map(({ href, label, icon: Icon }) => (
          <DropdownMenuItem key={href} asChild>
            <a href={href} target="_blank" rel="noopener noreferrer">
              <Icon aria-hidden />
              {label}
            </a>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
