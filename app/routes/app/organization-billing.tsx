import { Plus, Trash2 } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { toast } from "~/lib/toast";
import * as v from "valibot";
import { billingDetailsSchema, SELLER_COUNTRIES, taxRatesSchema } from "#domain/billing/billing-input-schema";
import { getBillingSettings, type BillingDetails } from "#domain/billing/get-billing-settings";
import { saveTaxRates } from "#domain/billing/save-tax-rates";
import { TAX_RATE_PRESETS, VAT_EXEMPTION_MENTIONS } from "#domain/billing/tax-rate-presets";
import { formatBasisPoints } from "#domain/shared/format";
import { updateBillingDetails } from "#domain/billing/update-billing-details";
import { issuesToFields } from "#domain/shared/validation";
import { FormError } from "~/components/form-error";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { RadioGroup, RadioGroupItem } from "~/components/ui/radio-group";
import { Switch } from "~/components/ui/switch";
import { Textarea } from "~/components/ui/textarea";
import { getInstance } from "~/middleware/i18next";
import { serverContext } from "~/server/context";
import { readFormValues } from "~/server/forms.server";
import { requireOrganizationPermission } from "~/server/guards.server";
import { actionError } from "~/server/route-errors.server";
import type { Route } from "./+types/organization-billing";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "Guichet" }];
}

/**
 * « Facturation » (issue 29 §1–2, docs/decisions/0063-billing-details.md): the seller's details printed on invoices and
 * the organization's VAT rates. Owners and admins; anyone who does not see the finances is sent away by the guard.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { actor } = requireOrganizationPermission(context, "finance:view");
  const settings = await getBillingSettings(context.get(serverContext).db, actor, actor.organizationId);
  return { title: getInstance(context).t("billing:title"), settings };
}

type Errors = { formError?: string; fields?: Record<string, string> };

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = requireOrganizationPermission(context, "finance:view");
  const db = context.get(serverContext).db;
  const values = await readFormValues(request);
  const intent = values.intent === "rates" ? ("rates" as const) : ("details" as const);
  const refused = (issues: readonly v.BaseIssue<unknown>[]) => ({
    intent,
    ok: false as const,
    errors: { formError: "errors:invalid-input", fields: issuesToFields(issues) } satisfies Errors,
  });
  try {
    if (intent === "rates") {
      let rates: unknown = null;
      try {
        rates = JSON.parse(values.rates ?? "");
      } catch {
        rates = null;
      }
      const parsed = v.safeParse(taxRatesSchema, { rates });
      if (!parsed.success) return refused(parsed.issues);
      await saveTaxRates(db, actor, { organizationId: actor.organizationId, rates: parsed.output });
    } else {
      const parsed = v.safeParse(billingDetailsSchema, { ...values, vat_registered: values.vat_registered === "true" });
      if (!parsed.success) return refused(parsed.issues);
      await updateBillingDetails(db, actor, { organizationId: actor.organizationId, details: parsed.output });
    }
    return { intent, ok: true as const, savedAt: Date.now() };
  } catch (error) {
    return actionError(error, {}, { intent });
  }
}

export default function OrganizationBilling({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("billing");
  const { settings } = loaderData;
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{t("title")}</h1>
        <p className="text-sm text-muted-foreground">{t("description")}</p>
      </header>
      {!settings.canManage ? <p className="text-sm text-muted-foreground">{t("seller.read-only")}</p> : null}
      <SellerCard details={settings.details} canManage={settings.canManage} />
      <TaxRatesCard rates={settings.taxRates} country={settings.details.country} canManage={settings.canManage} />
    </div>
  );
}

/** A select of countries named in the page's language. */
function useCountryNames() {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: "region" });
    const nameOf = (code: string) => (code === "XI" ? `${names.of("GB")} (NI)` : (names.of(code) ?? code));
    return {
      nameOf,
      options: SELLER_COUNTRIES.map((code) => ({ code, name: nameOf(code) })).sort((a, b) =>
        a.name.localeCompare(b.name, i18n.language),
      ),
    };
  }, [i18n.language]);
}

function useSavedToast(data: { ok: boolean; savedAt?: number } | undefined, message: string) {
  const shown = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (data?.ok && data.savedAt && shown.current !== data.savedAt) {
      shown.current = data.savedAt;
      toast.success(message);
    }
  }, [data, message]);
}

