import { Hono } from "hono";
import { requireApiSession, type ApiEnv } from "../middleware/api-session";
import { meRoutes } from "./api-me";

export const apiRoutes = new Hono<ApiEnv>();
apiRoutes.use("*", requireApiSession);
apiRoutes.route("/me", meRoutes);
apiRoutes.all("*", (c) => c.json({ error: "not_found", message: "not-found" }, 404));
