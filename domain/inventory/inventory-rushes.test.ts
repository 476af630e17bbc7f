import { localInventory } from "../../tests/support/local-inventory";
import { createLibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { defineBookingRushSuite } from "../booking/booking-suite";
import { defineDatesBookingSuite } from "../booking/dates-booking-suite";

// The multi-date rushes (500 buyers on two shared quotas, 200 on one slot) through the events' inventory objects:
// the same guards in the object's copy, then D1 after the queue (decision 0072).
defineDatesBookingSuite("libSQL, through the inventory object", createLibsqlTestDatabase, {
  passes: 500,
  slot: 200,
  inventory: (db, env, now) => localInventory(db, { env, now }),
});

// The booking suite's rushes (the last places of a ticket, the event capacity, a promo code's uses) the same way.
defineBookingRushSuite("libSQL, through the inventory object", createLibsqlTestDatabase, {
  parallel: 150,
  inventory: (db, env, now) => localInventory(db, { env, now }),
});
