import { WifiOff } from "lucide-react";
import { useTranslation } from "react-i18next";
import {
  isRouteErrorResponse,
  Outlet,
  useLocation,
  useNavigation,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { skeletonForPath } from "~/components/page-skeletons";
import { AppShell } from "~/components/shell/app-shell";
import type { ShellData } from "~/components/shell/shell-data";
import { Button } from "~/components/ui/button";
import { ASK_ADMIN_QUERY_PARAM } from "~/lib/ask-admin-param";
import { isNavigationWithinFrame } from "~/lib/frame-revalidation";
import { canOnPlatform, canSeeOrganizationArea } from "#domain/policy";
import { getSignedIn, requireSignedInMiddleware } from "~/server/guards.server";
import type { Route } from "./+types/layout";

export const middleware: Route.MiddlewareFunction[] = [requireSignedInMiddleware];

export function loader({ context }: Route.LoaderArgs): ShellData {
  const { user, organizations, currentOrganization, actor, askAdmin } = getSignedIn(context);
  return {
    user: { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName },
    organizations,
    currentOrganization,
    canSeeOrganizationArea: canSeeOrganizationArea(actor),
    canAccessAdmin: canOnPlatform(actor, "admin:access"),
    askAdmin,
  };
}

export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  // ?askAdmin= changes the shell's own data (the admin flag) on the server, then leaves the address.
  if (args.nextUrl.searchParams.has(ASK_ADMIN_QUERY_PARAM)) return args.defaultShouldRevalidate;
  return isNavigationWithinFrame(args) ? false : args.defaultShouldRevalidate;
}

export default function SignedInLayout({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const location = useLocation();
  const skeleton =
    navigation.state === "loading" && navigation.location
      ? skeletonForPath(navigation.location.pathname, location.pathname)
      : null;
  return <AppShell data={loaderData}>{skeleton ?? <Outlet />}</AppShell>;
}

/** Spec §2: when the profile cannot load, the Connection Error screen. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  if (isRouteErrorResponse(error)) throw error;
  return (
    <main className="grid min-h-svh place-items-center p-6">
      <div className="max-w-md space-y-4 text-center" role="alert">
        <WifiOff className="mx-auto size-12 text-muted-foreground" aria-hidden />
        <h1 className="text-2xl font-semibold">{t("errors.connection-title")}</h1>
        <p className="text-muted-foreground">{t("errors.connection-message")}</p>
        <Button onClick={() => window.location.reload()}>{t("errors.retry-connection")}</Button>
      </div>
    </main>
  );
}
