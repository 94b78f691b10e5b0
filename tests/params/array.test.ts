import { p } from "toolwright";
import { expectSchema } from "./expect-schema.js";

describe("p.array", () => {
  it("nests the item schema under items when given an item descriptor", () => {
    expectSchema(p.array(p.string()), { type: "array", items: { type: "string" } });
  });

  it("sets the description when given the short form", () => {
    expectSchema(p.array(p.integer(), "Line numbers"), {
      type: "array",
      items: { type: "integer" },
      description: "Line numbers",
    });
  });

  it("keeps minItems, maxItems and uniqueItems when given them", () => {
    expectSchema(p.array(p.string("Tag"), { description: "Tags", minItems: 1, maxItems: 5, uniqueItems: true }), {
      type: "array",
      items: { type: "string", description: "Tag" },
      description: "Tags",
      minItems: 1,
      maxItems: 5,
      uniqueItems: true,
    });
  });

  it("keeps the item's own description, bounds and default when the item carries them", () => {
    expectSchema(p.array(p.integer({ minimum: 0 }).describe("Index").default(0)), {
      type: "array",
      items: { type: "integer", minimum: 0, description: "Index", default: 0 },
    });
  });

  it("nests arrays when the item is an array", () => {
    expectSchema(p.array(p.array(p.number(), { minItems: 2, maxItems: 2 })), {
      type: "array",
      items: { type: "array", items: { type: "number" }, minItems: 2, maxItems: 2 },
    });
  });

  it("places the item descriptor itself, not a copy, when assembling", () => {
    const item = p.string();
    expect(p.array(item).items).toBe(item);
  });

  it("keeps the item's schema unchanged when the item was made optional", () => {
    expectSchema(p.array(p.string().optional()), { type: "array", items: { type: "string" } });
  });
});
