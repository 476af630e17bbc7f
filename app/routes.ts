import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  layout("routes/auth/layout.tsx", [
    route("auth/login", "routes/auth/login.tsx"),
    route("auth/login-password", "routes/auth/login-password.tsx"),
    route("auth/register", "routes/auth/register.tsx"),
    route("auth/register/validate-email", "routes/auth/register-validate-email.tsx"),
    route("auth/register/password", "routes/auth/register-password.tsx"),
  ]),
  // Renders signed in or not (spec §2): same look, no public-only guard.
  layout("routes/auth/open-layout.tsx", [route("auth/reset-password", "routes/auth/reset-password.tsx")]),
  route("auth/logout", "routes/auth/logout.ts"),
  route("resources/locale", "routes/resources/locale.ts"),
  route("resources/organization", "routes/resources/organization.ts"),
  route("resources/create-organization", "routes/resources/create-organization.ts"),
  layout("routes/app/layout.tsx", [
    index("routes/app/home.tsx"),
    route("profile", "routes/app/profile.tsx"),
    route("finance", "routes/app/finance.tsx"),
    route("admin", "routes/app/admin/layout.tsx", [
      index("routes/app/admin/overview.tsx"),
      route("organizations", "routes/app/admin/organizations.tsx"),
      route("events", "routes/app/admin/events.tsx"),
      route("organizations/:id/:event_id", "routes/app/admin/event.tsx"),
    ]),
    route("event/new", "routes/app/event-editor/new.tsx"),
    route("event/update/:id", "routes/app/event-editor/update.tsx"),
    route("event/:event_id", "routes/app/event/layout.tsx", [
      index("routes/app/event/dashboard.tsx"),
      route("tickets", "routes/app/event/tickets.tsx"),
      route("tickets/:ticket_id", "routes/app/event/tickets-edit.tsx"),
      route("addons", "routes/app/event/addons.tsx"),
      route("promos", "routes/app/event/promos.tsx"),
      route("order-fields", "routes/app/event/order-fields.tsx"),
      route("order-messages", "routes/app/event/order-messages.tsx"),
      route("settings", "routes/app/event/settings.tsx"),
      route("*", "routes/app/event/catch-all.ts"),
    ]),
  ]),
  route("events/:id", "routes/public/event-short-link.ts"),
  route("events/:id/:slug", "routes/public/event-page.tsx"),
  route("events/preview/:id/:slug/:accessToken", "routes/public/event-preview.tsx"),
  route("*", "routes/catch-all.ts"),
] satisfies RouteConfig;
