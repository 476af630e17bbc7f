import type { Ref } from "react";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
import type { LazySelectProps } from "./lazy-select";

/** The select LazySelect loads (lazy-select.tsx). */
export function SelectWithOptions({
  value,
  onValueChange,
  valueLabel,
  options,
  size,
  defaultOpen,
  triggerRef,
  ...triggerProps
}: LazySelectProps & { defaultOpen: boolean; triggerRef?: Ref<HTMLButtonElement> }) {
  return (
    <Select value={value} onValueChange={onValueChange} defaultOpen={defaultOpen}>
      <SelectTrigger size={size} ref={triggerRef} {...triggerProps}>
        <SelectValue>{valueLabel}</SelectValue>
      </SelectTrigger>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
