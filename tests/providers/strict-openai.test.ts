import { type JsonSchema, type SchemaObject, p } from "toolwright";
import { type StrictSchemaResult, toStrictJsonSchema } from "../../src/schema/strict/rewrite.js";
import { objectNodes, prop, rules, strictFor } from "../fixtures/providers/strict-helpers.js";
import {
  allKinds,
  handWritten,
  noParams,
  open,
  optionals,
  rootRecursive,
  specOf,
  tree,
  unstrict,
} from "../fixtures/providers/tool-specs.js";

const openai = (schema: JsonSchema | Record<string, unknown>): StrictSchemaResult => strictFor("openai", schema);

describe("toStrictJsonSchema (OpenAI)", () => {
  it("closes every object with additionalProperties: false when objects are nested, in arrays, unions and $defs", () => {
    for (const spec of [allKinds, optionals, tree, handWritten]) {
      const { schema } = toStrictJsonSchema(spec.inputSchema, { provider: "openai" });
      for (const node of objectNodes(schema)) expect(node.additionalProperties).toBe(false);
    }
  });

  it("lists every property in required when some were optional or defaulted", () => {
    for (const node of objectNodes(openai(optionals.inputSchema).schema)) {
      expect(node.required).toEqual(Object.keys(node.properties as object));
    }
  });

  it("makes an optional primitive nullable with a type array, adding null to its enum", () => {
    const result = openai(optionals.inputSchema);
    expect(prop(result, "limit")).toEqual({ type: ["integer", "null"], minimum: 1, description: "Default: 20." });
    expect(prop(result, "sort")).toEqual({ type: ["string", "null"], enum: ["asc", "desc", null] });
  });

  it("wraps an optional object or const in anyOf with null, keeping the description outside", () => {
    const result = openai({
      type: "object",
      properties: { pick: p.literal("x").describe("Pick"), box: p.object({ a: p.string() }) },
    });
    expect(prop(result, "pick")).toEqual({
      anyOf: [{ type: "string", const: "x" }, { type: "null" }],
      description: "Pick",
    });
    expect((prop(result, "box").anyOf as SchemaObject[])[0]).toMatchObject({
      type: "object",
      additionalProperties: false,
    });
  });

  it("leaves an optional property that already accepts null as it is and does not record it", () => {
    const result = openai(optionals.inputSchema);
    expect(prop(result, "note")).toEqual({ type: ["string", "null"] });
    expect(result.nulledOptionals[""]).not.toContain("note");
  });

  it("records each property it made nullable under the JSON Pointer of its object in the rewritten schema", () => {
    expect(openai(optionals.inputSchema).nulledOptionals).toEqual({
      "": ["limit", "filter", "sort"],
      "/properties/filter/anyOf/0": ["owner", "labels"],
      "/properties/filter/anyOf/0/properties/labels/anyOf/0/items": ["value"],
    });
  });

  it.each([
    ["minLength", { type: "string", minLength: 2 }, "At least 2 characters."],
    ["maxLength", { type: "string", maxLength: 9 }, "At most 9 characters."],
    ["uniqueItems", { type: "array", items: { type: "string" }, uniqueItems: true }, "Items must be unique."],
    ["default", { type: "integer", default: 5 }, "Default: 5."],
    ["examples", { type: "string", examples: ["a"] }, 'Examples: "a".'],
    ["format", { type: "string", format: "uri" }, 'Format: "uri".'],
    [
      "minProperties",
      { type: "object", properties: { a: { type: "string" } }, minProperties: 1 },
      "At least 1 properties.",
    ],
  ])("moves %s, which strict mode rejects, into the description with a warning", (keyword, schema, note) => {
    const result = openai({ type: "object", properties: { x: { ...schema, description: "X" } }, required: ["x"] });
    expect(prop(result, "x")[keyword]).toBeUndefined();
    expect(prop(result, "x").description).toBe(`X\n\n${note}`);
    expect(result.findings).toContainEqual(
      expect.objectContaining({ path: `/properties/x/${keyword}`, rule: "openai.strict.keyword", severity: "warning" }),
    );
    expect(result.strict).toBe(true);
  });

  it("keeps the constraints OpenAI supports: pattern, listed formats, numeric bounds, minItems and maxItems", () => {
    const result = openai(allKinds.inputSchema);
    expect(prop(result, "text").pattern).toBe("^[a-z ]+$");
    expect(prop(result, "when").format).toBe("date-time");
    expect(prop(result, "ratio")).toMatchObject({ exclusiveMinimum: 0, maximum: 1, multipleOf: 0.01 });
    expect(prop(result, "tags")).toMatchObject({ minItems: 2, maxItems: 5 });
  });

  it("drops a null default silently, as openai-node does", () => {
    const result = openai(handWritten.inputSchema);
    expect(prop(result, "color").default).toBeUndefined();
    expect(rules(result).filter((r) => r.includes("color/default"))).toEqual([]);
  });

  it("turns oneOf into anyOf with a warning", () => {
    const result = openai(handWritten.inputSchema);
    expect((prop(result, "contact").anyOf as unknown[]).length).toBe(2);
    expect(rules(result)).toContain("warning /properties/contact/oneOf openai.strict.one-of");
  });

  it("merges a one-member allOf and rejects allOf with several members", () => {
    expect(prop(openai(handWritten.inputSchema), "size")).toEqual({ type: ["integer", "null"], minimum: 0 });
    const many = openai({
      type: "object",
      properties: { x: { allOf: [{ type: "string" }, { minLength: 1 }] } },
      required: ["x"],
    });
    expect(rules(many)).toContain("error /properties/x openai.strict.all-of");
    expect(many.strict).toBe(false);
  });

  it("inlines a $ref that has sibling keywords and keeps plain and recursive refs", () => {
    expect(prop(openai(handWritten.inputSchema), "owner")).toMatchObject({
      type: "object",
      description: "Who owns it",
    });
    const recursive = openai(tree.inputSchema);
    expect(prop(recursive, "root")).toEqual({ $ref: "#/$defs/Node" });
    expect(recursive.strict).toBe(true);
    expect(openai(rootRecursive.inputSchema).strict).toBe(true);
  });

  it("reports a record or free-form object as an error when the object accepts extra keys", () => {
    expect(rules(openai(open.inputSchema))).toContain(
      "error /properties/scores/additionalProperties openai.strict.open-object",
    );
    const freeForm = openai({ type: "object", properties: { meta: { type: "object" } }, required: ["meta"] });
    expect(rules(freeForm)).toContain("error /properties/meta openai.strict.open-object");
  });

  it("treats a root without properties as a tool without parameters", () => {
    const result = openai({ type: "object" });
    expect(result.schema).toEqual({ type: "object", properties: {}, required: [], additionalProperties: false });
    expect(openai(noParams.inputSchema).strict).toBe(true);
  });

  it("reports a value of any type and an array without items as errors", () => {
    expect(rules(openai(open.inputSchema))).toContain("error /properties/extra openai.strict.untyped");
    expect(rules(openai(unstrict.inputSchema))).toContain("error /properties/loose openai.strict.untyped");
  });

  it("reports tuples and conditionals, which cannot be rewritten, as errors", () => {
    const found = rules(openai(unstrict.inputSchema));
    expect(found).toEqual(
      expect.arrayContaining([
        "error /properties/pair/prefixItems openai.strict.unsupported",
        "error /properties/shape/if openai.strict.unsupported",
      ]),
    );
  });

  it("reports a root that is not an object or uses anyOf", () => {
    const schema = { type: "object", anyOf: [{ required: ["a"] }], properties: { a: { type: "string" } } } as never;
    const result = toStrictJsonSchema(schema, { provider: "openai" });
    expect(rules(result)).toContain("error /anyOf openai.strict.root");
    expect(rules(toStrictJsonSchema({ type: "array" } as never, { provider: "openai" }))).toContain(
      "error  openai.strict.root",
    );
  });

  it("reports a $ref to another document", () => {
    const result = toStrictJsonSchema(
      { type: "object", properties: { a: { $ref: "https://example.com/a.json" } } } as never,
      { provider: "openai" },
    );
    expect(rules(result)).toContain("error /properties/a/$ref openai.strict.ref");
  });

  it("warns beyond 5 levels of nesting and rejects more than 1000 enum values or 5000 properties", () => {
    expect(
      rules(
        openai(
          specOf("deep", {
            a: p.object({ b: p.object({ c: p.object({ d: p.object({ e: p.object({ f: p.string() }) }) }) }) }),
          }).inputSchema,
        ),
      ),
    ).toContain("warning  openai.strict.depth");
    const values = Array.from({ length: 1001 }, (_, i) => `v${i}`);
    expect(rules(openai({ type: "object", properties: { e: { type: "string", enum: values } } }))).toContain(
      "error  openai.strict.limit",
    );
    const many = Object.fromEntries(Array.from({ length: 5001 }, (_, i) => [`p${i}`, { type: "string" }]));
    expect(rules(openai({ type: "object", properties: many }))).toContain("error  openai.strict.limit");
  });

  it("never changes the frozen input and returns the same frozen result for the same schema", () => {
    const before = JSON.stringify(allKinds.inputSchema);
    const first = toStrictJsonSchema(allKinds.inputSchema, { provider: "openai", tool: "all_kinds" });
    expect(JSON.stringify(allKinds.inputSchema)).toBe(before);
    expect(toStrictJsonSchema(allKinds.inputSchema, { provider: "openai", tool: "all_kinds" })).toBe(first);
    expect(Object.isFrozen(first.schema.properties)).toBe(true);
  });

  it("freezes every object of the result, whatever the rewrite made, and leaves the input unfrozen", () => {
    const frozenThroughout = (value: unknown): boolean =>
      typeof value !== "object" ||
      value === null ||
      (Object.isFrozen(value) && Object.values(value).every(frozenThroughout));
    const input = {
      type: "object",
      properties: {
        plain: { type: "string", minLength: 1, default: "x", examples: ["a"] },
        choice: { type: "string", enum: ["a", "b"] },
        tags: { type: "array", items: { type: "object", properties: { k: { type: "integer" } } } },
        either: { anyOf: [{ type: "string" }, { type: "number", const: 1 }], description: "one or other" },
        merged: { allOf: [{ type: "object", properties: { m: { type: "boolean" } } }], title: "M" },
        node: { $ref: "#/$defs/Node" },
        loose: true,
        odd: { type: "string", format: ["date"] as unknown as string },
        far: { $ref: "http://example.com/x" },
      },
      required: ["plain"],
      $defs: { Node: { type: "object", properties: { next: { $ref: "#/$defs/Node" } } } },
    };
    const before = JSON.stringify(input);
    for (const provider of ["openai", "anthropic"] as const) {
      const result = toStrictJsonSchema(input as never, { provider, tool: "t" });
      expect(frozenThroughout(result)).toBe(true);
    }
    expect(JSON.stringify(input)).toBe(before);
    expect(Object.isFrozen(input.properties.odd.format)).toBe(false);
  });
});
