import { p } from "toolwright";
import { expectSchema, ownKeys } from "./expect-schema.js";

describe("p.any", () => {
  it("is the empty schema when given no options", () => {
    expectSchema(p.any(), {});
    expect(ownKeys(p.any())).toEqual([]);
  });

  it("holds only the description when given the short form", () => {
    expectSchema(p.any("Opaque payload"), { description: "Opaque payload" });
  });

  it("keeps common options when given them", () => {
    expectSchema(p.any({ title: "Payload", examples: [1, "a", null] }), { title: "Payload", examples: [1, "a", null] });
  });

  it("serialises to {} when stringified", () => {
    expect(JSON.stringify(p.any())).toBe("{}");
  });

  it("takes a default of any JSON value when defaulted", () => {
    expectSchema(p.any().default({ nested: [1, null] }), { default: { nested: [1, null] } });
  });
});