function SellerCard({ details, canManage }: { details: BillingDetails; canManage: boolean }) {
  const { t } = useTranslation("billing");
  const fetcher = useFetcher<typeof action>();
  const { options } = useCountryNames();
  const [country, setCountry] = useState(details.country);
  const [vatRegistered, setVatRegistered] = useState(details.vatRegistered);
  const [mention, setMention] = useState(details.vatExemptionMention);
  const [prefix, setPrefix] = useState(details.invoicePrefix);
  const [invoiceMode, setInvoiceMode] = useState(details.invoiceMode);
  const result = fetcher.data?.intent === "details" ? fetcher.data : undefined;
  const errors: Errors | undefined = result && !result.ok ? result.errors : undefined;
  const fieldError = (name: string) => {
    const key = errors?.fields?.[name];
    return key ? t(key as never) : undefined;
  };
  useSavedToast(result, t("seller.saved"));
  const busy = fetcher.state !== "idle";

  function changeRegistered(registered: boolean) {
    setVatRegistered(registered);
    if (!registered && mention.trim() === "") setMention(VAT_EXEMPTION_MENTIONS[country] ?? "");
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t("seller.title")}</h2>
        </CardTitle>
        <CardDescription>{t("seller.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" className="grid gap-5" aria-label={t("seller.title")} noValidate>
          <input type="hidden" name="intent" value="details" />
          <input type="hidden" name="vat_registered" value={String(vatRegistered)} />
          <input type="hidden" name="invoice_mode" value={invoiceMode} />
          <fieldset disabled={!canManage || busy} className="grid gap-5">
            <Field label={t("seller.legal-name")} required error={fieldError("legal_name")}>
              <Input name="legal_name" defaultValue={details.legalName} maxLength={200} autoComplete="organization" />
            </Field>
            <Field label={t("seller.address")} required error={fieldError("address")}>
              <Textarea name="address" defaultValue={details.address} maxLength={500} rows={2} />
            </Field>
            <div className="grid gap-5 sm:grid-cols-[10rem_1fr]">
              <Field label={t("seller.postal-code")} error={fieldError("postal_code")}>
                <Input name="postal_code" defaultValue={details.postalCode} maxLength={20} autoComplete="postal-code" />
              </Field>
              <Field label={t("seller.city")} required error={fieldError("city")}>
                <Input name="city" defaultValue={details.city} maxLength={100} autoComplete="address-level2" />
              </Field>
            </div>
            <Field label={t("seller.country")} required error={fieldError("country")}>
              <select
                name="country"
                value={country}
                onChange={(event) => setCountry(event.target.value)}
                className="h-9 w-full rounded-md border border-input bg-transparent px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50 sm:max-w-xs"
              >
                {options.map((option) => (
                  <option key={option.code} value={option.code}>
                    {option.name}
                  </option>
                ))}
              </select>
            </Field>
            <div className="flex items-start justify-between gap-4 rounded-lg border p-4">
              <div className="grid gap-1">
                <Label htmlFor="vat-registered">{t("seller.vat-registered")}</Label>
                <p className="text-sm text-muted-foreground">{t("seller.vat-registered-hint")}</p>
              </div>
              <Switch id="vat-registered" checked={vatRegistered} onCheckedChange={changeRegistered} />
            </div>
            {vatRegistered ? (
              <Field
                label={t("seller.vat-number")}
                required
                description={t("seller.vat-number-hint")}
                error={fieldError("vat_number")}
              >
                <Input name="vat_number" defaultValue={details.vatNumber} maxLength={30} spellCheck={false} />
              </Field>
            ) : (
              <Field label={t("seller.exemption-mention")} required error={fieldError("vat_exemption_mention")}>
                <Input
                  name="vat_exemption_mention"
                  value={mention}
                  onChange={(event) => setMention(event.target.value)}
                  maxLength={300}
                />
              </Field>
            )}
            <Field
              label={t("seller.company-number")}
              description={t("seller.company-number-hint")}
              error={fieldError("company_number")}
            >
              <Input name="company_number" defaultValue={details.companyNumber} maxLength={50} />
            </Field>
            <Field
              label={t("seller.invoice-prefix")}
              description={t("seller.invoice-prefix-hint", { example: `${prefix}${new Date().getFullYear()}-0001` })}
              error={fieldError("invoice_prefix")}
            >
              <Input
                name="invoice_prefix"
                value={prefix}
                onChange={(event) => setPrefix(event.target.value)}
                maxLength={20}
                className="sm:max-w-xs"
                spellCheck={false}
              />
            </Field>
            <Field
              label={t("seller.legal-mentions")}
              description={t("seller.legal-mentions-hint")}
              error={fieldError("legal_mentions")}
            >
              <Textarea name="legal_mentions" defaultValue={details.legalMentions} maxLength={1000} rows={3} />
            </Field>
            <Field label={t("seller.invoice-mode")}>
              <RadioGroup
                value={invoiceMode}
                onValueChange={(value) => setInvoiceMode(value as typeof invoiceMode)}
                className="grid gap-2"
              >
                {(["always", "on-request"] as const).map((mode) => (
                  <div key={mode} className="flex items-center gap-2">
                    <RadioGroupItem value={mode} id={`invoice-mode-${mode}`} />
                    <Label htmlFor={`invoice-mode-${mode}`} className="font-normal">
                      {t(`seller.invoice-mode-${mode}`)}
                    </Label>
                  </div>
                ))}
              </RadioGroup>
            </Field>
          </fieldset>
          <FormError message={errors?.formError} />
          {canManage ? (
            <div>
              <Button type="submit" disabled={busy}>
                {t("seller.save")}
              </Button>
            </div>
          ) : null}
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}

type RateDraft = { key: string; id: number | null; name: string; percent: string; isDefault: boolean };

const PERCENT_SHAPE = /^\d{1,2}([.,]\d{1,2})?$/;

/** "5,5" → 550 basis points; null when it is not a rate. */
function basisPoints(percent: string): number | null {
  const text = percent.trim();
  if (!PERCENT_SHAPE.test(text)) return null;
  return Math.round(Number(text.replace(",", ".")) * 100);
}

function percentText(rate: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 2, useGrouping: false }).format(rate / 100);
}

