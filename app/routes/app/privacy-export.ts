import { exportOrganizationData } from "#domain/privacy/export-organization-data";
import { serverContext } from "~/server/context";
import { getSignedIn } from "~/server/guards.server";
import { loaderError } from "~/server/route-errors.server";
import type { Route } from "./+types/privacy-export";

/** GET /organization/privacy/export.zip — the selected organization's data export (owners only), streamed. */
export async function loader({ context }: Route.LoaderArgs) {
  const { actor } = getSignedIn(context);
  const { db } = context.get(serverContext);
  try {
    const { filename, stream } = await exportOrganizationData(db, actor, { organizationId: actor.organizationId ?? 0 });
    return new Response(stream, {
      headers: {
        "Content-Type": "application/zip",
        "Content-Disposition": `attachment; filename="${filename}"`,
        "Cache-Control": "no-store",
      },
    });
  } catch (error) {
    return loaderError(error);
  }
}
