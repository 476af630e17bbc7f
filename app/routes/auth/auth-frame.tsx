import { ArrowLeft, BarChart3, QrCode, Ticket } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useMatches } from "react-router";
import { NativeHelpMenu } from "~/components/help-menu";
import { NativeLanguageSwitcher } from "~/components/language-switcher";
import { Logo } from "~/components/logo";
import { Button } from "~/components/ui/button";

const features = [
  { key: "sell", icon: Ticket },
  { key: "scan", icon: QrCode },
  { key: "follow", icon: BarChart3 },
] as const;

/** A child route may declare `handle = { backTo: "/path" }` to show the go-back button. */
export type AuthHandle = { backTo?: string };

/**
 * The split-screen auth layout (spec §2): help button, language switch, optional go-back button, and beside the form what
 * Guichet does (the spec's testimonial was an invented customer quote: issue 25 §8 removed it). Plain HTML only: links,
 * forms and <details> menus, since these pages load no JavaScript.
 */
export function AuthFrame({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation("auth");
  const { t: tPrivacy } = useTranslation("privacy");
  const matches = useMatches();
  const backTo = matches.map((m) => (m.handle as AuthHandle | undefined)?.backTo).findLast(Boolean);
  return (
    <div className="grid min-h-svh lg:grid-cols-2">
      <div className="flex flex-col p-6 md:p-10">
        <header className="flex items-center justify-between gap-4">
          <div className="flex items-center gap-2">
            {backTo ? (
              <Button variant="ghost" size="sm" asChild>
                <Link to={backTo}>
                  <ArrowLeft aria-hidden />
                  {t("layout.go-back")}
                </Link>
              </Button>
            ) : (
              <Logo />
            )}
          </div>
          <div className="flex items-center gap-1">
            {/* Native menus: the auth pages are served without JavaScript (app/lib/pages-without-javascript.ts). */}
            <NativeHelpMenu group="auth-header-menu" />
            <NativeLanguageSwitcher group="auth-header-menu" />
          </div>
        </header>
        <main className="flex flex-1 items-center justify-center py-10">
          <div className="w-full max-w-sm">{children}</div>
        </main>
        <footer className="text-center text-xs text-muted-foreground">
          <a href="/privacy" className="underline-offset-4 hover:underline">
            {tPrivacy("page.link")}
          </a>
        </footer>
      </div>
      <aside className="relative hidden overflow-hidden bg-primary text-primary-foreground lg:flex lg:flex-col lg:justify-between lg:p-12">
        <div
          aria-hidden
          className="absolute inset-0 opacity-30 [background:radial-gradient(circle_at_20%_20%,white_0,transparent_35%),radial-gradient(circle_at_80%_70%,white_0,transparent_30%)]"
        />
        <Logo inverted className="relative" />
        <div className="relative max-w-lg space-y-6" data-testid="auth-features">
          <p className="text-2xl leading-snug font-semibold">{t("layout.features-title")}</p>
          <ul className="space-y-4 text-lg">
            {features.map(({ key, icon: Icon }) => (
              <li key={key} className="flex items-start gap-3">
                <Icon className="mt-1 size-5 shrink-0 opacity-80" aria-hidden />
                <span>{t(`layout.features.${key}`)}</span>
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-sm opacity-80">{t("layout.tagline")}</p>
      </aside>
    </div>
  );
}
