import { UserRoundPen } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { SELF_SERVICE_MAX_BEFORE } from "#domain/events/event-input-schema";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Spinner } from "~/components/ui/spinner";
import { Switch } from "~/components/ui/switch";

export type SelfServiceSettingsValues = {
  selfServiceEdit: boolean;
  selfServiceEditBefore: number;
  selfServiceEditUnit: "hours" | "days";
  selfServiceTransfer: boolean;
  selfServiceTransferBefore: number;
  selfServiceTransferUnit: "hours" | "days";
  selfServiceCancel: boolean;
  selfServiceCancelBefore: number;
  selfServiceCancelUnit: "hours" | "days";
  selfServiceCancelRefund: "full" | "full-minus-fees" | "percentage" | "none";
  /** Basis points: 5000 = 50 %. */
  selfServiceCancelPercentage: number;
};

const REFUNDS = ["full", "full-minus-fees", "percentage", "none"] as const;

const selectClass =
  "h-9 rounded-md border border-input bg-transparent px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50";

/**
 * What buyers may do themselves on their order page (issue 28 §1): edit the participants, transfer a ticket, cancel
 * (with the refund it gives), each until a time before the start. A plain form posting the fields of the settings
 * call (booleans as "true"/"false" hidden inputs, so a switch turned off is sent too; the percentage typed in percent
 * is sent in basis points).
 */
export function SelfServiceSettingsCard({
  values,
  canUpdate,
  busy,
  errors,
}: {
  values: SelfServiceSettingsValues;
  canUpdate: boolean;
  busy: boolean;
  /** Field errors of the last save (i18n keys), by field name. */
  errors: Record<string, string> | undefined;
}) {
  const { t } = useTranslation("event-area");
  const { t: tAny } = useTranslation();
  const [edit, setEdit] = useState(values.selfServiceEdit);
  const [transfer, setTransfer] = useState(values.selfServiceTransfer);
  const [cancel, setCancel] = useState(values.selfServiceCancel);
  const [refund, setRefund] = useState(values.selfServiceCancelRefund);
  const [percent, setPercent] = useState(String(values.selfServiceCancelPercentage / 100));
  const basisPoints = /^\d{1,3}([.,]\d{1,2})?$/.test(percent.trim())
    ? String(Math.round(Number(percent.trim().replace(",", ".")) * 100))
    : percent;
  const percentageError = errors?.self_service_cancel_percentage;

  const rule = (
    action: "edit" | "transfer" | "cancel",
    on: boolean,
    setOn: (value: boolean) => void,
    before: number,
    unit: "hours" | "days",
    extra?: React.ReactNode,
  ) => {
    const error = errors?.[`self_service_${action}_before`];
    return (
      <fieldset className="grid gap-3 rounded-lg border p-4" data-testid={`self-service-${action}`}>
        <legend className="sr-only">{t(`settings.self-service-${action}-label`)}</legend>
        <input type="hidden" name={`self_service_${action}`} value={String(on)} />
        <div className="flex items-start gap-3">
          <Switch
            id={`self-service-${action}`}
            checked={on}
            onCheckedChange={setOn}
            disabled={!canUpdate}
            aria-describedby={`self-service-${action}-hint`}
          />
          <div className="grid gap-1">
            <Label htmlFor={`self-service-${action}`}>{t(`settings.self-service-${action}-label`)}</Label>
            <p id={`self-service-${action}-hint`} className="text-sm text-muted-foreground">
              {t(`settings.self-service-${action}-hint`)}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <Field
            label={t("settings.self-service-until")}
            error={error ? tAny(error as never) : undefined}
            className="w-32"
          >
            <Input
              name={`self_service_${action}_before`}
              type="number"
              inputMode="numeric"
              min={0}
              max={SELF_SERVICE_MAX_BEFORE.hours}
              defaultValue={before}
              disabled={!canUpdate || !on}
            />
          </Field>
          <select
            name={`self_service_${action}_unit`}
            defaultValue={unit}
            disabled={!canUpdate || !on}
            aria-label={t("settings.self-service-unit")}
            className={selectClass}
          >
            <option value="hours">{t("settings.self-service-hours")}</option>
            <option value="days">{t("settings.self-service-days")}</option>
          </select>
          <span className="pb-2 text-sm text-muted-foreground">{t("settings.self-service-before-start")}</span>
        </div>
        {extra}
        {/* A disabled control is not sent: the value kept is sent instead, so turning a rule off keeps its delay. */}
        {!on ? (
          <>
            <input type="hidden" name={`self_service_${action}_before`} value={before} />
            <input type="hidden" name={`self_service_${action}_unit`} value={unit} />
          </>
        ) : null}
      </fieldset>
    );
  };

  return (
    <Card data-testid="self-service-settings">
      <Form method="post" noValidate className="contents" preventScrollReset>
        <input type="hidden" name="intent" value="settings" />
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <UserRoundPen className="size-4 text-muted-foreground" aria-hidden />
            {t("settings.self-service-title")}
          </CardTitle>
          <CardDescription>{t("settings.self-service-hint")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {rule("edit", edit, setEdit, values.selfServiceEditBefore, values.selfServiceEditUnit)}
          {rule("transfer", transfer, setTransfer, values.selfServiceTransferBefore, values.selfServiceTransferUnit)}
          {rule(
            "cancel",
            cancel,
            setCancel,
            values.selfServiceCancelBefore,
            values.selfServiceCancelUnit,
            <div className="grid gap-2" role="radiogroup" aria-labelledby="self-service-cancel-refund-label">
              <p id="self-service-cancel-refund-label" className="text-sm font-medium">
                {t("settings.self-service-cancel-refund")}
              </p>
              <input type="hidden" name="self_service_cancel_refund" value={refund} />
              <input type="hidden" name="self_service_cancel_percentage" value={basisPoints} />
              {REFUNDS.map((kind) => (
                <div key={kind} className="grid gap-2">
                  <label className="flex items-start gap-2 text-sm">
                    <input
                      type="radio"
                      name="self_service_cancel_refund_choice"
                      value={kind}
                      checked={refund === kind}
                      onChange={() => setRefund(kind)}
                      disabled={!canUpdate || !cancel}
                      className="mt-0.5 size-4 accent-primary"
                      data-testid={`self-service-cancel-refund-${kind}`}
                    />
                    <span>
                      {t(`settings.self-service-refund-${kind}`)}
                      <span className="block text-muted-foreground">
                        {t(`settings.self-service-refund-${kind}-hint`)}
                      </span>
                    </span>
                  </label>
                  {kind === "percentage" && refund === "percentage" ? (
                    <Field
                      label={t("settings.self-service-percentage")}
                      error={percentageError ? tAny(percentageError as never) : undefined}
                      className="ml-6 w-32"
                    >
                      <Input
                        type="text"
                        inputMode="decimal"
                        value={percent}
                        onChange={(event) => setPercent(event.target.value)}
                        disabled={!canUpdate || !cancel}
                        data-testid="self-service-cancel-percent"
                      />
                    </Field>
                  ) : null}
                </div>
              ))}
            </div>,
          )}
          <p className="text-sm text-muted-foreground">{t("settings.self-service-checked-in")}</p>
        </CardContent>
        {canUpdate ? (
          <CardFooter className="justify-end border-t">
            <Button type="submit" disabled={busy} data-testid="self-service-save">
              {busy ? <Spinner label={null} /> : null}
              {t("settings.save")}
            </Button>
          </CardFooter>
        ) : null}
      </Form>
    </Card>
  );
}
