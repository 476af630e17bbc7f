import { Settings, Tag, Ticket, Users } from "lucide-react";
import { describe, expect, it } from "vitest";
import {
  availableEventNavigation,
  eventNavigation,
  eventPath,
  flattenEventNavigation,
  isEventGroupOpen,
  isEventLinkActive,
  type EventNavigationItem,
  type EventNavigationGroup,
  type EventNavigationLink,
} from "./event-navigation";

const ids = (entries: EventNavigationItem[]) =>
  entries.map((entry) =>
    entry.kind === "group" ? `${entry.id}[${entry.links.map((l) => l.id).join(",")}]` : entry.id,
  );

const link = (
  id: EventNavigationLink["id"],
  segment: EventNavigationLink["segment"],
  available: boolean,
): EventNavigationLink => ({
  kind: "link",
  id,
  segment,
  labelKey: `nav.${id}`,
  icon: Tag,
  available,
});

describe("the event navigation structure", () => {
  it("lists the spec's entries in order, with the tickets, order-options and communication groups", () => {
    expect(ids([...eventNavigation])).toEqual([
      "dashboard",
      "ticketing[dates,tickets,addons,quotas,promos]",
      "order-options[order-fields,order-messages]",
      "communication[messages,reminders]",
      "team",
      "settings",
      "separator",
      "participants",
      "entries",
      "scan",
      "orders",
      "waiting-list",
    ]);
  });

  it("reaches the tickets and add-ons pages once they exist", () => {
    const available = flattenEventNavigation(availableEventNavigation()).map((l) => eventPath(7, l.segment));
    expect(available).toEqual(
      expect.arrayContaining(["/event/7", "/event/7/tickets", "/event/7/addons", "/event/7/settings"]),
    );
    expect(ids(availableEventNavigation())[1]).toMatch(/^ticketing\[dates,tickets,addons/);
  });
});

describe("availableEventNavigation", () => {
  it("keeps a group with at least one available link, reduced to those links", () => {
    const group: EventNavigationGroup = {
      kind: "group",
      id: "ticketing",
      labelKey: "nav.ticketing",
      icon: Ticket,
      links: [link("tickets", "tickets", true), link("addons", "addons", false), link("promos", "promos", true)],
    };
    expect(ids(availableEventNavigation([group]))).toEqual(["ticketing[tickets,promos]"]);
  });

  it("drops a group whose links are all unavailable", () => {
    const group: EventNavigationGroup = {
      kind: "group",
      id: "order-options",
      labelKey: "nav.order-options",
      icon: Settings,
      links: [link("order-fields", "order-fields", false)],
    };
    expect(availableEventNavigation([link("dashboard", "", true), group])).toHaveLength(1);
  });

  it("keeps a separator only between two kept entries", () => {
    const separator = { kind: "separator", id: "separator" } as const;
    expect(
      ids(availableEventNavigation([link("settings", "settings", true), separator, link("orders", "orders", true)])),
    ).toEqual(["settings", "separator", "orders"]);
    expect(
      ids(availableEventNavigation([link("settings", "settings", true), separator, link("orders", "orders", false)])),
    ).toEqual(["settings"]);
    expect(ids(availableEventNavigation([separator, link("orders", "orders", true)]))).toEqual(["orders"]);
    expect(
      ids(
        availableEventNavigation([
          link("team", "team", true),
          separator,
          link("entries", "entries", false),
          separator,
          link("orders", "orders", true),
        ]),
      ),
    ).toEqual(["team", "separator", "orders"]);
  });

  it("does not change the structure it filters", () => {
    const before = JSON.stringify(ids([...eventNavigation]));
    availableEventNavigation();
    expect(JSON.stringify(ids([...eventNavigation]))).toBe(before);
  });
});

describe("active links and open groups", () => {
  const tickets: EventNavigationGroup = {
    kind: "group",
    id: "ticketing",
    labelKey: "nav.ticketing",
    icon: Ticket,
    links: [link("tickets", "tickets", true), link("addons", "addons", true), link("promos", "promos", true)],
  };

  it("matches the dashboard on its own path only", () => {
    const dashboard = link("dashboard", "", true);
    expect(isEventLinkActive("/event/12", 12, dashboard)).toBe(true);
    expect(isEventLinkActive("/event/12/", 12, dashboard)).toBe(true);
    expect(isEventLinkActive("/event/12/settings", 12, dashboard)).toBe(false);
    expect(isEventLinkActive("/event/13", 12, dashboard)).toBe(false);
  });

  it("matches other links on their sub-paths, not on look-alike prefixes", () => {
    const participants = link("participants", "participants", true);
    expect(isEventLinkActive("/event/12/participants", 12, participants)).toBe(true);
    expect(isEventLinkActive("/event/12/participants/55", 12, participants)).toBe(true);
    expect(isEventLinkActive("/event/12/participants-export", 12, participants)).toBe(false);
    expect(isEventLinkActive("/event/120/participants", 12, participants)).toBe(false);
  });

  it("opens the tickets group on each of its links and their detail pages", () => {
    for (const path of ["/event/3/tickets", "/event/3/tickets/9", "/event/3/addons", "/event/3/promos/"]) {
      expect(isEventGroupOpen(path, 3, tickets), path).toBe(true);
    }
  });

  it("keeps the group closed elsewhere", () => {
    for (const path of ["/event/3", "/event/3/settings", "/event/3/orders", "/event/4/tickets", "/event/3/ticketsx"]) {
      expect(isEventGroupOpen(path, 3, tickets), path).toBe(false);
    }
  });

  it("flattens groups in navigation order for the mobile tab bar", () => {
    expect(
      flattenEventNavigation([
        link("dashboard", "", true),
        { ...tickets, icon: Users },
        link("orders", "orders", true),
      ]).map((l) => l.id),
    ).toEqual(["dashboard", "tickets", "addons", "promos", "orders"]);
  });
});
