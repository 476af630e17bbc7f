/**
 * Every namespace in every language, for the server (SSR, loaders, emails) and the tests. To add a namespace: put
 * `app/locales/fr/<ns>.json` and `app/locales/en/<ns>.json` (same keys), then register both here (one import per
 * language and one line in each language's object below), as before. The namespaces that emails read (`emails`,
 * `contact`, `members`, `privacy`) live in `domain/locales/` instead, so that the domain never imports `app/`
 * (docs/decisions/0001-layout.md); they are registered here the same way.
 *
 * Never import this module from client code (components, app/lib, entry.client): it would ship every language's text
 * to the browser. The browser gets the namespaces the server rendered with inline in the HTML, and any other one as a
 * lazy chunk found by file name (app/lib/i18n-resources.tsx, app/entry.client.tsx): nothing to register
 * for the client.
 */
import type { Resource } from "i18next";
import enPayments from "./en/payments.json";
import enWebhooks from "./en/webhooks.json";
import frWebhooks from "./fr/webhooks.json";
import enQuotas from "./en/quotas.json";
import frQuotas from "./fr/quotas.json";
import enBilling from "./en/billing.json";
import frBilling from "./fr/billing.json";
import enAccounting from "./en/accounting.json";
import frAccounting from "./fr/accounting.json";
import enDateChanges from "./en/date-changes.json";
import frDateChanges from "./fr/date-changes.json";
import enDevelopers from "./en/developers.json";
import frDevelopers from "./fr/developers.json";
import enEmbed from "./en/embed.json";
import frEmbed from "./fr/embed.json";
import enTracking from "./en/tracking.json";
import frTracking from "./fr/tracking.json";
import enAnalytics from "./en/analytics.json";
import frAnalytics from "./fr/analytics.json";
import frPayments from "./fr/payments.json";
import enAdmin from "./en/admin.json";
import enAuth from "./en/auth.json";
import enCommon from "./en/common.json";
import enEditor from "./en/editor.json";
import enEmails from "#domain/locales/en/emails.json";
import enInvoices from "#domain/locales/en/invoices.json";
import enErrors from "./en/errors.json";
import enEventArea from "./en/event-area.json";
import enEvents from "./en/events.json";
import enOrganizations from "./en/organizations.json";
import enPublicEvent from "./en/public-event.json";
import enTickets from "./en/tickets.json";
import enEventMessages from "./en/event-messages.json";
import enAttendeeMessages from "./en/attendee-messages.json";
import frAttendeeMessages from "./fr/attendee-messages.json";
import enOrderForms from "./en/order-forms.json";
import enPromoCodes from "./en/promo-codes.json";
import enMembers from "#domain/locales/en/members.json";
import enOrganization from "./en/organization.json";
import enTeam from "./en/team.json";
import enContact from "#domain/locales/en/contact.json";
import enBooking from "./en/booking.json";
import enCheckIns from "./en/check-ins.json";
import enParticipantImport from "./en/participant-import.json";
import enDataTable from "./en/data-table.json";
import enParticipants from "./en/participants.json";
import enOrders from "./en/orders.json";
import enEntries from "./en/entries.json";
import enPaymentAccount from "./en/payment-account.json";
import frPaymentAccount from "./fr/payment-account.json";
import enFinance from "./en/finance.json";
import frAdmin from "./fr/admin.json";
import frAuth from "./fr/auth.json";
import frCommon from "./fr/common.json";
import frEditor from "./fr/editor.json";
import frEmails from "#domain/locales/fr/emails.json";
import frInvoices from "#domain/locales/fr/invoices.json";
import frErrors from "./fr/errors.json";
import frEventArea from "./fr/event-area.json";
import frEvents from "./fr/events.json";
import frOrganizations from "./fr/organizations.json";
import frPublicEvent from "./fr/public-event.json";
import frTickets from "./fr/tickets.json";
import frEventMessages from "./fr/event-messages.json";
import frOrderForms from "./fr/order-forms.json";
import frPromoCodes from "./fr/promo-codes.json";
import frMembers from "#domain/locales/fr/members.json";
import frOrganization from "./fr/organization.json";
import frTeam from "./fr/team.json";
import frContact from "#domain/locales/fr/contact.json";
import frBooking from "./fr/booking.json";
import frCheckIns from "./fr/check-ins.json";
import frParticipantImport from "./fr/participant-import.json";
import frDataTable from "./fr/data-table.json";
import frParticipants from "./fr/participants.json";
import frOrders from "./fr/orders.json";
import frEntries from "./fr/entries.json";
import frPrivacy from "#domain/locales/fr/privacy.json";
import enPrivacy from "#domain/locales/en/privacy.json";
import frFinance from "./fr/finance.json";
import frPayouts from "./fr/payouts.json";
import enPayouts from "./en/payouts.json";
import frReminders from "./fr/reminders.json";
import enReminders from "./en/reminders.json";
import frWaitingList from "./fr/waiting-list.json";
import enWaitingList from "./en/waiting-list.json";
import frWaitingRoom from "./fr/waiting-room.json";
import enWaitingRoom from "./en/waiting-room.json";
import frDates from "./fr/dates.json";
import enDates from "./en/dates.json";

