import { Hourglass } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { WAITING_LIST_HOLD_HOURS } from "#domain/events/event-input-schema";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Spinner } from "~/components/ui/spinner";

/**
 * The event's waiting-list setting (issue 28 §3): how long an offer holds its places, in hours (1 to 168, 24 by
 * default). A plain form posting the settings call's `waiting_list_hold_hours`; the lists themselves are switched on per
 * ticket.
 */
export function WaitingListSettingsCard({
  holdHours,
  canUpdate,
  busy,
  error,
}: {
  holdHours: number;
  canUpdate: boolean;
  busy: boolean;
  /** The field's error of the last save (an i18n key). */
  error: string | undefined;
}) {
  const { t } = useTranslation("waiting-list");
  const { t: tAny } = useTranslation();
  return (
    <Card data-testid="waiting-list-settings">
      <Form method="post" noValidate className="contents" preventScrollReset>
        <input type="hidden" name="intent" value="settings" />
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Hourglass className="size-4 text-muted-foreground" aria-hidden />
            {t("settings.title")}
          </CardTitle>
          <CardDescription>{t("settings.hint")}</CardDescription>
        </CardHeader>
        <CardContent>
          <Field
            label={t("settings.hold-label")}
            description={t("settings.hold-hint")}
            error={error ? tAny(error as never) : undefined}
            className="max-w-md"
          >
            <Input
              name="waiting_list_hold_hours"
              type="number"
              inputMode="numeric"
              min={WAITING_LIST_HOLD_HOURS.min}
              max={WAITING_LIST_HOLD_HOURS.max}
              defaultValue={holdHours}
              disabled={!canUpdate}
              className="w-32"
            />
          </Field>
        </CardContent>
        {canUpdate ? (
          <CardFooter className="justify-end border-t">
            <Button type="submit" disabled={busy} data-testid="waiting-list-settings-save">
              {busy ? <Spinner label={null} /> : null}
              {t("settings.save")}
            </Button>
          </CardFooter>
        ) : null}
      </Form>
    </Card>
  );
}
