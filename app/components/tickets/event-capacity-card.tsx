import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { FetcherWithComponents } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Spinner } from "~/components/ui/spinner";
import type { TicketsActionResult } from "./ticket-types";

/** Spec §3 event_capacity (-1 = unlimited), edited on the tickets page; add-ons never count toward it. */
export function EventCapacityCard({
  fetcher,
  eventCapacity,
  ticketsPurchased,
  canUpdate,
}: {
  fetcher: FetcherWithComponents<TicketsActionResult>;
  eventCapacity: number;
  ticketsPurchased: number;
  canUpdate: boolean;
}) {
  const { t } = useTranslation("tickets");
  const { t: tAny } = useTranslation();
  const [unlimited, setUnlimited] = useState(eventCapacity === -1);
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("intent") === "capacity";
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.errors.fields?.event_capacity : undefined;

  return (
    <Card className="gap-4 py-4" data-testid="event-capacity">
      <CardHeader className="px-4">
        <CardTitle className="text-base">{t("capacity.title")}</CardTitle>
        <CardDescription>{t("capacity.description")}</CardDescription>
      </CardHeader>
      <CardContent className="px-4">
        <fetcher.Form method="post" className="flex flex-wrap items-end gap-4" noValidate>
          <input type="hidden" name="intent" value="capacity" />
          <Field label={t("capacity.label")} error={error ? tAny(error as never) : undefined} className="w-40">
            <Input
              type="number"
              name="event_capacity"
              min={0}
              key={`${eventCapacity}-${unlimited}`}
              defaultValue={unlimited || eventCapacity === -1 ? "" : String(eventCapacity)}
              placeholder={unlimited ? "∞" : undefined}
              disabled={!canUpdate || unlimited}
            />
          </Field>
          <label className="flex h-9 items-center gap-2 text-sm">
            <Checkbox
              name="unlimited"
              checked={unlimited}
              onCheckedChange={(value) => setUnlimited(value === true)}
              disabled={!canUpdate}
            />
            {t("capacity.unlimited")}
          </label>
          <span
            className="flex h-9 items-center text-sm text-muted-foreground tabular-nums"
            data-testid="capacity-sold"
          >
            {t("capacity.sold", { sold: ticketsPurchased })}
          </span>
          {canUpdate ? (
            <Button type="submit" variant="outline" disabled={busy} className="sm:ml-auto" data-testid="capacity-save">
              {busy ? <Spinner label={null} /> : null}
              {t("capacity.save")}
            </Button>
          ) : null}
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
