import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { describePayloadFields } from "#domain/webhooks/describe-payload-fields";
import { secretGraceHours } from "#domain/webhooks/secret-grace";
import {
  documentedWebhookTypes,
  webhookPayloadExamples,
  webhookPayloadSchemas,
} from "#domain/webhooks/webhook-payloads";
import { NativeLanguageSwitcher } from "~/components/language-switcher";
import { Logo } from "~/components/logo";
import { getInstance, getLocale } from "~/middleware/i18next";
import type { Route } from "./+types/developers-webhooks";

/**
 * The public list of webhook event types (issue 26 §6): each type's fields and an example, read from the schemas that
 * tests hold every real delivery to (domain/webhooks/webhook-payloads.ts). Plain HTML, like the other public pages.
 */
export function loader({ context }: Route.LoaderArgs) {
  const types = documentedWebhookTypes.map((type) => ({
    type,
    fields: describePayloadFields(webhookPayloadSchemas[type]),
    example: JSON.stringify(
      { type, timestamp: "2027-03-01T18:00:00.000Z", data: webhookPayloadExamples[type] },
      null,
      2,
    ),
  }));
  return data(
    { title: getInstance(context).t("webhooks:reference.meta-title"), types },
    { headers: { "Content-Language": getLocale(context) } },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const headers = new Headers({ "Cache-Control": "public, max-age=300" });
  const language = loaderHeaders.get("Content-Language");
  if (language) headers.set("Content-Language", language);
  headers.set("Vary", "Cookie, Accept-Language");
  return headers;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "Guichet" }];
}

export default function DevelopersWebhooksPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("webhooks");
  return (
    <div className="min-h-svh bg-muted/30">
      <header className="mx-auto flex max-w-4xl items-center justify-between gap-4 px-4 py-4">
        <a href="/">
          <Logo />
          <span className="sr-only">{t("reference.home")}</span>
        </a>
        <NativeLanguageSwitcher group="developers-webhooks-menu" />
      </header>
      <main className="mx-auto max-w-4xl space-y-6 px-4 pb-12">
        <article className="space-y-4 rounded-xl border bg-background p-5 sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("reference.title")}</h1>
          <p className="leading-relaxed">{t("reference.intro")}</p>
          <h2 className="text-lg font-semibold">{t("reference.envelope-title")}</h2>
          <p className="leading-relaxed text-muted-foreground">{t("reference.envelope")}</p>
          <h2 className="text-lg font-semibold">{t("reference.signature-title")}</h2>
          <p className="leading-relaxed text-muted-foreground">{t("reference.signature")}</p>
          <h2 className="text-lg font-semibold">{t("reference.rotation-title")}</h2>
          <p className="leading-relaxed text-muted-foreground">
            {t("reference.rotation", { periods: secretGraceHours.map((h) => t(`rotate-dialog.grace-${h}`)).join(" · ") })}
          </p>
          <h2 className="text-lg font-semibold">{t("reference.retries-title")}</h2>
          <p className="leading-relaxed text-muted-foreground">{t("reference.retries")}</p>
          <nav aria-labelledby="webhook-types-nav">
            <h2 id="webhook-types-nav" className="text-lg font-semibold">
              {t("reference.types-title")}
            </h2>
            <ul className="mt-2 grid gap-1 sm:grid-cols-2">
              {loaderData.types.map(({ type }) => (
                <li key={type}>
                  <a href={`#${type}`} className="font-mono text-sm text-primary underline-offset-4 hover:underline">
                    {type}
                  </a>{" "}
                  <span className="text-sm text-muted-foreground">— {t(`types.${type}`)}</span>
                </li>
              ))}
            </ul>
          </nav>
        </article>
        {loaderData.types.map(({ type, fields, example }) => (
          <section
            key={type}
            id={type}
            aria-labelledby={`${type}-title`}
            className="space-y-4 rounded-xl border bg-background p-5 sm:p-8"
            data-testid="webhook-type"
          >
            <div className="space-y-1">
              <h2 id={`${type}-title`} className="font-mono text-lg font-semibold break-all">
                {type}
              </h2>
              <p className="text-muted-foreground">{t(`reference.describe.${type}`)}</p>
            </div>
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">{t("reference.fields-caption", { type })}</caption>
                <thead>
                  <tr className="border-b">
                    <th scope="col" className="py-2 pr-4 font-medium">
                      {t("reference.field")}
                    </th>
                    <th scope="col" className="py-2 font-medium">
                      {t("reference.type")}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {fields.map((field) => (
                    <tr key={field.name} className="border-b last:border-0">
                      <td className="py-1.5 pr-4 font-mono">data.{field.name}</td>
                      <td className="py-1.5">
                        <code>{field.type}</code>
                        {field.nullable ? <span className="text-muted-foreground"> · {t("reference.nullable")}</span> : null}
                        {field.values ? (
                          <span className="block text-xs text-muted-foreground">{field.values.join(", ")}</span>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <div className="space-y-1">
              <h3 className="text-sm font-medium">{t("reference.example")}</h3>
              <pre className="overflow-x-auto rounded-lg bg-muted p-4 text-xs leading-relaxed" tabIndex={0}>
                <code>{example}</code>
              </pre>
            </div>
          </section>
        ))}
      </main>
    </div>
  );
}
