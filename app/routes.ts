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
  layout("routes/auth/open-layout.tsx", [
    route("auth/reset-password", "routes/auth/reset-password.tsx"),
    // Issue 24 §2: an invitation link, opened signed in or not.
    route("invitations/:token", "routes/auth/invitation.tsx"),
  ]),
  route("auth/logout", "routes/auth/logout.ts"),
  route("resources/locale", "routes/resources/locale.ts"),
  route("resources/organization", "routes/resources/organization.ts"),
  route("resources/create-organization", "routes/resources/create-organization.ts"),
  layout("routes/app/layout.tsx", [
    index("routes/app/home.tsx"),
    route("profile", "routes/app/profile.tsx"),
    // Privacy (issue 14 §5): resource routes of the account-deletion card and the organization's privacy section.
    route("profile/delete-account", "routes/app/privacy-account.ts"),
    route("organization/privacy", "routes/app/privacy-organization.ts"),
    route("organization/privacy/export.zip", "routes/app/privacy-export.ts"),
    route("finance", "routes/app/finance.tsx", [
      index("routes/app/finance/overview.tsx"),
      route("transactions", "routes/app/finance/transactions.tsx"),
      route("payouts", "routes/app/finance/payouts.tsx"),
      route("invoices", "routes/app/finance/invoices.tsx"),
    ]),
    // Organization pages (issue 12): one settings layout with the organization side panel.
    layout("routes/app/organization-layout.tsx", [
      route("organization", "routes/app/organization.tsx"),
      route("organization/contact-entries", "routes/app/organization-contact-entries.tsx"),
      route("organization/billing", "routes/app/organization-billing.tsx"),
      route("settings", "routes/app/settings.tsx"),
      route("settings/mobile", "routes/app/settings-mobile.tsx"),
      route("settings/tracking", "routes/app/settings-tracking.tsx"),
      route("settings/tracking/:endpoint_id", "routes/app/settings-tracking-deliveries.tsx"),
      route("settings/developers", "routes/app/settings-developers.tsx"),
    ]),
    route("admin", "routes/app/admin/layout.tsx", [
      index("routes/app/admin/overview.tsx"),
      route("organizations", "routes/app/admin/organizations.tsx"),
      route("events", "routes/app/admin/events.tsx"),
      route("organizations/:id/:event_id", "routes/app/admin/event.tsx"),
    ]),
    route("event/new", "routes/app/event-editor/new.tsx"),
    route("event/update/:id", "routes/app/event-editor/update.tsx"),
    // Outside the event layout: a validator scans without being allowed to open the event area.
    route("event/:event_id/scan", "routes/app/event/scan.tsx"),
    route("event/:event_id", "routes/app/event/layout.tsx", [
      index("routes/app/event/dashboard.tsx"),
      route("dates", "routes/app/event/dates.tsx"),
      route("tickets", "routes/app/event/tickets.tsx"),
      route("tickets/:ticket_id", "routes/app/event/tickets-edit.tsx"),
      route("addons", "routes/app/event/addons.tsx"),
      route("quotas", "routes/app/event/quotas.tsx"),
      route("promos", "routes/app/event/promos.tsx"),
      route("order-fields", "routes/app/event/order-fields.tsx"),
      route("order-messages", "routes/app/event/order-messages.tsx"),
      route("reminders", "routes/app/event/reminders.tsx"),
      // Issue 27: messages to attendees (history, composer, a message's delivery) and the composer's count/preview.
      route("messages", "routes/app/event/messages.tsx"),
      route("messages/new", "routes/app/event/messages-new.tsx"),
      route("messages/tools", "routes/app/event/messages-tools.ts"),
      route("messages/:message_id", "routes/app/event/messages-detail.tsx"),
      route("settings", "routes/app/event/settings.tsx"),
      route("team", "routes/app/event/team.tsx"),
      route("participants/import", "routes/app/event/participants-import.tsx"),
      route("participants", "routes/app/event/participants.tsx"),
      route("answers", "routes/app/event/answers.tsx"),
      route("participants/export.csv", "routes/app/event/participants-export.ts"),
      route("participants/:pid", "routes/app/event/participants-detail.tsx"),
      route("orders", "routes/app/event/orders.tsx"),
      route("orders/export.csv", "routes/app/event/orders-export.ts"),
      route("orders/:oid", "routes/app/event/orders-detail.tsx"),
      route("entries", "routes/app/event/entries.tsx"),
      // Issue 28 §3: the people waiting for a sold-out ticket.
      route("waiting-list", "routes/app/event/waiting-list.tsx"),
      route("*", "routes/app/event/catch-all.ts"),
    ]),
  ]),
  route("demo-checkout/:sessionId", "routes/public/demo-checkout.tsx"),
  route("demo-connect/:accountId", "routes/public/demo-connect.tsx"),
  route("events/:id", "routes/public/event-short-link.ts"),
  route("events/:id/:slug", "routes/public/event-page.tsx"),
  route("organizers/:id/:slug", "routes/public/organizer-page.tsx"),
  route("events/:id/:slug/book", "routes/public/event-booking.tsx"),
  // Issue 28 §3: joining a sold-out ticket's waiting list (plain HTML, like the booking).
  route("events/:id/:slug/waiting-list", "routes/public/event-waiting-list.tsx"),
  // Issue 31 §2: the waiting room of an on-sale (plain HTML, reloading itself).
  route("events/:id/:slug/waiting-room", "routes/public/event-waiting-room.tsx"),
  route("orders/:id", "routes/public/order-page.tsx"),
  // Issue 28 §3: a person's own waiting-list entry, from their confirmation email.
  route("waiting-list/:token", "routes/public/waiting-list-entry.tsx"),
  // Issue 27 §5: the link in a message that stops the event's messages for one address.
  route("messages/opt-out", "routes/public/message-opt-out.tsx"),
  route("tracking-consent", "routes/public/tracking-consent.ts"),
  route("privacy", "routes/public/privacy.tsx"),
  // Issue 26 §6: the webhook event types, their fields and examples, for the developers who receive them.
  route("developers/webhooks", "routes/public/developers-webhooks.tsx"),
  route("events/preview/:id/:slug/:accessToken", "routes/public/event-preview.tsx"),
  // Issue 26 §5: the booking widget's pages, the only ones another site may frame (workers/middleware/security-headers.ts).
  route("embed/events/:id", "routes/embed/embed-event.tsx"),
  route("embed/events/:id/book", "routes/public/event-booking.tsx", { id: "routes/embed/event-booking" }),
  route("embed/events/:id/waiting-room", "routes/public/event-waiting-room.tsx", {
    id: "routes/embed/event-waiting-room",
  }),
  route("embed/orders/:id", "routes/embed/embed-order.tsx"),
  route("*", "routes/catch-all.ts"),
] satisfies RouteConfig;
