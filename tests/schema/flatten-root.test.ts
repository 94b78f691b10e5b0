import { type ObjectJsonSchema } from "toolwright";
import { finishSchema } from "../../src/schema/input-schema.js";
import { flattenRoot } from "../../src/schema/flatten-root.js";

const schemaOf = (raw: Record<string, unknown>): ObjectJsonSchema => finishSchema(raw, "t");

describe("flattenRoot", () => {
  it("returns the same schema object when the root has nothing to flatten, so per-schema caches keep working", () => {
    const schema = schemaOf({ type: "object", properties: { a: { type: "string" } } });
    expect(flattenRoot(schema).schema).toBe(schema);
    expect(flattenRoot(schema).flattened).toEqual([]);
  });

  it("describes anyOf branches by what they require, else by the properties they name", () => {
    const schema = schemaOf({
      type: "object",
      anyOf: [
        { properties: { id: { type: "integer" } } },
        { properties: { name: { type: "string" } }, required: ["name"] },
      ],
    });
    const { schema: flat, flattened } = flattenRoot(schema);
    expect(flattened).toEqual(["anyOf"]);
    expect(flat).toEqual({
      type: "object",
      properties: { id: { type: "integer" }, name: { type: "string" } },
      description: "Give at least one of: any of id; or name.",
    });
    expect(Object.isFrozen(flat)).toBe(true);
  });

  it("keeps the root's own property schema when a branch declares the same name, and never reads inherited keys", () => {
    const schema = schemaOf({
      type: "object",
      properties: { constructor: { type: "string" } },
      oneOf: [{ properties: { constructor: { type: "integer" }, toString: { type: "boolean" } } }],
    });
    expect(flattenRoot(schema).schema.properties).toEqual({
      constructor: { type: "string" },
      toString: { type: "boolean" },
    });
  });

  it("returns one cached result per schema and set of keys", () => {
    const schema = schemaOf({ type: "object", properties: {}, allOf: [{ required: [] }], not: { required: ["x"] } });
    expect(flattenRoot(schema)).toBe(flattenRoot(schema));
    expect(flattenRoot(schema, ["allOf"]).schema.not).toEqual({ required: ["x"] });
    expect(flattenRoot(schema).schema.not).toBeUndefined();
  });
});
