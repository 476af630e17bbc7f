import type { Resource } from "i18next";
import enAdmin from "./en/admin.json";
import enAuth from "./en/auth.json";
import enCommon from "./en/common.json";
import enEditor from "./en/editor.json";
import enErrors from "./en/errors.json";
import enEventArea from "./en/event-area.json";
import enEvents from "./en/events.json";
import enOrganizations from "./en/organizations.json";
import enPublicEvent from "./en/public-event.json";
import frAdmin from "./fr/admin.json";
import frAuth from "./fr/auth.json";
import frCommon from "./fr/common.json";
import frEditor from "./fr/editor.json";
import frErrors from "./fr/errors.json";
import frEventArea from "./fr/event-area.json";
import frEvents from "./fr/events.json";
import frOrganizations from "./fr/organizations.json";
import frPublicEvent from "./fr/public-event.json";

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
  },
} satisfies Resource;

export const defaultNamespace = "common";
export const namespaces = Object.keys(resources.fr) as Array<keyof typeof resources.fr>;
