import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/utils";

/** Items of a NativeMenu: the look of the dropdown menu's items (app/components/ui/dropdown-menu.tsx). */
export const nativeMenuItemClassName =
  "relative flex w-full cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-left text-sm outline-hidden select-none hover:bg-accent hover:text-accent-foreground focus-visible:bg-accent focus-visible:text-accent-foreground [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4";

/**
 * A dropdown menu without JavaScript, for the pages served as HTML alone (app/lib/pages-without-javascript.ts): a
 * <details> whose <summary> is the trigger (Enter or Space opens it, Tab walks the items). Menus sharing a `group` close
 * each other when one opens (exclusive <details name>).
 */
export function NativeMenu({
  trigger,
  label,
  group,
  className,
  contentClassName,
  testId,
  children,
}: {
  trigger: React.ReactNode;
  label?: string;
  group?: string;
  className?: string;
  contentClassName?: string;
  testId?: string;
  children: React.ReactNode;
}) {
  return (
    <details name={group} className={cn("group relative", className)}>
      <summary
        data-testid={testId}
        className={cn(
          buttonVariants({ variant: "ghost", size: "sm" }),
          "cursor-pointer list-none group-open:bg-accent group-open:text-accent-foreground [&::-webkit-details-marker]:hidden",
        )}
      >
        {/* The label joins the visible text instead of replacing it (WCAG 2.5.3, label in name). */}
        {label ? <span className="sr-only">{label}</span> : null}
        {trigger}
      </summary>
      <div
        className={cn(
          "absolute top-full right-0 z-50 mt-1 min-w-[8rem] rounded-md border bg-popover p-1 text-popover-foreground shadow-md",
          contentClassName,
        )}
      >
        {children}
      </div>
    </details>
  );
}
