import { ChevronLeft, ChevronRight, Search } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useSearchParams } from "react-router";
import type { EventDisplayStatus } from "#domain/events/event-past";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";

/** Zero-based page from the query (spec §2 table convention), never negative. */
export function pageFromQuery(value: string | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page > 0 ? page : 0;
}

/**
 * The search box of an admin list (`?q=`), submitted with Enter. `children` are hidden inputs that keep the list's
 * other filters; `section` picks the "<section>.search-…" strings of the admin namespace.
 */
export function AdminSearchForm({
  section,
  search,
  children,
}: {
  section: "events" | "organizations";
  search: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation("admin");
  return (
    <Form method="get" role="search" className="relative w-full md:w-80">
      {children}
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      <Input
        type="search"
        name="q"
        defaultValue={search}
        placeholder={t(`${section}.search-placeholder`)}
        aria-label={t(`${section}.search-label`)}
        className="bg-background pl-9"
      />
      <Button type="submit" className="sr-only">
        {t(`${section}.search-submit`)}
      </Button>
    </Form>
  );
}

export function Pagination({ page, pageSize, total }: { page: number; pageSize: number; total: number }) {
  const { t } = useTranslation("admin");
  const [searchParams] = useSearchParams();
  const pages = Math.max(Math.ceil(total / pageSize), 1);
  if (pages <= 1) return null;
  const href = (target: number) => {
    const next = new URLSearchParams(searchParams);
    if (target === 0) next.delete("page");
    else next.set("page", String(target));
    const search = next.toString();
    return search ? `?${search}` : "?";
  };
  return (
    <nav aria-label={t("pagination.label")} className="flex items-center justify-between gap-4 pt-2 text-sm">
      <span className="text-muted-foreground">{t("pagination.page", { page: page + 1, pages })}</span>
      <div className="flex gap-2">
        {page > 0 ? (
          <Button asChild variant="outline" size="sm">
            <Link to={href(page - 1)} rel="prev">
              <ChevronLeft aria-hidden />
              {t("pagination.previous")}
            </Link>
          </Button>
        ) : (
          <Button variant="outline" size="sm" disabled>
            <ChevronLeft aria-hidden />
            {t("pagination.previous")}
          </Button>
        )}
        {page + 1 < pages ? (
          <Button asChild variant="outline" size="sm">
            <Link to={href(page + 1)} rel="next">
              {t("pagination.next")}
              <ChevronRight aria-hidden />
            </Link>
          </Button>
        ) : (
          <Button variant="outline" size="sm" disabled>
            {t("pagination.next")}
            <ChevronRight aria-hidden />
          </Button>
        )}
      </div>
    </nav>
  );
}

const statusVariant = { draft: "outline", published: "default", past: "secondary", archived: "secondary" } as const;

export function EventStatusBadge({ status }: { status: EventDisplayStatus }) {
  const { t } = useTranslation("admin");
  return <Badge variant={statusVariant[status]}>{t(`status.${status}`)}</Badge>;
}

export function StatCard({
  label,
  value,
  detail,
  icon: Icon,
  testId,
}: {
  label: string;
  value: string;
  detail?: React.ReactNode;
  icon: React.ComponentType<{ className?: string; "aria-hidden"?: boolean }>;
  testId?: string;
}) {
  return (
    <Card className="gap-3" data-testid={testId}>
      <CardHeader>
        <CardDescription className="flex items-center gap-2">
          <Icon className="size-4" aria-hidden />
          {label}
        </CardDescription>
        <CardTitle className="text-2xl tabular-nums md:text-3xl">{value}</CardTitle>
      </CardHeader>
      {detail ? <CardContent className="text-sm text-muted-foreground">{detail}</CardContent> : null}
    </Card>
  );
}
