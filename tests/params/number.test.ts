import { p } from "toolwright";
import { expectSchema } from "./expect-schema.js";

describe("p.number", () => {
  it("is exactly { type: number } when given no options", () => {
    expectSchema(p.number(), { type: "number" });
  });

  it("sets the description when given the short form", () => {
    expectSchema(p.number("Temperature"), { type: "number", description: "Temperature" });
  });

  it("keeps inclusive bounds and multipleOf when given them", () => {
    expectSchema(p.number({ description: "Price", minimum: 0, maximum: 1000, multipleOf: 0.01 }), {
      type: "number",
      description: "Price",
      minimum: 0,
      maximum: 1000,
      multipleOf: 0.01,
    });
  });

  it("writes 2020-12 numeric exclusive bounds when given exclusiveMinimum and exclusiveMaximum", () => {
    expectSchema(p.number({ exclusiveMinimum: -273.15, exclusiveMaximum: 1e6 }), {
      type: "number",
      exclusiveMinimum: -273.15,
      exclusiveMaximum: 1e6,
    });
  });

  it("keeps a negative or zero bound when the bound is falsy", () => {
    expectSchema(p.number({ minimum: -1, maximum: 0 }), { type: "number", minimum: -1, maximum: 0 });
  });

  it("keeps title and examples when given common options", () => {
    expectSchema(p.number({ title: "Ratio", examples: [0.5, 1] }), {
      type: "number",
      title: "Ratio",
      examples: [0.5, 1],
    });
  });

  it("writes a number default when given one", () => {
    expectSchema(p.number().default(1.5), { type: "number", default: 1.5 });
  });
});
