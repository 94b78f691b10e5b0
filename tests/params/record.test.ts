import { p } from "toolwright";
import { expectSchema } from "./expect-schema.js";

describe("p.record", () => {
  it("writes an open object whose additionalProperties is the value schema when given a value descriptor", () => {
    expectSchema(p.record(p.number()), { type: "object", additionalProperties: { type: "number" } });
  });

  it("sets the description when given the short form", () => {
    expectSchema(p.record(p.number(), "Price by product id"), {
      type: "object",
      additionalProperties: { type: "number" },
      description: "Price by product id",
    });
  });

  it("keeps the value's own keywords when the value is complex", () => {
    expectSchema(p.record(p.array(p.string({ minLength: 1 }), { maxItems: 3 }), { title: "Aliases" }), {
      type: "object",
      additionalProperties: { type: "array", items: { type: "string", minLength: 1 }, maxItems: 3 },
      title: "Aliases",
    });
  });

  it("nests a closed object as the value when the value is p.object", () => {
    expectSchema(p.record(p.object({ qty: p.integer({ minimum: 0 }) })), {
      type: "object",
      additionalProperties: {
        type: "object",
        properties: { qty: { type: "integer", minimum: 0 } },
        required: ["qty"],
        additionalProperties: false,
      },
    });
  });

  it("accepts any value when the value is p.any", () => {
    expectSchema(p.record(p.any()), { type: "object", additionalProperties: {} });
  });
});
