/**
 * Every namespace in every language, for the server (SSR, loaders, emails) and the tests. To add a namespace: put
 * `app/locales/fr/<ns>.json` and `app/locales/en/<ns>.json` (same keys), then register both here (one import per
 * language and one line in each language's object below), as before.
 *
 * Never import this module from client code (components, app/lib, entry.client): it would ship every language's text
 * to the browser. The browser gets the namespaces the server rendered with inline in the HTML, and any other one as a
 * lazy chunk found by file name (app/lib/i18n-resources.tsx, app/entry.client.tsx): nothing to register
 * for the client.
 */
import type { Resource } from "i18next";
import enAdmin from "./en/admin.json";
import enAuth from "./en/auth.json";
import enCommon from "./en/common.json";
import enEditor from "./en/editor.json";
import enEmails from "./en/emails.json";
import enErrors from "./en/errors.json";
import enEventArea from "./en/event-area.json";
import enEvents from "./en/events.json";
import enOrganizations from "./en/organizations.json";
import enPublicEvent from "./en/public-event.json";
import enTickets from "./en/tickets.json";
import enEventMessages from "./en/event-messages.json";
import enOrderForms from "./en/order-forms.json";
import enPromoCodes from "./en/promo-codes.json";
import frAdmin from "./fr/admin.json";
import frAuth from "./fr/auth.json";
import frCommon from "./fr/common.json";
import frEditor from "./fr/editor.json";
import frEmails from "./fr/emails.json";
import frErrors from "./fr/errors.json";
import frEventArea from "./fr/event-area.json";
import frEvents from "./fr/events.json";
import frOrganizations from "./fr/organizations.json";
import frPublicEvent from "./fr/public-event.json";
import frTickets from "./fr/tickets.json";
import frEventMessages from "./fr/event-messages.json";
import frOrderForms from "./fr/order-forms.json";
import frPromoCodes from "./fr/promo-codes.json";

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
    emails: frEmails,
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
    emails: enEmails,
  },
} satisfies Resource;

export { defaultNamespace } from "~/lib/i18n-config";
export const namespaces = Object.keys(resources.fr) as Array<keyof typeof resources.fr>;
