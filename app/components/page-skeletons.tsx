import { Skeleton } from "~/components/ui/skeleton";
import { TicketsSkeleton } from "~/components/tickets/tickets-skeleton";

/** Loading placeholders by page type (spec §2: table pages, team, order messages, dashboard). */
function TablePageSkeleton() {
  return (
    <div className="space-y-4" aria-busy="true" data-testid="skeleton-table">
      <div className="flex items-center justify-between gap-4">
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-9 w-32" />
      </div>
      <div className="flex gap-2">
        <Skeleton className="h-9 w-64" />
        <Skeleton className="h-9 w-24" />
        <Skeleton className="h-9 w-24" />
      </div>
      <div className="rounded-lg border bg-background">
        {Array.from({ length: 8 }, (_, i) => (
          <div key={i} className="flex items-center gap-4 border-b p-3 last:border-b-0">
            <Skeleton className="size-4" />
            <Skeleton className="h-4 flex-1" />
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-4 w-24" />
          </div>
        ))}
      </div>
    </div>
  );
}

export function TeamPageSkeleton() {
  return (
    <div className="space-y-4" aria-busy="true" data-testid="skeleton-team">
      <Skeleton className="h-8 w-40" />
      {Array.from({ length: 4 }, (_, i) => (
        <div key={i} className="flex items-center gap-3 rounded-lg border bg-background p-4">
          <Skeleton className="size-10 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-48" />
            <Skeleton className="h-3 w-64" />
          </div>
          <Skeleton className="h-8 w-28" />
        </div>
      ))}
    </div>
  );
}

function OrderMessagesSkeleton() {
  return (
    <div className="space-y-6" aria-busy="true" data-testid="skeleton-order-messages">
      <Skeleton className="h-8 w-64" />
      {/* Each message: its editor beside the preview of where it appears (side by side from lg). */}
      {Array.from({ length: 2 }, (_, i) => (
        <div key={i} className="space-y-4 rounded-lg border bg-background p-4">
          <div className="space-y-2">
            <Skeleton className="h-5 w-56" />
            <Skeleton className="h-4 w-72 max-w-full" />
          </div>
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
            <Skeleton className="h-64 w-full" />
            <Skeleton className="h-56 w-full" />
          </div>
        </div>
      ))}
    </div>
  );
}

function DashboardSkeleton() {
  return (
    <div className="space-y-6" aria-busy="true" data-testid="skeleton-dashboard">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-28 rounded-xl" />
        ))}
      </div>
      <Skeleton className="h-72 rounded-xl" />
    </div>
  );
}

const eventAreaOf = (pathname: string) => /^\/event\/(\d+)(\/|$)/.exec(pathname)?.[1] ?? null;

/**
 * Which skeleton a pending navigation from `currentPathname` to `pathname` shows. Moves inside one event's area keep
 * the event layout (header, dialogs) mounted, so they show none here.
 */
export function skeletonForPath(pathname: string, currentPathname: string): React.ReactNode | null {
  const targetEvent = eventAreaOf(pathname);
  if (targetEvent !== null && targetEvent === eventAreaOf(currentPathname)) return null;
  if (/^\/event\/\d+\/(participants|orders|entries)\/?$/.test(pathname)) return <TablePageSkeleton />;
  if (/^\/event\/\d+\/team\/?$/.test(pathname)) return <TeamPageSkeleton />;
  if (/^\/event\/\d+\/(tickets|addons)\/?$/.test(pathname)) return <TicketsSkeleton />;
  if (/^\/event\/\d+\/order-messages\/?$/.test(pathname)) return <OrderMessagesSkeleton />;
  if (/^\/event\/\d+\/?$/.test(pathname)) return <DashboardSkeleton />;
  // The finance tabs share one layout: moving between them keeps it; arriving on a table tab shows the table's shape.
  if (currentPathname.startsWith("/finance")) return null;
  if (/^\/finance\/(transactions|payouts)\/?$/.test(pathname)) return <TablePageSkeleton />;
  return null;
}
