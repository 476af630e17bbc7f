import { Plus, Puzzle, Tag } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher, useLocation, useNavigation, useSearchParams } from "react-router";
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
import { Button } from "~/components/ui/button";
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
} from "~/components/ui/sheet-lazy";
import { Spinner } from "~/components/ui/spinner";
import { eventPath } from "~/lib/event-navigation";
import { useFocusFirstInvalid } from "~/lib/use-focus-first-invalid";
import { EventCapacityCard } from "./event-capacity-card";
import { TicketFormFields } from "./ticket-form-fields";
import { TicketList } from "./ticket-list";
import { TicketsSkeleton } from "./tickets-skeleton";
import type { TicketsActionResult, TicketsPageData, TicketView } from "./ticket-types";

/** An add-on is announced as an add-on ('Add-on créé'), not as a ticket. */
function itemToastKey(ticketType: "ticket" | "addon", name: "created" | "updated" | "deleted" | "failed") {
  return ticketType === "addon" ? (`toasts.addon-${name}` as const) : (`toasts.${name}` as const);
}

/** The tickets page or the add-ons page (spec §2): the same model, `ticket_type` apart; capacity on the tickets page. */
export function TicketsPage({ data }: { data: TicketsPageData }) {
  const { t } = useTranslation("tickets");
  const section = data.ticketType === "addon" ? "addons" : "tickets";
  const [createOpen, setCreateOpen] = useState(false);
  const [deleting, setDeleting] = useState<TicketView | null>(null);
  const changes = useFetcher<TicketsActionResult>({ key: `tickets-${data.eventId}` });
  const creation = useFetcher<TicketsActionResult>({ key: `ticket-create-${data.eventId}` });
  const formRef = useRef<HTMLFormElement>(null);
  const handled = useRef<unknown>(null);
  const handledCreation = useRef<unknown>(null);
  const [searchParams] = useSearchParams();
  const ticketType = data.ticketType;

  // The edit page comes back here with ?updated= or ?deleted=: say so once, then clean the address bar.
  useEffect(() => {
    const key = searchParams.has("updated") ? "updated" : searchParams.has("deleted") ? "deleted" : null;
    if (!key) return;
    toast.success(t(itemToastKey(ticketType, key)));
    const url = new URL(window.location.href);
    url.searchParams.delete("updated");
    url.searchParams.delete("deleted");
    window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
  }, [searchParams, t, ticketType]);

  useEffect(() => {
    const result = changes.data;
    if (changes.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (result.ok) {
      toast.success(
        result.intent === "delete"
          ? t(itemToastKey(ticketType, "deleted"))
          : result.intent === "reorder"
            ? t("toasts.reordered")
            : result.intent === "capacity"
              ? t("capacity.saved")
              : t(itemToastKey(ticketType, "updated")),
      );
    } else if (!result.errors.fields?.event_capacity) {
      toast.error(t(itemToastKey(ticketType, "failed")));
    }
  }, [changes.state, changes.data, t, ticketType]);

  useEffect(() => {
    const result = creation.data;
    if (creation.state !== "idle" || !result || handledCreation.current === result) return;
    handledCreation.current = result;
    if (result.ok) {
      toast.success(t(itemToastKey(ticketType, "created")));
      setCreateOpen(false);
    }
  }, [creation.state, creation.data, t, ticketType]);

  const creationErrors = creation.data && !creation.data.ok ? creation.data : null;
  useFocusFirstInvalid(formRef, creationErrors?.errors);
  const creating = creation.state !== "idle";
  const navigation = useNavigation();
  const location = useLocation();
  // Going from the tickets to the add-ons (or back) keeps this page up until the other one has loaded: show its shape.
  const target = navigation.state === "loading" ? navigation.location.pathname : null;
  if (target && target !== location.pathname && /^\/event\/\d+\/(tickets|addons)\/?$/.test(target))
    return <TicketsSkeleton />;

  return (
    <div className="grid gap-6" data-testid={`${section}-page`}>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <h2 className="text-lg font-semibold tracking-tight">{t(`${section}.title`)}</h2>
          <p className="max-w-2xl text-sm text-muted-foreground">{t(`${section}.description`)}</p>
        </div>
        {data.canUpdate ? (
          <Button onClick={() => setCreateOpen(true)} data-testid="ticket-create">
            <Plus className="size-4" aria-hidden />
            {t(`${section}.create`)}
          </Button>
        ) : null}
      </div>

      {data.ticketType === "ticket" ? (
        <EventCapacityCard
          fetcher={changes}
          eventCapacity={data.eventCapacity}
          ticketsPurchased={data.ticketsPurchased}
          canUpdate={data.canUpdate}
        />
      ) : null}

      {data.tickets.length === 0 ? (
        <div
          className="grid justify-items-center gap-3 rounded-lg border border-dashed px-6 py-12 text-center"
          data-testid="tickets-empty"
        >
          <span className="flex size-12 items-center justify-center rounded-full bg-muted">
            {data.ticketType === "addon" ? (
              <Puzzle className="size-5" aria-hidden />
            ) : (
              <Tag className="size-5" aria-hidden />
            )}
          </span>
          <p className="font-medium">{t(`${section}.empty-title`)}</p>
          <p className="max-w-sm text-sm text-muted-foreground">{t(`${section}.empty-description`)}</p>
          {data.canUpdate ? (
            <Button variant="outline" onClick={() => setCreateOpen(true)}>
              <Plus className="size-4" aria-hidden />
              {t(`${section}.create`)}
            </Button>
          ) : null}
        </div>
      ) : (
        <TicketList
          tickets={data.tickets}
          canUpdate={data.canUpdate}
          eventDraft={data.eventDraft}
          editPath={(ticket) => `${eventPath(data.eventId, "tickets")}/${ticket.id}`}
          onReorder={(ids) => void changes.submit({ intent: "reorder", ids: ids.join(",") }, { method: "post" })}
          onDelete={setDeleting}
        />
      )}

      <Sheet open={createOpen} onOpenChange={setCreateOpen}>
        <SheetContent className="w-full gap-0 sm:max-w-xl" data-testid="ticket-sheet">
          <SheetHeader className="border-b">
            <SheetTitle>{t(`${section}.new`)}</SheetTitle>
            <SheetDescription>{t(`${section}.description`)}</SheetDescription>
          </SheetHeader>
          <creation.Form method="post" ref={formRef} noValidate className="flex min-h-0 flex-1 flex-col">
            <input type="hidden" name="intent" value="create" />
            <div className="grid flex-1 gap-4 overflow-y-auto p-4">
              <FormError
                message={creationErrors && !creationErrors.errors.fields ? creationErrors.errors.formError : undefined}
              />
              {createOpen ? (
                <TicketFormFields
                  key={creation.data && creation.data.ok ? `done-${creation.data.ticketId}` : "new"}
                  ticket={null}
                  ticketType={data.ticketType}
                  timezone={data.timezone}
                  taxRates={data.taxRates}
                  errors={creationErrors?.errors}
                  values={creationErrors?.values}
                />
              ) : null}
            </div>
            <SheetFooter className="flex-row justify-end border-t">
              <Button type="button" variant="outline" onClick={() => setCreateOpen(false)}>
                {t("form.cancel")}
              </Button>
              <Button type="submit" disabled={creating} data-testid="ticket-submit">
                {creating ? <Spinner label={null} /> : null}
                {t("form.create")}
              </Button>
            </SheetFooter>
          </creation.Form>
        </SheetContent>
      </Sheet>

      <AlertDialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t("delete.title", { title: deleting?.title ?? "" })}</AlertDialogTitle>
            <AlertDialogDescription>{t("delete.description")}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t("delete.cancel")}</AlertDialogCancel>
            <AlertDialogAction
              data-testid="ticket-delete-confirm"
              className="bg-destructive text-white hover:bg-destructive/90"
              onClick={() => {
                if (deleting)
                  void changes.submit({ intent: "delete", ticket_id: String(deleting.id) }, { method: "post" });
                setDeleting(null);
              }}
            >
              {t("delete.confirm")}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
