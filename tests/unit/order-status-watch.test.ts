import { describe, expect, it } from "vitest";
import {
  orderStatusWatchScript,
  orderWatchDefaults,
  watchOrderStatus,
  type WatchOptions,
  type WatchWindow,
} from "~/lib/order-status-watch";

const apiUrl = "/api/public/orders/7?token=abc";
const options: WatchOptions = { apiUrl, status: "pending", headingId: "order-heading", ...orderWatchDefaults };

/** A window whose timers run only when the test says so, and whose fetch answers from a list. */
function fakeWindow(answers: (string | number | Error)[]) {
  const timers = new Map<number, { callback: () => void; ms: number }>();
  let nextId = 1;
  const listeners: (() => void)[] = [];
  const storage = new Map<string, string>();
  const state = { reloads: 0, fetches: 0, focused: 0, visibility: "visible" };
  const win: WatchWindow = {
    fetch: async () => {
      state.fetches += 1;
      const answer = answers.shift() ?? "pending";
      if (answer instanceof Error) throw answer;
      if (typeof answer === "number") return { ok: false, status: answer, json: async () => ({}) };
      return { ok: true, status: 200, json: async () => ({ status: answer }) };
    },
    setTimeout: (callback, ms) => {
      const id = nextId++;
      timers.set(id, { callback, ms });
      return id;
    },
    clearTimeout: (id) => void timers.delete(id),
    document: {
      get visibilityState() {
        return state.visibility;
      },
      addEventListener: (_type, listener) => void listeners.push(listener),
      getElementById: (id) => (id === "order-heading" ? { focus: () => void (state.focused += 1) } : null),
    },
    sessionStorage: {
      getItem: (key) => storage.get(key) ?? null,
      setItem: (key, value) => void storage.set(key, value),
      removeItem: (key) => void storage.delete(key),
    },
    location: { reload: () => void (state.reloads += 1) },
  };
  return {
    win,
    state,
    storage,
    pendingDelays: () => [...timers.values()].map((timer) => timer.ms),
    /** Runs the one pending timer and lets the fetch it starts settle. */
    async tick() {
      const [entry] = [...timers.entries()];
      if (!entry) throw new Error("no timer pending");
      timers.delete(entry[0]);
      entry[1].callback();
      for (let i = 0; i < 5; i++) await Promise.resolve();
    },
    setVisibility(visibility: string) {
      state.visibility = visibility;
      for (const listener of listeners) listener();
    },
  };
}

describe("watchOrderStatus", () => {
  it("asks at growing intervals and reloads once when the status changes", async () => {
    const fake = fakeWindow(["pending", "pending", "paid"]);
    watchOrderStatus(options, fake.win);
    const delays: number[] = [];
    for (let i = 0; i < 3; i++) {
      delays.push(...fake.pendingDelays());
      await fake.tick();
    }
    expect(delays).toEqual([3_000, 4_500, 6_750]);
    expect(fake.state.fetches).toBe(3);
    expect(fake.state.reloads).toBe(1);
    expect(fake.pendingDelays()).toEqual([]);
    expect(fake.storage.get("guichet:order-status-changed")).toBe(apiUrl);
  });

  it("caps the interval and stops after its budget of waiting", async () => {
    const fake = fakeWindow([]);
    watchOrderStatus(options, fake.win);
    let waited = 0;
    let polls = 0;
    while (fake.pendingDelays().length > 0) {
      const [delay] = fake.pendingDelays();
      expect(delay).toBeLessThanOrEqual(30_000);
      waited += delay!;
      polls += 1;
      await fake.tick();
    }
    expect(waited).toBe(600_000);
    expect(fake.state.fetches).toBe(polls);
    expect(fake.state.reloads).toBe(0);
  });

  it("keeps asking after a failed request, and stops on a 404", async () => {
    const fake = fakeWindow([new TypeError("offline"), 503, 404]);
    watchOrderStatus(options, fake.win);
    await fake.tick();
    await fake.tick();
    expect(fake.pendingDelays()).toHaveLength(1);
    await fake.tick();
    expect(fake.pendingDelays()).toEqual([]);
    expect(fake.state.reloads).toBe(0);
  });

  it("waits while the tab is hidden and starts again quickly when it is shown", async () => {
    const fake = fakeWindow([]);
    watchOrderStatus(options, fake.win);
    await fake.tick();
    await fake.tick();
    expect(fake.pendingDelays()).toEqual([6_750]);
    fake.setVisibility("hidden");
    expect(fake.pendingDelays()).toEqual([]);
    fake.setVisibility("visible");
    expect(fake.pendingDelays()).toEqual([3_000]);
  });

  it("does nothing for an order that is no longer pending, but focuses the heading after its own reload", () => {
    const fake = fakeWindow([]);
    fake.storage.set("guichet:order-status-changed", apiUrl);
    watchOrderStatus({ ...options, status: "paid" }, fake.win);
    expect(fake.state.focused).toBe(1);
    expect(fake.storage.has("guichet:order-status-changed")).toBe(false);
    expect(fake.pendingDelays()).toEqual([]);
    expect(fake.state.fetches).toBe(0);

    // A plain visit of the same page leaves the focus alone.
    watchOrderStatus({ ...options, status: "paid" }, fake.win);
    expect(fake.state.focused).toBe(1);
  });
});

describe("orderStatusWatchScript", () => {
  it("is a self-contained script that runs the watcher", () => {
    const script = orderStatusWatchScript({ ...options, apiUrl: "/api/public/orders/7?token=</script><b>" });
    expect(script).not.toContain("</script>");
    const fake = fakeWindow([]);
    // The script runs with nothing but the window it is given.
    new Function("window", script)(fake.win);
    expect(fake.pendingDelays()).toEqual([3_000]);
  });
});
