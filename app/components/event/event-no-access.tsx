import { Building2, CalendarX2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";

function Screen({
  icon,
  title,
  message,
  children,
  testId,
}: {
  icon: React.ReactNode;
  title: string;
  message: string;
  children: React.ReactNode;
  testId: string;
}) {
  return (
    <div className="mx-auto grid min-h-[60svh] w-full max-w-lg place-items-center px-4 py-10" data-testid={testId}>
      <div className="flex flex-col items-center gap-4 rounded-xl border bg-background px-6 py-10 text-center shadow-xs sm:px-10">
        <div className="grid size-14 place-items-center rounded-full bg-muted text-muted-foreground">{icon}</div>
        <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
        <p className="text-sm text-muted-foreground">{message}</p>
        {children}
      </div>
    </div>
  );
}

/** Spec §2: the event is missing or not accessible: a way back home. */
export function EventNotFound() {
  const { t } = useTranslation("event-area");
  return (
    <Screen
      testId="event-not-found"
      icon={<CalendarX2 className="size-7" aria-hidden />}
      title={t("no-access.not-found-title")}
      message={t("no-access.not-found-message")}
    >
      <Button asChild>
        <Link to="/">{t("no-access.home")}</Link>
      </Button>
    </Screen>
  );
}

/**
 * Spec §2/§6: the event belongs to another of the user's organizations: switch to it and stay on the event
 * (`stay` tells the switcher not to apply its "back to /" rule, which is for the account menu).
 */
export function EventInOtherOrganization({
  eventId,
  organization,
}: {
  eventId: number;
  organization: { id: number; title: string };
}) {
  const { t } = useTranslation("event-area");
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/resources/organization";
  return (
    <Screen
      testId="event-other-organization"
      icon={<Building2 className="size-7" aria-hidden />}
      title={t("no-access.other-organization-title")}
      message={t("no-access.other-organization-message", {
        organization: organization.title,
        interpolation: { escapeValue: false },
      })}
    >
      <Form method="post" action="/resources/organization" className="flex flex-col gap-2 sm:flex-row">
        <input type="hidden" name="organizationId" value={organization.id} />
        <input type="hidden" name="redirectTo" value={`/event/${eventId}`} />
        <input type="hidden" name="stay" value="1" />
        <Button variant="outline" asChild>
          <Link to="/">{t("no-access.home")}</Link>
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? <Spinner label={null} /> : null}
          {t("no-access.switch")}
        </Button>
      </Form>
    </Screen>
  );
}
