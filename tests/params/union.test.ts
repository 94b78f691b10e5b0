import { type StringParam, ToolDefinitionError, p } from "toolwright";
import { definitionError, expectSchema } from "./expect-schema.js";

/** Calls p.union with members its static type forbids, as JavaScript callers and casts can. */
function unionOfUnchecked(members: unknown): unknown {
  return (p.union as (members: unknown) => unknown)(members);
}

describe("p.union", () => {
  it("writes anyOf with each member's schema when given two members", () => {
    expectSchema(p.union([p.string(), p.integer()]), { anyOf: [{ type: "string" }, { type: "integer" }] });
  });

  it("sets the description on the union, not on a member, when given the short form", () => {
    expectSchema(p.union([p.string(), p.integer()], "Id or index"), {
      anyOf: [{ type: "string" }, { type: "integer" }],
      description: "Id or index",
    });
  });

  it("keeps each member's keywords and order when the members are objects and a literal", () => {
    const source = p.union([
      p.object({ kind: p.literal("file"), path: p.string() }),
      p.object({ kind: p.literal("url"), url: p.string({ format: "uri" }) }),
      p.literal(null),
    ]);
    expectSchema(source, {
      anyOf: [
        {
          type: "object",
          properties: { kind: { type: "string", const: "file" }, path: { type: "string" } },
          required: ["kind", "path"],
          additionalProperties: false,
        },
        {
          type: "object",
          properties: { kind: { type: "string", const: "url" }, url: { type: "string", format: "uri" } },
          required: ["kind", "url"],
          additionalProperties: false,
        },
        { type: "null", const: null },
      ],
    });
  });

  it("keeps its own copy of the members when the caller's array changes later", () => {
    const members: [StringParam, StringParam] = [p.string(), p.string("b")];
    const schema = p.union(members);
    members[1] = p.string("changed");
    expectSchema(schema, { anyOf: [{ type: "string" }, { type: "string", description: "b" }] });
  });

  it.each([
    ["no members", []],
    ["one member", [p.string()]],
    ["a raw schema member", [p.string(), { type: "integer" }]],
    ["not an array", p.string()],
  ])("throws a ToolDefinitionError asking for two descriptors when given %s", (_what, members) => {
    const error = definitionError(() => unionOfUnchecked(members));
    expect(error).toBeInstanceOf(ToolDefinitionError);
    expect(error.message).toBe("p.union() needs an array of at least two descriptors.");
  });
});
