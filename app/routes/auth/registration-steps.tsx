import { useTranslation } from "react-i18next";
import { cn } from "~/lib/utils";

const TOTAL = 3;

/** "Étape n sur 3" with a small progress bar: email, code, password. */
export function RegistrationSteps({ current }: { current: 1 | 2 | 3 }) {
  const { t } = useTranslation("auth");
  return (
    <div className="space-y-2 pb-2">
      <div className="flex gap-1.5" aria-hidden>
        {Array.from({ length: TOTAL }, (_, index) => (
          <span key={index} className={cn("h-1 flex-1 rounded-full", index < current ? "bg-primary" : "bg-muted")} />
        ))}
      </div>
      <p className="text-xs font-medium text-muted-foreground">{t("register.steps", { current, total: TOTAL })}</p>
    </div>
  );
}
