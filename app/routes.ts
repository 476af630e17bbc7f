import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  layout("routes/auth/layout.tsx", [
    route("auth/login", "routes/auth/login.tsx"),
    route("auth/login-password", "routes/auth/login-password.tsx"),
  ]),
  route("auth/logout", "routes/auth/logout.ts"),
  route("resources/locale", "routes/resources/locale.ts"),
  route("resources/organization", "routes/resources/organization.ts"),
  layout("routes/app/layout.tsx", [index("routes/app/home.tsx")]),
  route("*", "routes/catch-all.ts"),
] satisfies RouteConfig;
