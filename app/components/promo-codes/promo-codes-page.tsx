import { Layers, Pencil, Plus, TicketPercent, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { toast } from "~/lib/toast";
import { FormError } from "~/components/form-error";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "~/components/ui/alert-dialog-lazy";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
} from "~/components/ui/sheet-lazy";
import { Spinner } from "~/components/ui/spinner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatDateTime, formatMoney, formatNumber, intlLocale } from "#domain/shared/format";
import { useFocusFirstInvalid } from "~/lib/use-focus-first-invalid";
import { PromoCodeFields } from "./promo-code-fields";
import type { PromoCodesActionResult, PromoCodesPageData, PromoCodeView } from "./promo-code-types";

type Panel = { kind: "create" } | { kind: "edit"; code: PromoCodeView } | { kind: "bulk" } | null;

/** The promo codes page (spec §2 promos, issue 9): list, create, edit, bulk creation and delete. */
export function PromoCodesPage({ data }: { data: PromoCodesPageData }) {
  const { t, i18n } = useTranslation("promo-codes");
  const locale = intlLocale(i18n.language);
  const [panel, setPanel] = useState<Panel>(null);
  const [deleting, setDeleting] = useState<PromoCodeView | null>(null);
  const save = useFetcher<PromoCodesActionResult>({ key: `promo-save-${data.eventId}` });
  const remove = useFetcher<PromoCodesActionResult>({ key: `promo-delete-${data.eventId}` });
  const formRef = useRef<HTMLFormElement>(null);
  const handled = useRef<unknown>(null);
  const failure = save.data && !save.data.ok ? save.data : null;
  useFocusFirstInvalid(formRef, save.state === "idle" ? failure?.errors : undefined);

  useEffect(() => {
    for (const fetcher of [save, remove]) {
      const answer = fetcher.data;
      if (fetcher.state !== "idle" || !answer || handled.current === answer) continue;
      handled.current = answer;
      if (answer.ok) {
        if (answer.intent === "delete") toast.success(t("toasts.deleted"));
        else if (answer.intent === "bulk") toast.success(t("toasts.bulk-created", { count: answer.count }));
        else toast.success(t("toasts.saved"));
        setPanel(null);
        setDeleting(null);
      } else if (fetcher === remove) {
        toast.error(t("toasts.delete-failed"));
      }
    }
  }, [save, remove, t]);

  const ticketTitle = new Map(data.tickets.map((ticket) => [ticket.id, ticket.title]));
  const describeDiscount = (code: PromoCodeView) =>
    code.discountType === "percent"
      ? `-${formatNumber(code.discount, locale)} %`
      : `-${formatMoney(code.discount, locale)}`;
  const describeValidity = (code: PromoCodeView) => {
    if (!code.startAt && !code.endAt) return t("list.always");
    if (code.startAt && code.endAt) {
      return t("list.from-to", {
        start: formatDateTime(code.startAt, locale, data.timezone),
        end: formatDateTime(code.endAt, locale, data.timezone),
      });
    }
    if (code.startAt) return t("list.from", { start: formatDateTime(code.startAt, locale, data.timezone) });
    return t("list.until", { end: formatDateTime(code.endAt!, locale, data.timezone) });
  };
  const busy = save.state !== "idle";
  const editing = panel?.kind === "edit" ? panel.code : null;

  return (
    <div className="grid gap-6" data-testid="promo-codes-page">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <h2 className="text-lg font-semibold tracking-tight">{t("page.title")}</h2>
          <p className="text-sm text-muted-foreground">{t("page.description")}</p>
        </div>
        {data.canUpdate ? (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setPanel({ kind: "bulk" })} data-testid="promo-bulk-open">
              <Layers aria-hidden />
              {t("page.bulk")}
            </Button>
            <Button onClick={() => setPanel({ kind: "create" })} data-testid="promo-create-open">
              <Plus aria-hidden />
              {t("page.create")}
            </Button>
          </div>
        ) : null}
      </div>

      {data.codes.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
            <TicketPercent className="size-10 text-muted-foreground" aria-hidden />
            <p className="font-medium">{t("page.empty-title")}</p>
            <p className="max-w-md text-sm text-muted-foreground">{t("page.empty-description")}</p>
          </CardContent>
        </Card>
      ) : (
        <Card className="overflow-hidden py-0">
          <div className="overflow-x-auto">
            <Table data-testid="promo-codes-table">
              <TableHeader>
                <TableRow>
                  <TableHead>{t("list.code")}</TableHead>
                  <TableHead>{t("list.discount")}</TableHead>
                  <TableHead>{t("list.tickets")}</TableHead>
                  <TableHead>{t("list.validity")}</TableHead>
                  <TableHead className="text-right">{t("list.uses")}</TableHead>
                  {data.canUpdate ? <TableHead className="sr-only">{t("list.actions")}</TableHead> : null}
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.codes.map((code) => (
                  <TableRow key={code.key} data-testid={`promo-row-${code.key}`}>
                    <TableCell className="font-mono font-medium">{code.key}</TableCell>
                    <TableCell>{describeDiscount(code)}</TableCell>
                    <TableCell className="max-w-64">
                      {code.tickets.length === 0 ? (
                        <span className="text-muted-foreground">{t("list.all-tickets")}</span>
                      ) : (
                        <div className="flex flex-wrap gap-1">
                          {code.tickets.map((id) => (
                            <Badge key={id} variant="secondary" className="max-w-40 truncate">
                              {ticketTitle.get(id) ?? `#${id}`}
                            </Badge>
                          ))}
                        </div>
                      )}
                    </TableCell>
                    <TableCell className="text-sm whitespace-nowrap">
                      <div className="flex flex-wrap items-center gap-2">
                        <span className={code.state === "active" ? undefined : "text-muted-foreground"}>
                          {describeValidity(code)}
                        </span>
                        {code.state === "active" ? null : (
                          <Badge
                            variant={code.state === "scheduled" ? "secondary" : "outline"}
                            data-testid="promo-state"
                          >
                            {t(`list.state.${code.state}`)}
                          </Badge>
                        )}
                      </div>
                    </TableCell>
                    <TableCell className="text-right tabular-nums whitespace-nowrap">
                      {code.maxUses === -1
                        ? t("list.uses-unlimited", { used: formatNumber(code.useCount, locale) })
                        : t("list.uses-of", {
                            used: formatNumber(code.useCount, locale),
                            max: formatNumber(code.maxUses, locale),
                          })}
                    </TableCell>
                    {data.canUpdate ? (
                      <TableCell className="text-right whitespace-nowrap">
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={t("list.edit", { code: code.key })}
                          onClick={() => setPanel({ kind: "edit", code })}
                        >
                          <Pencil aria-hidden />
                        </Button>
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={t("list.delete", { code: code.key })}
                          onClick={() => setDeleting(code)}
                        >
                          <Trash2 aria-hidden />
                        </Button>
                      </TableCell>
                    ) : null}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        </Card>
      )}

      <Sheet open={panel !== null} onOpenChange={(open) => !open && !busy && setPanel(null)}>
        <SheetContent className="w-full overflow-y-auto sm:max-w-lg" data-testid="promo-panel">
          <save.Form
            method="post"
            ref={formRef}
            noValidate
            className="flex min-h-full flex-col"
            key={panel ? `${panel.kind}-${editing?.key ?? ""}` : "closed"}
          >
            <SheetHeader>
              <SheetTitle>
                {panel?.kind === "bulk"
                  ? t("panel.bulk-title")
                  : editing
                    ? t("panel.edit-title", { code: editing.key })
                    : t("panel.create-title")}
              </SheetTitle>
              <SheetDescription>
                {panel?.kind === "bulk" ? t("panel.bulk-description") : t("panel.description")}
              </SheetDescription>
            </SheetHeader>
            <div className="grid gap-4 px-4 pb-4">
              <FormError message={failure?.errors.formError} />
              <input type="hidden" name="intent" value={panel?.kind === "bulk" ? "bulk" : "save"} />
              {editing ? <input type="hidden" name="editing" value="true" /> : null}
              <PromoCodeFields
                mode={panel?.kind === "bulk" ? "bulk" : editing ? "edit" : "create"}
                code={editing}
                tickets={data.tickets}
                timezone={data.timezone}
                errors={failure?.errors.fields}
                values={failure?.values}
              />
            </div>
            <SheetFooter className="mt-auto border-t">
              <Button type="submit" disabled={busy} data-testid="promo-save">
                {busy ? <Spinner label={null} /> : null}
                {panel?.kind === "bulk" ? t("panel.bulk-submit") : t("panel.save")}
              </Button>
              <Button type="button" variant="outline" onClick={() => setPanel(null)} disabled={busy}>
                {t("panel.cancel")}
              </Button>
            </SheetFooter>
          </save.Form>
        </SheetContent>
      </Sheet>

      <AlertDialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        <AlertDialogContent data-testid="promo-delete-dialog">
          <AlertDialogHeader>
            <AlertDialogTitle>{t("delete.title", { code: deleting?.key ?? "" })}</AlertDialogTitle>
            <AlertDialogDescription>
              {deleting && deleting.useCount > 0
                ? t("delete.description-used", { count: deleting.useCount })
                : t("delete.description")}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t("panel.cancel")}</AlertDialogCancel>
            <AlertDialogAction
              className="bg-destructive text-white hover:bg-destructive/90"
              onClick={() =>
                deleting && void remove.submit({ intent: "delete", key: deleting.key }, { method: "post" })
              }
            >
              {t("delete.confirm")}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
