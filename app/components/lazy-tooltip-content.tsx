import type { ReactElement, ReactNode } from "react";
import { Tooltip, TooltipContent, TooltipTrigger } from "~/components/ui/tooltip";

/** The tooltip LazyTooltip loads (lazy-tooltip.tsx). */
export function TooltipWithTrigger({
  trigger,
  content,
  contentTestId,
  defaultOpen,
}: {
  trigger: ReactElement;
  content: ReactNode;
  contentTestId?: string;
  defaultOpen: boolean;
}) {
  return (
    <Tooltip defaultOpen={defaultOpen}>
      <TooltipTrigger asChild>{trigger}</TooltipTrigger>
      <TooltipContent data-testid={contentTestId}>{content}</TooltipContent>
    </Tooltip>
  );
}