export const resources = {
  fr: {
    common: frCommon,
    auth: frAuth,
    errors: frErrors,
    events: frEvents,
    organizations: frOrganizations,
    admin: frAdmin,
    "public-event": frPublicEvent,
    "event-area": frEventArea,
    editor: frEditor,
    tickets: frTickets,
    "promo-codes": frPromoCodes,
    "order-forms": frOrderForms,
    "event-messages": frEventMessages,
    "attendee-messages": frAttendeeMessages,
    emails: frEmails,
    invoices: frInvoices,
    members: frMembers,
    organization: frOrganization,
    team: frTeam,
    contact: frContact,
    booking: frBooking,
    "check-ins": frCheckIns,
    "participant-import": frParticipantImport,
    "data-table": frDataTable,
    participants: frParticipants,
    orders: frOrders,
    entries: frEntries,
    "payment-account": frPaymentAccount,
    finance: frFinance,
    payouts: frPayouts,
    payments: frPayments,
    webhooks: frWebhooks,
    quotas: frQuotas,
    billing: frBilling,
    accounting: frAccounting,
    "date-changes": frDateChanges,
    developers: frDevelopers,
    embed: frEmbed,
    tracking: frTracking,
    analytics: frAnalytics,
    privacy: frPrivacy,
    reminders: frReminders,
    "waiting-list": frWaitingList,
    "waiting-room": frWaitingRoom,
    dates: frDates,
  },
  en: {
    common: enCommon,
    auth: enAuth,
    errors: enErrors,
    events: enEvents,
    organizations: enOrganizations,
    admin: enAdmin,
    "public-event": enPublicEvent,
    "event-area": enEventArea,
    editor: enEditor,
    tickets: enTickets,
    "promo-codes": enPromoCodes,
    "order-forms": enOrderForms,
    "event-messages": enEventMessages,
    "attendee-messages": enAttendeeMessages,
    emails: enEmails,
    invoices: enInvoices,
    members: enMembers,
    organization: enOrganization,
    team: enTeam,
    contact: enContact,
    booking: enBooking,
    "check-ins": enCheckIns,
    "participant-import": enParticipantImport,
    "data-table": enDataTable,
    participants: enParticipants,
    orders: enOrders,
    entries: enEntries,
    "payment-account": enPaymentAccount,
    finance: enFinance,
    payouts: enPayouts,
    payments: enPayments,
    webhooks: enWebhooks,
    quotas: enQuotas,
    billing: enBilling,
    accounting: enAccounting,
    "date-changes": enDateChanges,
    developers: enDevelopers,
    embed: enEmbed,
    tracking: enTracking,
    analytics: enAnalytics,
    privacy: enPrivacy,
    reminders: enReminders,
    "waiting-list": enWaitingList,
    "waiting-room": enWaitingRoom,
    dates: enDates,
  },
} satisfies Resource;

export { defaultNamespace } from "#domain/http/i18n-config";
