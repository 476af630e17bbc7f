import { cn } from "~/lib/utils";

/**
 * Why a save button is disabled, said next to it and tied to it with `aria-describedby` (a tooltip would not show:
 * a disabled button receives neither hover nor focus). Renders nothing when there is no reason.
 */
export function SaveDisabledReason({
  id,
  reason,
  className,
}: {
  id: string;
  reason: string | null;
  className?: string;
}) {
  if (!reason) return null;
  return (
    <p id={id} className={cn("text-xs text-muted-foreground", className)} data-testid="save-disabled-reason">
      {reason}
    </p>
  );
}
