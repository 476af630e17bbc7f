import { CircleCheck, FlaskConical } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, replace, useNavigation, type RouterContextProvider } from "react-router";
import * as v from "valibot";
import { paymentProviderFromEnv } from "#adapters/payments";
import { demoConnectOrganizationId, getDemoConnect, submitDemoConnect } from "#domain/finance/account-demo";
import { actorForOrganization } from "#domain/organizations/actor-for-organization";
import { notFound } from "#domain/shared/app-error";
import { FormError } from "~/components/form-error";
import { PublicEventNotFound } from "~/components/public-event/public-event-not-found";
import { Button } from "~/components/ui/button";
import { serverContext } from "~/server/context";
import { parseForm } from "~/server/forms.server";
import { actionError, loaderError } from "~/server/route-errors.server";
import { getSession } from "~/server/session.server";
import type { Route } from "./+types/demo-connect";

/*
 * Stands where Stripe's hosted onboarding would when no Stripe key is set (development and test only; 404 otherwise):
 * "send" posts the account.updated Stripe would send, signed, through the webhook's own handler
 * (domain/finance/account-demo.ts), then returns to /finance as Stripe would. Only a member who may connect the
 * organization's account opens it.
 */

async function demoActor(context: Readonly<RouterContextProvider>, accountId: string) {
  const session = getSession(context);
  if (!session) throw replace("/auth/login");
  const { db } = context.get(serverContext);
  const organizationId = await demoConnectOrganizationId(db, accountId);
  if (organizationId === null) throw notFound();
  return actorForOrganization(db, session.user, organizationId);
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, env } = context.get(serverContext);
  try {
    const actor = await demoActor(context, params.accountId);
    return { demo: await getDemoConnect(db, env, actor, params.accountId) };
  } catch (error) {
    return loaderError(error);
  }
}

const actionSchema = v.object({ intent: v.literal("submit", "errors:invalid-input") });

export async function action({ params, request, context }: Route.ActionArgs) {
  const { db, env } = context.get(serverContext);
  const parsed = await parseForm(request, actionSchema);
  if (!parsed.ok) return data({ ok: false as const, errors: parsed.errors, values: parsed.values }, { status: 400 });
  try {
    const actor = await demoActor(context, params.accountId);
    const { redirectTo } = await submitDemoConnect(
      db,
      { env, provider: paymentProviderFromEnv(env, db) },
      actor,
      params.accountId,
    );
    return redirect(redirectTo);
  } catch (error) {
    return actionError(error);
  }
}

export function headers() {
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
}

export function meta() {
  return [{ title: "Guichet · Stripe Connect" }, { name: "robots", content: "noindex" }];
}

export default function DemoConnect({ loaderData, actionData }: Route.ComponentProps) {
  const { demo } = loaderData;
  const { t } = useTranslation("payment-account");
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const valid = demo.status === "valid_conected";

  return (
    <div className="min-h-svh bg-slate-100 text-slate-900">
      <div
        role="note"
        className="flex items-center justify-center gap-2 bg-amber-300 px-4 py-3 text-center font-semibold text-amber-950"
        data-testid="demo-connect-banner"
      >
        <FlaskConical aria-hidden className="size-5 shrink-0" />
        {t("demo-connect.banner")}
      </div>
      <main className="mx-auto max-w-lg space-y-6 px-4 py-8">
        <header className="space-y-1">
          <p className="text-sm font-medium text-indigo-700">Stripe Connect · Express</p>
          <h1 className="text-2xl font-bold tracking-tight">{t("demo-connect.title")}</h1>
        </header>

        <section className="space-y-4 rounded-xl border border-slate-200 bg-white p-4">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-slate-600">{t("demo-connect.organization")}</dt>
            <dd className="font-medium wrap-anywhere">{demo.organizationTitle}</dd>
            <dt className="text-slate-600">{t("demo-connect.email")}</dt>
            <dd className="wrap-anywhere">{demo.email}</dd>
            <dt className="text-slate-600">{t("demo-connect.account")}</dt>
            <dd className="font-mono text-xs break-all">{demo.accountId}</dd>
          </dl>
          {valid ? (
            <p className="flex items-start gap-2 text-sm" role="status">
              <CircleCheck className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden />
              {t("demo-connect.valid")}
            </p>
          ) : demo.detailsSubmitted ? (
            <p className="text-sm" role="status">
              {t("demo-connect.submitted")}
            </p>
          ) : (
            <p className="text-sm text-slate-700">
              {t("demo-connect.intro", { organization: demo.organizationTitle })}
            </p>
          )}
        </section>

        <FormError message={actionData?.errors?.formError} autoFocus />
        {valid || demo.detailsSubmitted ? (
          <Button asChild size="lg" className="w-full">
            <Link to={demo.returnPath}>{t("demo-connect.back")}</Link>
          </Button>
        ) : (
          <Form method="post" className="flex flex-col gap-3 sm:flex-row-reverse">
            <Button type="submit" name="intent" value="submit" size="lg" className="sm:flex-1" disabled={busy}>
              {t("demo-connect.submit")}
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to={demo.returnPath}>{t("demo-connect.leave")}</Link>
            </Button>
          </Form>
        )}
        <p className="text-xs text-slate-600">{t("demo-connect.explanation")}</p>
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return <PublicEventNotFound />;
}
