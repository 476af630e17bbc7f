import * as React from "react";
import { Loader2Icon } from "lucide-react";

import { cn } from "~/lib/utils";
import { useUiLabels } from "~/components/ui/ui-labels";

type SpinnerProps = Omit<React.ComponentProps<typeof Loader2Icon>, "aria-label"> & {
  /**
   * Text announced to assistive technology. Defaults to the `UiLabelsProvider` loading label.
   * Pass `null` when the spinner sits next to visible text that already says what is happening.
   */
  label?: string | null;
};

function Spinner({ className, label, ...props }: SpinnerProps) {
  const labels = useUiLabels();
  const a11y =
    label === null
      ? ({ "aria-hidden": true } as const)
      : ({ role: "status", "aria-label": label ?? labels.loading } as const);
  return (
    <Loader2Icon
      data-slot="spinner"
      className={cn("size-4 animate-spin motion-reduce:animate-[spin_1.5s_linear_infinite]", className)}
      {...a11y}
      {...props}
    />
  );
}

export { Spinner, type SpinnerProps };
