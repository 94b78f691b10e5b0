import { p } from "toolwright";
import { expectSchema } from "./expect-schema.js";

describe("p.integer", () => {
  it("is exactly { type: integer } when given no options", () => {
    expectSchema(p.integer(), { type: "integer" });
  });

  it("sets the description when given the short form", () => {
    expectSchema(p.integer("Page number"), { type: "integer", description: "Page number" });
  });

  it("keeps every numeric keyword when given all options", () => {
    expectSchema(
      p.integer({
        description: "Even count",
        minimum: 0,
        maximum: 100,
        exclusiveMinimum: -1,
        exclusiveMaximum: 101,
        multipleOf: 2,
      }),
      {
        type: "integer",
        description: "Even count",
        minimum: 0,
        maximum: 100,
        exclusiveMinimum: -1,
        exclusiveMaximum: 101,
        multipleOf: 2,
      },
    );
  });

  it("writes the bound and the default side by side when chained as in the design example", () => {
    expectSchema(p.integer({ minimum: 1 }).default(10), { type: "integer", minimum: 1, default: 10 });
  });

  it("differs from p.number only in its type keyword when given the same options", () => {
    const options = { minimum: 1, maximum: 9 };
    expect({ ...p.integer(options), type: "number" }).toEqual({ ...p.number(options) });
  });
});
