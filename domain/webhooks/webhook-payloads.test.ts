import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { documentedWebhookTypes, webhookEnvelopeSchema, webhookPayloadExamples } from "./webhook-payloads";

describe("webhook payload examples", () => {
  it.each(documentedWebhookTypes)("%s: the page's example is what its schema accepts", (type) => {
    const body = { type, timestamp: "2027-03-01T18:00:00.000Z", data: webhookPayloadExamples[type] };
    const result = v.safeParse(webhookEnvelopeSchema(type), body);
    expect(result.issues?.map((issue) => `${v.getDotPath(issue)}: ${issue.message}`) ?? []).toEqual([]);
  });

  it("a payload with a field the schema does not list is refused (strict), so the page cannot hide a field", () => {
    const data = { ...(webhookPayloadExamples["order.paid"] as object), secret_field: 1 };
    expect(
      v.safeParse(webhookEnvelopeSchema("order.paid"), {
        type: "order.paid",
        timestamp: "2027-03-01T18:00:00.000Z",
        data,
      }).success,
    ).toBe(false);
  });
});

describe("describePayloadFields", () => {
  it("lists a payload's fields with their types, nested objects dotted, nullable and enums marked", async () => {
    const { describePayloadFields } = await import("./describe-payload-fields");
    const { checkInPayloadSchema, orderPayloadSchema } = await import("./webhook-payloads");
    const fields = describePayloadFields(checkInPayloadSchema);
    expect(fields.map((field) => field.name)).toEqual([
      "id",
      "event",
      "ticket",
      "participant.id",
      "participant.first_name",
      "participant.last_name",
      "is_in",
      "validated_at",
    ]);
    expect(fields.find((field) => field.name === "validated_at")).toEqual({
      name: "validated_at",
      type: "datetime",
      nullable: false,
    });
    const order = describePayloadFields(orderPayloadSchema);
    expect(order.find((field) => field.name === "paid_at")).toMatchObject({ type: "datetime", nullable: true });
    expect(order.find((field) => field.name === "status")?.values).toContain("refunded");
    expect(order.find((field) => field.name === "amount")).toMatchObject({ type: "integer" });
  });
});
