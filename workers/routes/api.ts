import { Hono } from "hono";
import { requireApiSession, type ApiEnv } from "../middleware/api-session";
import { adminApiRoutes } from "./api-admin";
import { meRoutes } from "./api-me";
import { organizersApiRoutes } from "./api-organizers";
import { imagesApiRoutes } from "./api-images";
import { dashboardApiRoutes } from "./api-dashboard";
import { eventsApiRoutes } from "./api-events";
import { ticketsApiRoutes } from "./api-tickets";
import { promoCodesApiRoutes } from "./api-promo-codes";
import { participationFormsApiRoutes } from "./api-participation-forms";

export const apiRoutes = new Hono<ApiEnv>();
apiRoutes.use("*", requireApiSession);
// Before /me: it serves /me/organizers and /me/organizers-admin.
apiRoutes.route("/", organizersApiRoutes);
apiRoutes.route("/me", meRoutes);
apiRoutes.route("/admin", adminApiRoutes);
apiRoutes.route("/events", imagesApiRoutes);
apiRoutes.route("/events", promoCodesApiRoutes);
apiRoutes.route("/events", participationFormsApiRoutes);
apiRoutes.route("/events", eventsApiRoutes);
apiRoutes.route("/events", ticketsApiRoutes);
apiRoutes.route("/dashboard", dashboardApiRoutes);
apiRoutes.all("*", (c) => c.json({ error: "not_found", message: "not-found" }, 404));
