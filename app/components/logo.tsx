import { Ticket } from "lucide-react";
import { cn } from "~/lib/utils";

export function Logo({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  return (
    <span className={cn("inline-flex items-center gap-2 font-semibold tracking-tight", className)}>
      <span
        className={cn(
          "grid size-8 place-items-center rounded-lg",
          inverted ? "bg-white text-primary" : "bg-primary text-primary-foreground",
        )}
      >
        <Ticket className="size-4" aria-hidden />
      </span>
      <span className="text-lg">Guichet</span>
    </span>
  );
}