/** The saved rates as rows of the editor. */
function draftsOf(rates: { id: number; name: string; rate: number; isDefault: boolean }[], language: string) {
  return rates.map((rate): RateDraft => ({
    key: `rate-${rate.id}`,
    id: rate.id,
    name: rate.name,
    percent: percentText(rate.rate, language),
    isDefault: rate.isDefault,
  }));
}

function TaxRatesCard({
  rates,
  country,
  canManage,
}: {
  rates: { id: number; name: string; rate: number; isDefault: boolean }[];
  country: string;
  canManage: boolean;
}) {
  const { t, i18n } = useTranslation("billing");
  const fetcher = useFetcher<typeof action>();
  const { nameOf } = useCountryNames();
  const nextKey = useRef(0);
  const newKey = () => `new-${nextKey.current++}`;
  const [drafts, setDrafts] = useState<RateDraft[]>(() => draftsOf(rates, i18n.language));
  const result = fetcher.data?.intent === "rates" ? fetcher.data : undefined;
  const errors: Errors | undefined = result && !result.ok ? result.errors : undefined;
  useSavedToast(result, t("rates.saved"));
  const [touched, setTouched] = useState(false);
  const busy = fetcher.state !== "idle";
  const presets = TAX_RATE_PRESETS[country] ?? [];

  // After a save, the page's data comes back with the saved ids: start again from them.
  useEffect(() => {
    if (result?.ok) {
      setDrafts(draftsOf(rates, i18n.language));
      setTouched(false);
    }
  }, [rates, result, i18n.language]);

  function update(key: string, change: Partial<RateDraft>) {
    setTouched(true);
    setDrafts((current) =>
      current.map((draft) =>
        draft.key === key ? { ...draft, ...change } : change.isDefault ? { ...draft, isDefault: false } : draft,
      ),
    );
  }

  function remove(key: string) {
    setTouched(true);
    setDrafts((current) => {
      const left = current.filter((draft) => draft.key !== key);
      if (left.length && !left.some((draft) => draft.isDefault)) left[0] = { ...left[0]!, isDefault: true };
      return left;
    });
  }

  function add(rate: number | null) {
    setTouched(true);
    setDrafts((current) => [
      ...current,
      {
        key: newKey(),
        id: null,
        name:
          rate === null
            ? t("rates.new-name")
            : t("rates.preset-name", { rate: formatBasisPoints(rate, i18n.language) }),
        percent: rate === null ? "" : percentText(rate, i18n.language),
        isDefault: current.length === 0,
      },
    ]);
  }

  function addPresets() {
    setTouched(true);
    setDrafts((current) => {
      const known = new Set(current.map((draft) => basisPoints(draft.percent)));
      const added = presets
        .filter((rate) => !known.has(rate))
        .map((rate, index) => ({
          key: newKey(),
          id: null,
          name: t("rates.preset-name", { rate: formatBasisPoints(rate, i18n.language) }),
          percent: percentText(rate, i18n.language),
          isDefault: current.length === 0 && index === 0,
        }));
      return [...current, ...added];
    });
  }

  const invalidPercent = (draft: RateDraft) => touched && draft.percent !== "" && basisPoints(draft.percent) === null;
  const payload = JSON.stringify(
    drafts.map((draft) => ({
      id: draft.id,
      name: draft.name,
      rate: basisPoints(draft.percent) ?? -1,
      is_default: draft.isDefault,
    })),
  );
  const rowError = (index: number, field: string) => {
    const key = errors?.fields?.[`rates.${index}.${field}`];
    return key ? t(key as never) : undefined;
  };
  const listError = errors?.fields?.rates ? t(errors.fields.rates as never) : undefined;

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t("rates.title")}</h2>
        </CardTitle>
        <CardDescription>{t("rates.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" className="grid gap-4" aria-label={t("rates.title")} noValidate>
          <input type="hidden" name="intent" value="rates" />
          <input type="hidden" name="rates" value={payload} />
          {drafts.length === 0 ? (
            <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">{t("rates.empty")}</p>
          ) : (
            <RadioGroup
              value={drafts.find((draft) => draft.isDefault)?.key ?? ""}
              onValueChange={(key) => update(key, { isDefault: true })}
              aria-label={t("rates.default")}
              className="grid gap-3"
              disabled={!canManage || busy}
            >
              <div className="hidden grid-cols-[1fr_8rem_6rem_2.5rem] gap-3 text-xs font-medium text-muted-foreground sm:grid">
                <span>{t("rates.name")}</span>
                <span>{t("rates.rate")}</span>
                <span>{t("rates.default")}</span>
                <span />
              </div>
              {drafts.map((draft, index) => (
                <div
                  key={draft.key}
                  className="grid grid-cols-[1fr_6rem_auto] items-start gap-3 rounded-lg border p-3 sm:grid-cols-[1fr_8rem_6rem_2.5rem] sm:border-0 sm:p-0"
                  data-testid="tax-rate-row"
                >
                  <div className="col-span-3 grid gap-1 sm:col-span-1">
                    <Input
                      aria-label={t("rates.name")}
                      value={draft.name}
                      maxLength={60}
                      disabled={!canManage || busy}
                      aria-invalid={rowError(index, "name") ? true : undefined}
                      onChange={(event) => update(draft.key, { name: event.target.value })}
                    />
                    {rowError(index, "name") ? (
                      <p className="text-sm text-destructive">{rowError(index, "name")}</p>
                    ) : null}
                  </div>
                  <div className="grid gap-1">
                    <Input
                      aria-label={t("rates.rate")}
                      value={draft.percent}
                      inputMode="decimal"
                      maxLength={5}
                      disabled={!canManage || busy}
                      aria-invalid={invalidPercent(draft) || rowError(index, "rate") ? true : undefined}
                      onChange={(event) => update(draft.key, { percent: event.target.value })}
                    />
                    {invalidPercent(draft) || rowError(index, "rate") ? (
                      <p className="text-sm text-destructive">{t("errors.tax-rate-invalid")}</p>
                    ) : null}
                  </div>
                  <div className="flex h-9 items-center gap-2">
                    <RadioGroupItem
                      value={draft.key}
                      id={`default-${draft.key}`}
                      aria-label={t("rates.default-label", { name: draft.name })}
                    />
                    <Label htmlFor={`default-${draft.key}`} className="font-normal sm:sr-only">
                      {t("rates.default")}
                    </Label>
                  </div>
                  {canManage ? (
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      aria-label={t("rates.remove", { name: draft.name })}
                      onClick={() => remove(draft.key)}
                      disabled={busy}
                      className="justify-self-end"
                    >
                      <Trash2 aria-hidden />
                    </Button>
                  ) : null}
                </div>
              ))}
            </RadioGroup>
          )}
          <FormError message={listError ?? errors?.formError} />
          {canManage ? (
            <div className="flex flex-wrap items-center gap-2">
              <Button type="button" variant="outline" onClick={() => add(null)} disabled={busy}>
                <Plus aria-hidden />
                {t("rates.add")}
              </Button>
              {presets.length ? (
                <Button type="button" variant="outline" onClick={addPresets} disabled={busy}>
                  {t("rates.add-presets", { country: nameOf(country) })}
                </Button>
              ) : null}
              <Button type="submit" disabled={busy}>
                {t("rates.save")}
              </Button>
            </div>
          ) : null}
          {canManage && presets.length ? (
            <p className="text-xs text-muted-foreground">{t("rates.presets-hint")}</p>
          ) : null}
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
