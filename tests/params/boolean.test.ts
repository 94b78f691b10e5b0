import { p } from "toolwright";
import { expectSchema } from "./expect-schema.js";

describe("p.boolean", () => {
  it("is exactly { type: boolean } when given no options", () => {
    expectSchema(p.boolean(), { type: "boolean" });
  });

  it("sets the description when given the short form", () => {
    expectSchema(p.boolean("Follow symlinks"), { type: "boolean", description: "Follow symlinks" });
  });

  it("keeps common options when given them", () => {
    expectSchema(p.boolean({ description: "Dry run", title: "Dry run", examples: [true] }), {
      type: "boolean",
      description: "Dry run",
      title: "Dry run",
      examples: [true],
    });
  });

  it("writes a false default when the default is false", () => {
    expectSchema(p.boolean().default(false), { type: "boolean", default: false });
  });
});
