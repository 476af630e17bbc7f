import { ChevronLeft, ChevronRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import type { EventDisplayStatus } from "#domain/admin/admin-figures";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

/** Zero-based page from the query (spec §2 table convention), never negative. */
export function pageFromQuery(value: string | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page > 0 ? page : 0;
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
