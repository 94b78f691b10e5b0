import { p } from "toolwright";
import { expectSchema } from "./expect-schema.js";

describe("p.literal", () => {
  it("writes type string and const when the value is a string", () => {
    expectSchema(p.literal("celsius"), { type: "string", const: "celsius" });
  });

  it("writes type integer when the value is a whole number", () => {
    expectSchema(p.literal(42), { type: "integer", const: 42 });
  });

  it("writes type number when the value has a fraction", () => {
    expectSchema(p.literal(1.5), { type: "number", const: 1.5 });
  });

  it("writes type boolean when the value is true or false", () => {
    expectSchema(p.literal(true), { type: "boolean", const: true });
    expectSchema(p.literal(false), { type: "boolean", const: false });
  });

  it("writes type null and keeps const null when the value is null", () => {
    const schema = p.literal(null);
    expectSchema(schema, { type: "null", const: null });
    expect(Object.hasOwn(schema, "const")).toBe(true);
  });

  it("keeps an empty string const when the value is the empty string", () => {
    expectSchema(p.literal(""), { type: "string", const: "" });
  });

  it("sets the description when given the short form", () => {
    expectSchema(p.literal("v1", "API version"), { type: "string", const: "v1", description: "API version" });
  });

  it("keeps common options when given them", () => {
    expectSchema(p.literal(0, { description: "Zero", title: "Z" }), {
      type: "integer",
      const: 0,
      description: "Zero",
      title: "Z",
    });
  });
});
