import { p } from "toolwright";
import { METHODS, expectSchema, ownKeys } from "./expect-schema.js";

describe("p.string", () => {
  it("is exactly { type: string } when given no options", () => {
    expectSchema(p.string(), { type: "string" });
  });

  it("sets the description when given the short form", () => {
    expectSchema(p.string("City name"), { type: "string", description: "City name" });
  });

  it("gives the same schema when the description comes as an option", () => {
    expect(p.string({ description: "City name" })).toEqual(p.string("City name"));
  });

  it("keeps every string keyword when given all options", () => {
    const schema = p.string({
      description: "Product code",
      title: "Code",
      examples: ["AB-12"],
      minLength: 2,
      maxLength: 16,
      pattern: "^[A-Z]+-[0-9]+$",
      format: "hostname",
    });
    expectSchema(schema, {
      type: "string",
      description: "Product code",
      title: "Code",
      examples: ["AB-12"],
      minLength: 2,
      maxLength: 16,
      pattern: "^[A-Z]+-[0-9]+$",
      format: "hostname",
    });
  });

  it.each(["date-time", "date", "time", "email", "uri", "uuid", "ipv4", "ipv6"])(
    "writes the format keyword when format is %s",
    (format) => {
      expectSchema(p.string({ format }), { type: "string", format });
    },
  );

  it("keeps a zero minLength when the bound is 0", () => {
    expectSchema(p.string({ minLength: 0 }), { type: "string", minLength: 0 });
  });

  it("keeps an empty description when the short form is the empty string", () => {
    expectSchema(p.string(""), { type: "string", description: "" });
  });

  it("has only schema keywords as own keys when described", () => {
    const schema = p.string({ description: "d", minLength: 1 });
    expect(ownKeys(schema)).toEqual(["description", "minLength", "type"]);
    for (const method of METHODS) expect(Object.keys(schema)).not.toContain(method);
  });

  it("is frozen when created", () => {
    const schema = p.string({ minLength: 1 });
    expect(Object.isFrozen(schema)).toBe(true);
    expect(() => {
      (schema as unknown as Record<string, unknown>).minLength = 5;
    }).toThrow(TypeError);
  });
});
