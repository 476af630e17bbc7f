import { readFormValues } from "~/server/forms.server";
import { MapPin } from "lucide-react";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { toast } from "~/lib/toast";
import { getOrganization } from "#domain/organizations/get-organization";
import { ORGANIZATION_TITLE_MAX_LENGTH } from "#domain/organizations/organization-input-schema";
import { characterCount } from "#domain/organizations/organization-title";
import { parseOrganizationUpdate, updateOrganization } from "#domain/organizations/update-organization";
import { issuesToFields } from "#domain/shared/validation";
import { DescriptionEditorSkeleton } from "~/components/event-editor/description-editor-skeleton";
import { FormError } from "~/components/form-error";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";
import { Textarea } from "~/components/ui/textarea";
import { UnsavedChangesGuard } from "~/components/unsaved-changes-guard";
import { openStreetMapUrl } from "~/lib/map-link";
import { useFocusFirstInvalid } from "~/lib/use-focus-first-invalid";
import { getInstance } from "~/middleware/i18next";
import { serverContext } from "~/server/context";
import { requireOrganizationPermission } from "~/server/guards.server";
import { actionError } from "~/server/route-errors.server";
import { OrganizationPrivacy } from "~/components/privacy/organization-privacy";
import { OrganizationImageField } from "./organization-image-field";
import type { Route } from "./+types/organization";
import { isUnsetPlace } from "#domain/shared/place";
import { AddressSearch } from "~/components/address-search";

const DescriptionEditor = lazy(() => import("~/components/event-editor/description-editor"));

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "Guichet" }];
}

/** Spec §2 /organization: the general information. Only owners and admins (organization:update) reach it. */
export async function loader({ context }: Route.LoaderArgs) {
  const { actor } = requireOrganizationPermission(context, "organization:update");
  const organization = await getOrganization(context.get(serverContext).db, actor, actor.organizationId);
  return { title: getInstance(context).t("organization:profile.meta-title"), organization };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = requireOrganizationPermission(context, "organization:update");
  const values = await readFormValues(request);
  // Empty coordinates are "no place": the spec's default (50/50) is stored, and shown empty again.
  const coordinate = (value: string | undefined) => (value?.trim() ? value : undefined);
  const parsed = parseOrganizationUpdate({
    ...values,
    address_latitude: coordinate(values.address_latitude),
    address_longitude: coordinate(values.address_longitude),
    is_private: values.is_private === "true",
  });
  if (!parsed.ok) {
    const fields = issuesToFields(parsed.issues);
    return { ok: false as const, errors: { formError: "errors:invalid-input", fields } };
  }
  try {
    await updateOrganization(context.get(serverContext).db, actor, actor.organizationId, parsed.value);
    return { ok: true as const, savedAt: Date.now() };
  } catch (error) {
    return actionError(error);
  }
}

type Values = {
  title: string;
  small_description: string;
  description: string;
  email: string;
  page_url: string;
  is_private: boolean;
  address_label: string;
  address_latitude: string;
  address_longitude: string;
};
type ActionData =
  { ok: true; savedAt: number } | { ok: false; errors: { formError?: string; fields?: Record<string, string> } };

function valuesOf(organization: Route.ComponentProps["loaderData"]["organization"]): Values {
  return {
    title: organization.title,
    small_description: organization.smallDescription,
    description: organization.description,
    email: organization.contactEmail,
    page_url: organization.pageUrl,
    is_private: organization.isPrivate,
    address_label: organization.addressLabel,
    // The spec's 50/50 default is no place: empty fields, no map link (domain/shared/place.ts).
    ...(isUnsetPlace(organization.addressLatitude, organization.addressLongitude)
      ? { address_latitude: "", address_longitude: "" }
      : {
          address_latitude: String(organization.addressLatitude),
          address_longitude: String(organization.addressLongitude),
        }),
  };
}

const sameValues = (a: Values, b: Values) => (Object.keys(a) as (keyof Values)[]).every((key) => a[key] === b[key]);

