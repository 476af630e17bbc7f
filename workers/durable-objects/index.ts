// Every Durable Object class of the Worker: workers/app.ts exports them, and the Node-side Env type
// (tests/support/worker-env.d.ts, scripts/worker-env-types.ts) points here instead of at the Worker's entry.
export { EventInventory } from "./event-inventory";
export { WaitingRoom } from "./waiting-room";
