import type { JsonSchema } from "./json-schema";
import type { ApiOperation } from "./operations";
import { waitingRoomJoinSchema } from "../routes/api-public-waiting-room";

/** Issue 31 §2: the waiting room of an on-sale (docs/decisions/0070-waiting-room.md), beside the booking calls. */

const nullable = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: "null" }] });

const roomAnswer: JsonSchema = {
  type: "object",
  properties: {
    state: {
      enum: ["off", "waiting", "admitted", "expired"],
      description:
        "`off`: no waiting room now, book directly. `waiting`: in the queue. `admitted`: `pass` lets you book until " +
        "`pass_expires_at`. `expired`: the pass ran out; join again (POST without `ticket`).",
    },
    ticket: { ...nullable({ type: "string" }), description: "Your place in the queue: keep it to ask for news." },
    position: {
      ...nullable({ type: "integer" }),
      description: "1 = next. Null before the on-sale time (the order of early arrivals is drawn at the opening).",
    },
    waiting: { type: "integer", description: "People in the queue." },
    estimated_wait_seconds: { type: "integer" },
    refresh_after_seconds: { type: "integer", description: "When to ask again (GET with `ticket`)." },
    on_sale_at: nullable({ type: "string", format: "date-time" }),
    pass: {
      ...nullable({ type: "string" }),
      description: "Once admitted: send it in the `Guichet-Waiting-Room-Pass` header of POST …/orders.",
    },
    pass_expires_at: nullable({ type: "string", format: "date-time" }),
    pass_header: { enum: ["Guichet-Waiting-Room-Pass"] },
  },
};

const waitingExample = {
  state: "waiting",
  ticket: "q3w7kz2m5n4p6r8t0v2x4z6b8d0f2h4j",
  position: 42,
  waiting: 1250,
  estimated_wait_seconds: 180,
  refresh_after_seconds: 15,
  on_sale_at: "2027-03-01T09:00:00.000Z",
  pass: null,
  pass_expires_at: null,
  pass_header: "Guichet-Waiting-Room-Pass",
};

export const waitingRoomOperations: ApiOperation[] = [
  {
    method: "POST",
    route: "/api/public/events/:id/waiting-room",
    operationId: "joinWaitingRoom",
    tag: "Public booking",
    summary: "Join an on-sale's waiting room",
    description:
      "During an on-sale the organizer put behind a waiting room (from the queue's opening, some minutes before the " +
      "on-sale time, until its end), POST /api/public/events/:id/orders needs a pass from here. Joining gives a " +
      "`ticket`: those who join before the on-sale time are put in an order drawn at random at the opening, later " +
      "ones queue behind them, first come first served; people are let in at the rate the organizer set. Ask for news " +
      "with GET and the ticket every `refresh_after_seconds`: a ticket whose news nobody asked for in three minutes " +
      "is skipped until asked again. Once `admitted`, the answer carries the `pass` (valid 15 minutes). With a " +
      "`ticket` of this room, the call gives its news instead of a new place. `state: off` (200): no room now, " +
      "book directly. A private event needs its link's `t`.",
    access: { kind: "public" },
    body: {
      schemas: [waitingRoomJoinSchema],
      optional: true,
      description: "Optional: `ticket` (a place already held, to get its news), `t` (a private event's link token).",
      example: { t: null },
    },
    response: {
      status: 201,
      description: "Your place in the queue (or `admitted` with the pass when nobody is ahead).",
      schema: roomAnswer,
      example: waitingExample,
    },
    errors: [404, 422],
  },
  {
    method: "GET",
    route: "/api/public/events/:id/waiting-room",
    operationId: "getWaitingRoomTicket",
    tag: "Public booking",
    summary: "A place in the waiting room",
    description:
      "The news of a `ticket` from POST …/waiting-room: position, estimated wait, and once admitted the `pass` for " +
      "the `Guichet-Waiting-Room-Pass` header. 404 `room_ticket_not_found` for a ticket this on-sale's room does " +
      "not know (join again).",
    access: { kind: "public" },
    queryParams: [
      { name: "ticket", required: true, description: "The `ticket` POST gave.", schema: { type: "string" } },
      { name: "t", description: "A private event's link token.", schema: { type: "string" } },
    ],
    response: {
      status: 200,
      description: "The place's news.",
      schema: roomAnswer,
      example: {
        ...waitingExample,
        state: "admitted",
        position: null,
        estimated_wait_seconds: 0,
        refresh_after_seconds: 0,
        pass: "42.1803200400000.x7Hq2Lm9Pz3Rk5Tn8Vw1Yb",
        pass_expires_at: "2027-03-01T09:15:00.000Z",
      },
    },
    errors: [404],
  },
];
