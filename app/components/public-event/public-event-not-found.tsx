import { CalendarX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { PublicStyles } from "~/components/public-event/public-styles";

export function PublicEventNotFound() {
  const { t } = useTranslation("public-event");
  return (
    <main className="grid min-h-svh place-items-center bg-slate-50 p-6 text-slate-900">
      <PublicStyles />
      <div className="max-w-md space-y-3 text-center" role="alert">
        <CalendarX className="mx-auto size-12 text-slate-400" aria-hidden />
        <h1 className="text-2xl font-semibold">{t("not-found.title")}</h1>
        <p className="text-slate-600">{t("not-found.message")}</p>
      </div>
    </main>
  );
}