export default function OrganizationProfile({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("organization");
  const { organization } = loaderData;
  const initial = valuesOf(organization);
  const [values, setValues] = useState<Values>(initial);
  const [baseline, setBaseline] = useState<Values>(initial);
  const fetcher = useFetcher<typeof action>();
  const formRef = useRef<HTMLFormElement>(null);
  const pendingSaves = useRef<((ok: boolean) => void)[]>([]);
  const handled = useRef<unknown>(null);
  const [errors, setErrors] = useState<{ formError?: string; fields?: Record<string, string> } | undefined>();
  const ids = {
    title: useId(),
    small: useId(),
    description: useId(),
    email: useId(),
    page: useId(),
    address: useId(),
    lat: useId(),
    lng: useId(),
    priv: useId(),
  };
  const dirty = !sameValues(values, baseline);
  const saving = fetcher.state !== "idle";
  useFocusFirstInvalid(formRef, errors);

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    const answer = fetcher.data as ActionData;
    if (answer.ok) {
      setErrors(undefined);
      setBaseline(values);
      toast.success(t("profile.saved"));
    } else {
      setErrors(answer.errors);
      toast.error(t("profile.save-failed"));
    }
    for (const resolve of pendingSaves.current.splice(0)) resolve(answer.ok);
  }, [fetcher.state, fetcher.data, t, values]);

  function save(): Promise<boolean> {
    const body = new FormData();
    for (const [key, value] of Object.entries(values)) body.set(key, String(value));
    void fetcher.submit(body, { method: "post" });
    return new Promise((resolve) => pendingSaves.current.push(resolve));
  }

  function set<K extends keyof Values>(key: K, value: Values[K]) {
    setValues((current) => ({ ...current, [key]: value }));
  }
  const fieldError = (key: string) => errors?.fields?.[key];
  const errorText = (key: string) => {
    const message = fieldError(key);
    return message ? (
      <p id={`${key}-error`} className="text-sm text-destructive">
        {t(message as never, { ns: message.split(":")[0] })}
      </p>
    ) : null;
  };
  const invalid = (key: string) =>
    fieldError(key) ? { "aria-invalid": true, "aria-describedby": `${key}-error` } : {};
  const mapUrl = openStreetMapUrl(
    values.address_latitude.replace(",", "."),
    values.address_longitude.replace(",", "."),
  );

  return (
    <div className="space-y-6 pb-24">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">{t("profile.title")}</h1>
        <p className="text-sm text-muted-foreground">{t("profile.subtitle", { organization: organization.title })}</p>
      </div>
      <form
        ref={formRef}
        className="space-y-6"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        {errors?.formError && !errors.fields ? <FormError message={errors.formError} /> : null}
        <Card>
          <CardHeader>
            <CardTitle className="text-base">{t("profile.identity")}</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            <div className="grid gap-2">
              <Label htmlFor={ids.title}>{t("profile.title-label")}</Label>
              <Input
                id={ids.title}
                value={values.title}
                maxLength={ORGANIZATION_TITLE_MAX_LENGTH * 2}
                onChange={(e) => set("title", e.target.value)}
                {...invalid("title")}
              />
              <p className="text-xs text-muted-foreground">
                {t("profile.counter", {
                  count: characterCount(values.title.trim()),
                  max: ORGANIZATION_TITLE_MAX_LENGTH,
                })}
              </p>
              {errorText("title")}
            </div>
            <div className="grid gap-6 md:grid-cols-[auto_1fr]">
              <OrganizationImageField
                organizationId={organization.id}
                kind="logo"
                url={organization.mainPicture}
                label={t("profile.logo")}
                hint={t("profile.logo-hint")}
              />
              <OrganizationImageField
                organizationId={organization.id}
                kind="cover"
                url={organization.coverPicture}
                label={t("profile.cover")}
                hint={t("profile.cover-hint")}
              />
            </div>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-base">{t("profile.descriptions")}</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            <div className="grid gap-2">
              <Label htmlFor={ids.small}>{t("profile.small-description")}</Label>
              <Textarea
                id={ids.small}
                rows={2}
                value={values.small_description}
                onChange={(e) => set("small_description", e.target.value)}
                {...invalid("small_description")}
              />
              {errorText("small_description")}
            </div>
            <div className="grid gap-2">
              <p id={ids.description} className="text-sm font-medium">
                {t("profile.description")}
              </p>
              <Suspense fallback={<DescriptionEditorSkeleton html={values.description} />}>
                <DescriptionEditor
                  value={values.description}
                  onChange={(html) => set("description", html)}
                  labelId={ids.description}
                  invalid={Boolean(fieldError("description"))}
                />
              </Suspense>
              {errorText("description")}
            </div>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-base">{t("profile.contact")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 md:grid-cols-2">
            <div className="grid content-start gap-2">
              <Label htmlFor={ids.email}>{t("profile.contact-email")}</Label>
              <Input
                id={ids.email}
                type="email"
                value={values.email}
                onChange={(e) => set("email", e.target.value)}
                {...invalid("email")}
              />
              <p className="text-xs text-muted-foreground">{t("profile.contact-email-hint")}</p>
              {errorText("email")}
            </div>
            <div className="grid content-start gap-2">
              <Label htmlFor={ids.page}>{t("profile.page-url")}</Label>
              <Input
                id={ids.page}
                type="url"
                inputMode="url"
                placeholder="https://"
                value={values.page_url}
                onChange={(e) => set("page_url", e.target.value)}
                {...invalid("page_url")}
              />
              <p className="text-xs text-muted-foreground">{t("profile.page-url-hint")}</p>
              {errorText("page_url")}
            </div>
            <div className="flex items-start gap-3 md:col-span-2">
              <Switch
                id={ids.priv}
                checked={values.is_private}
                onCheckedChange={(checked) => set("is_private", checked)}
              />
              <div className="grid gap-1">
                <Label htmlFor={ids.priv}>{t("profile.is-private")}</Label>
                <p className="text-xs text-muted-foreground">{t("profile.is-private-hint")}</p>
              </div>
            </div>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-base">{t("profile.address")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 md:grid-cols-[2fr_1fr_1fr]">
            <div className="md:col-span-3">
              <AddressSearch
                onPick={(place) =>
                  setValues((current) => ({
                    ...current,
                    address_label: place.label,
                    address_latitude: String(place.latitude),
                    address_longitude: String(place.longitude),
                  }))
                }
              />
            </div>
            <div className="grid content-start gap-2">
              <Label htmlFor={ids.address}>{t("profile.address-label")}</Label>
              <Input
                id={ids.address}
                value={values.address_label}
                onChange={(e) => set("address_label", e.target.value)}
                {...invalid("address_label")}
              />
              {errorText("address_label")}
            </div>
            <div className="grid content-start gap-2">
              <Label htmlFor={ids.lat}>{t("profile.latitude")}</Label>
              <Input
                id={ids.lat}
                inputMode="decimal"
                value={values.address_latitude}
                onChange={(e) => set("address_latitude", e.target.value)}
                {...invalid("address_latitude")}
              />
              {errorText("address_latitude")}
            </div>
            <div className="grid content-start gap-2">
              <Label htmlFor={ids.lng}>{t("profile.longitude")}</Label>
              <Input
                id={ids.lng}
                inputMode="decimal"
                value={values.address_longitude}
                onChange={(e) => set("address_longitude", e.target.value)}
                {...invalid("address_longitude")}
              />
              {errorText("address_longitude")}
            </div>
            {mapUrl ? (
              <a
                href={mapUrl}
                target="_blank"
                rel="noreferrer"
                className="inline-flex items-center gap-1 text-sm text-primary hover:underline md:col-span-3"
              >
                <MapPin className="size-4" aria-hidden />
                {t("profile.map")}
              </a>
            ) : null}
          </CardContent>
        </Card>
      </form>
      <OrganizationPrivacy />
      <UnsavedChangesGuard
        dirty={dirty}
        saving={saving}
        onSave={save}
        onReset={() => {
          setValues(baseline);
          setErrors(undefined);
        }}
      />
    </div>
  );
}
