import {
  createDatesBodySchema,
  updateDateBodySchema,
  updateDatesBodySchema,
} from "#domain/event-dates/event-date-input-schema";
import { listDatesQuerySchema } from "../routes/api-event-dates";
import type { JsonSchema } from "./json-schema";
import type { ApiOperation } from "./operations";

/** Issue 30 §6: the dates of an event, documented beside the other event calls (listed by operations.ts). */

const EVENT = "/api/events/:id{[0-9]+}";
const object = (description: string): JsonSchema => ({ type: "object", description });
const dateId = { date_id: { description: "The date's id." } };

const dateExample = {
  id: 81,
  event_id: 42,
  start_at: "2027-03-26T19:00:00.000Z",
  end_at: "2027-03-26T21:30:00.000Z",
  address_label: null,
  address_name: null,
  status: "on_sale",
  capacity: 40,
  sold: 12,
  held: 2,
  remaining: 26,
};

export const eventDatesOperations: ApiOperation[] = [
  {
    method: "GET",
    route: `${EVENT}/dates`,
    operationId: "listEventDates",
    tag: "Dates",
    summary: "List an event's dates",
    description:
      "One page (`page` from 1, `per_page` up to 100) of the event's dates, upcoming by default (`when`: upcoming, " +
      "past, all), or those of a month (`month` YYYY-MM, in the event's zone), each with its capacity (-1: none of " +
      "its own), places `sold`, `held` in checkouts and `remaining` (null without a capacity). `months` lists the " +
      "months that have a date. An event without dates has a single date: its own `start_at`.",
    access: { kind: "organization", scope: "events:read" },
    query: listDatesQuerySchema,
    response: {
      status: 200,
      description: "A page of dates.",
      schema: object("`{ object, data, total, page, per_page, has_more, time_zone, months }`."),
      example: {
        object: "list",
        data: [dateExample],
        total: 1,
        page: 1,
        per_page: 25,
        has_more: false,
        time_zone: "Europe/Paris",
        months: ["2027-03"],
      },
    },
    errors: [400, 404],
  },
  {
    method: "POST",
    route: `${EVENT}/dates`,
    operationId: "createEventDates",
    tag: "Dates",
    summary: "Add a date or a series of dates",
    description:
      "One date (`start_at`, optional `end_at`), or `series`: on `weekdays` (1 Monday … 7 Sunday) from " +
      "`start_date`, at `times` or as slots every `every_minutes` from `slots_from` to `slots_to`, `until` a day " +
      "or for `count` dates, minus `skip_dates`; times are the event's local wall-clock times across daylight-" +
      "saving changes (a time that does not exist that day is left out). At most 500 dates per series and 1,000 per " +
      "event. The event's `start_at`/`end_at` become the span of its dates that are not cancelled.",
    access: { kind: "organization", scope: "events:write" },
    body: {
      schemas: [createDatesBodySchema],
      example: {
        series: { start_date: "2027-03-26", weekdays: [2, 3, 4, 5, 6], times: ["20:00"], count: 20 },
        capacity: 40,
      },
    },
    response: {
      status: 201,
      description: "The dates created.",
      schema: object('`{ object: "list", data }`.'),
      example: { object: "list", data: [dateExample] },
    },
    errors: [400, 404],
  },
  {
    method: "PUT",
    route: `${EVENT}/dates`,
    operationId: "updateEventDates",
    tag: "Dates",
    summary: "Edit or cancel a range of dates",
    description:
      "The dates `ids` names, or every date starting from `from` to `to`: `capacity` (never below what a date " +
      "sold: 409), `status` (`on_sale`, `sold_out`, or `cancelled` to cancel them), `start_time`/`end_time` " +
      "(HH:mm, local, each on its own day), `address_label`/`address_name`.",
    access: { kind: "organization", scope: "events:write" },
    body: { schemas: [updateDatesBodySchema], example: { ids: [81, 82], capacity: 30 } },
    response: {
      status: 200,
      description: "The dates as they are now.",
      schema: object('`{ object: "list", data }`.'),
      example: { object: "list", data: [{ ...dateExample, capacity: 30 }] },
    },
    errors: [400, 404, 409],
  },
  {
    method: "PUT",
    route: `${EVENT}/dates/:date_id{[0-9]+}`,
    operationId: "updateEventDate",
    tag: "Dates",
    summary: "Edit or cancel a date",
    description: "As the range call, for one date, which may also move (`start_at`, `end_at`).",
    access: { kind: "organization", scope: "events:write" },
    pathParams: dateId,
    body: { schemas: [updateDateBodySchema], example: { status: "sold_out" } },
    response: {
      status: 200,
      description: "The date.",
      schema: object("A date."),
      example: { ...dateExample, status: "sold_out" },
    },
    errors: [400, 404, 409],
  },
  {
    method: "DELETE",
    route: `${EVENT}/dates/:date_id{[0-9]+}`,
    operationId: "deleteEventDate",
    tag: "Dates",
    summary: "Delete a date",
    description: "Only a date nothing was sold nor held on; otherwise 409 `delete_sold`: cancel it instead.",
    access: { kind: "organization", scope: "events:write" },
    pathParams: dateId,
    response: {
      status: 200,
      description: "Deleted.",
      schema: object("`{ id, deleted: true }`."),
      example: { id: 81, deleted: true },
    },
    errors: [404, 409],
  },
];
