import { cn } from "~/lib/utils";

/**
 * An email address in a table cell: cut with an ellipsis from sm up, with the whole address on hover (title), and
 * wrapped anywhere on a phone, where a column is too narrow for any address.
 */
export function EmailCell({ email, className }: { email: string; className?: string }) {
  return (
    <span
      title={email}
      className={cn("block truncate max-sm:overflow-visible max-sm:break-all max-sm:whitespace-normal", className)}
      data-testid="email-cell"
    >
      {email}
    </span>
  );
}
