import { useTranslation } from "react-i18next";
import type { LazyMenuProps } from "~/components/lazy-dropdown-menu";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { helpItems } from "./help-menu";

/** The help menu itself, loaded when its trigger is pointed at, focused or pressed (help-menu.tsx). */
export function HelpMenuContent({ trigger, defaultOpen }: LazyMenuProps) {
  const { t } = useTranslation();
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        {helpItems(t).map(({ href, label, icon: Icon }) => (
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
