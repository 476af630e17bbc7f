import { CircleCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { NativeLanguageSwitcher } from "~/components/language-switcher";
import { Logo } from "~/components/logo";
import { getInstance, getLocale } from "~/middleware/i18next";
import type { Route } from "./+types/privacy";

const SECTIONS = ["who", "what", "why", "how-long", "rights", "cookies"] as const;

/**
 * Public privacy page (issue 14 §5), French and English, served as HTML alone like the other public pages
 * (app/lib/pages-without-javascript.ts). After an account deletion the user lands here with ?account-deleted=1.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const accountDeleted = new URL(request.url).searchParams.get("account-deleted") === "1";
  return data(
    { title: getInstance(context).t("privacy:page.meta-title"), accountDeleted },
    { headers: { "Content-Language": getLocale(context) } },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const headers = new Headers({ "Cache-Control": "private, no-cache" });
  const language = loaderHeaders.get("Content-Language");
  if (language) headers.set("Content-Language", language);
  return headers;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "Guichet" }];
}

export default function PrivacyPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("privacy");
  return (
    <div className="min-h-svh bg-muted/30">
      <header className="mx-auto flex max-w-3xl items-center justify-between gap-4 px-4 py-4">
        <a href="/">
          <Logo />
          <span className="sr-only">{t("page.back")}</span>
        </a>
        <NativeLanguageSwitcher group="privacy-header-menu" />
      </header>
      <main className="mx-auto max-w-3xl space-y-6 px-4 pb-12">
        {loaderData.accountDeleted ? (
          <p
            role="status"
            className="flex items-center gap-2 rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900"
          >
            <CircleCheck className="size-4 shrink-0" aria-hidden />
            {t("account.deleted")}
          </p>
        ) : null}
        <article className="space-y-6 rounded-xl border bg-background p-5 sm:p-8">
          <div className="space-y-2">
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("page.title")}</h1>
            <p className="text-sm text-muted-foreground">{t("page.updated")}</p>
            <p className="leading-relaxed">{t("page.intro")}</p>
          </div>
          {SECTIONS.map((section) => (
            <section key={section} className="space-y-2" aria-labelledby={`privacy-${section}`}>
              <h2 id={`privacy-${section}`} className="text-lg font-semibold">
                {t(`page.${section}-title`)}
              </h2>
              <p className="leading-relaxed text-muted-foreground">{t(`page.${section}-text`)}</p>
            </section>
          ))}
        </article>
        <p className="text-center text-sm">
          <a href="/" className="font-medium text-primary underline-offset-4 hover:underline">
            {t("page.back")}
          </a>
        </p>
      </main>
    </div>
  );
}
