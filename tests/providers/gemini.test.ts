import { Type } from "@google/genai";
import { BaseAgent, type GeminiSchema, ToolRegistry, checkCompatibility, p, toGeminiTools, tool } from "toolwright";
import {
  allKinds,
  dashedNames,
  handWritten,
  noParams,
  open,
  rootRecursive,
  specOf,
  tree,
  unstrict,
} from "../fixtures/providers/tool-specs.js";

const openapi = (spec = allKinds): GeminiSchema => toGeminiTools([spec], { mode: "openapi" })[0]!.parameters!;
const prop = (schema: GeminiSchema, ...keys: string[]): GeminiSchema =>
  keys.reduce<GeminiSchema>((node, key) => node.properties![key]!, schema);
const findings = (spec = allKinds, mode: "openapi" | "jsonSchema" = "openapi") =>
  checkCompatibility([spec], "gemini", { mode }).map((f) => `${f.severity} ${f.path} ${f.rule}`);

/** Every node of a converted schema. */
function nodes(schema: GeminiSchema, found: GeminiSchema[] = []): GeminiSchema[] {
  found.push(schema);
  for (const child of [
    ...Object.values(schema.properties ?? {}),
    ...(schema.items ? [schema.items] : []),
    ...(schema.anyOf ?? []),
  ]) {
    nodes(child, found);
  }
  return found;
}

describe("toGeminiTools (openapi mode)", () => {
  it("uses the SDK's upper-case type names", () => {
    const schema = openapi();
    expect(schema.type).toBe("OBJECT");
    expect(prop(schema, "text").type).toBe("STRING");
    expect(prop(schema, "tags").items).toEqual({ type: "STRING" });
  });

  it("turns a type array with null into nullable: true", () => {
    expect(prop(openapi(), "middle")).toEqual({ type: "STRING", nullable: true, description: "Middle name" });
  });

  it("turns anyOf with a null branch into the other branch with nullable: true", () => {
    expect(prop(openapi(), "choice")).toEqual({ nullable: true, anyOf: [{ type: "STRING" }, { type: "BOOLEAN" }] });
  });

  it("never emits type and anyOf together (the SDK throws on that)", () => {
    for (const node of nodes(openapi())) expect(node.type !== undefined && node.anyOf !== undefined).toBe(false);
  });

  it("turns a string const into a one-value enum", () => {
    expect(prop(openapi(), "mode")).toEqual({ type: "STRING", enum: ["fast"] });
  });

  it("keeps a numeric enum or const numeric and moves its values into the description, as Gemini allows enum only on STRING", () => {
    expect(prop(openapi(), "version")).toEqual({ type: "INTEGER", description: "Must be 3." });
    expect(prop(openapi(), "level")).toEqual({ type: "INTEGER", description: "One of 1, 2, 3." });
    expect(findings()).toEqual(
      expect.arrayContaining([
        "warning /properties/version/const gemini.enum",
        "warning /properties/level/enum gemini.enum",
      ]),
    );
  });

  it("turns a boolean const into a boolean with a note", () => {
    expect(prop(openapi(), "confirm")).toEqual({ type: "BOOLEAN", description: "Must be true." });
  });

  it("keeps null out of an enum, as nullable", () => {
    expect(prop(openapi(), "grade")).toEqual({ type: "STRING", nullable: true, enum: ["a", "b"] });
  });

  it("drops additionalProperties: false and emits int64 limits as strings", () => {
    const schema = openapi();
    for (const node of nodes(schema)) expect(node).not.toHaveProperty("additionalProperties");
    expect(prop(schema, "tags")).toMatchObject({ minItems: "2", maxItems: "5" });
    expect(prop(schema, "text")).toMatchObject({ minLength: "2", maxLength: "80", pattern: "^[a-z ]+$" });
  });

  it("moves keywords Gemini lacks into the description with a warning", () => {
    expect(prop(openapi(), "ratio")).toEqual({
      type: "NUMBER",
      maximum: 1,
      description: "Greater than 0. A multiple of 0.01.",
    });
    expect(findings()).toEqual(expect.arrayContaining(["warning /properties/ratio/exclusiveMinimum gemini.keyword"]));
  });

  it("inlines $ref and $defs, the sibling keywords winning", () => {
    const schema = openapi(handWritten);
    expect(prop(schema, "owner")).toEqual({
      type: "OBJECT",
      properties: { name: { type: "STRING" } },
      required: ["name"],
      description: "Who owns it",
    });
    expect(JSON.stringify(schema)).not.toMatch(/\$ref|\$defs/);
  });

  it("inlines a recursive schema to a fixed depth and leaves the deeper optional property out, with a warning", () => {
    const schema = toGeminiTools([tree], { mode: "openapi", recursionDepth: 2 })[0]!.parameters!;
    const level2 = prop(schema, "root", "children").items!;
    expect(Object.keys(level2.properties!)).toEqual(["label"]);
    expect(findings(tree)).toContain(
      "warning /properties/root/properties/children/items/properties/children/items/properties/children gemini.recursive",
    );
  });

  it("reports a recursive property that is required as an error", () => {
    expect(findings(rootRecursive).some((f) => f.startsWith("error") && f.endsWith("gemini.recursive"))).toBe(true);
  });

  it("turns oneOf into anyOf and merges a one-member allOf", () => {
    const schema = openapi(handWritten);
    expect(prop(schema, "contact").anyOf).toHaveLength(2);
    expect(prop(schema, "size")).toEqual({ type: "INTEGER", minimum: 0 });
    expect(findings(handWritten)).toContain("warning /properties/contact/oneOf gemini.one-of");
  });

  it("reports a record or free-form object, which Gemini rejects as an OBJECT without properties", () => {
    expect(findings(open)).toContain("error /properties/scores gemini.empty-object");
  });

  it("reports a value of any type, a tuple and conditionals", () => {
    expect(findings(open)).toContain("error /properties/extra gemini.untyped");
    expect(findings(unstrict)).toEqual(
      expect.arrayContaining([
        "error /properties/pair gemini.array-items",
        "error /properties/shape/if gemini.unsupported",
      ]),
    );
  });

  it("reports parameter names Gemini rejects", () => {
    expect(findings(dashedNames)).toEqual([
      "error /properties/max-results gemini.parameter-name",
      "error /properties/9lives gemini.parameter-name",
    ]);
  });

  it("emits the SDK's own Type enum values when given them", () => {
    const [declaration] = toGeminiTools([allKinds], { mode: "openapi", types: Type });
    expect(declaration?.parameters?.type).toBe(Type.OBJECT);
    expect(declaration?.parameters?.properties?.text?.type).toBe(Type.STRING);
    const lower = {
      TYPE_UNSPECIFIED: "type_unspecified",
      STRING: "string",
      NUMBER: "number",
      INTEGER: "integer",
      BOOLEAN: "boolean",
      ARRAY: "array",
      OBJECT: "object",
      NULL: "null",
    } as const;
    expect(toGeminiTools([allKinds], { mode: "openapi", types: lower })[0]?.parameters?.type).toBe("object");
  });
});

describe("toGeminiTools (both modes)", () => {
  it("leaves out the parameters field for a tool without parameters", () => {
    expect(toGeminiTools([noParams], { mode: "openapi" })).toEqual([
      { name: "no_params", description: "The no_params tool." },
    ]);
    expect(toGeminiTools([noParams])).toEqual([{ name: "no_params", description: "The no_params tool." }]);
  });

  it("throws for a tool name that does not start with a letter or underscore", () => {
    expect(() => toGeminiTools([specOf("3d_render", { a: p.string() })])).toThrow(/gemini tool names must be/);
  });
});

describe("toGeminiTools (jsonSchema mode, the default)", () => {
  it("sends the schema unchanged in parametersJsonSchema", () => {
    expect(toGeminiTools([allKinds])).toEqual([
      { name: "all_kinds", description: "The all_kinds tool.", parametersJsonSchema: allKinds.inputSchema },
    ]);
    expect(toGeminiTools([tree])[0]?.parametersJsonSchema).toEqual(tree.inputSchema);
  });

  it("warns about keywords Gemini ignores in JSON Schema mode", () => {
    expect(findings(allKinds, "jsonSchema")).toEqual(
      expect.arrayContaining([
        "warning /properties/text/minLength gemini.json-schema.keyword",
        "warning /properties/mode/const gemini.json-schema.keyword",
      ]),
    );
  });

  it("drops keywords beside a $ref, which Gemini does not allow", () => {
    expect(toGeminiTools([handWritten])[0]?.parametersJsonSchema?.properties?.owner).toEqual({
      $ref: "#/$defs/Person",
    });
    expect(findings(handWritten, "jsonSchema")).toContain("warning /properties/owner gemini.json-schema.ref-siblings");
  });

  it("reports a recursive reference held by a required property", () => {
    const required = specOf("linked", {
      type: "object",
      properties: { head: { $ref: "#/$defs/Item" } },
      required: ["head"],
      $defs: { Item: { type: "object", properties: { next: { $ref: "#/$defs/Item" } }, required: ["next"] } },
    });
    expect(findings(required, "jsonSchema")).toContain(
      "error /$defs/Item/properties/next gemini.json-schema.recursive-required",
    );
    expect(findings(tree, "jsonSchema").filter((f) => f.includes("recursive"))).toEqual([]);
  });
});

describe("toGeminiTools converts a schema once", () => {
  class Atlas extends BaseAgent {
    static override agentName = "gemini_cache_atlas";
    @tool({
      description: "Find a place",
      params: { name: p.string(), near: p.optional(p.object({ lat: p.number(), lon: p.number() })) },
    })
    find() {
      return "";
    }
  }

  it("hands out a fresh copy each export: editing one changes neither the next nor the other mode", () => {
    const agent = new Atlas({ registry: new ToolRegistry() });
    const first = toGeminiTools(agent.toolSpecs(), { mode: "openapi" });
    const pristine = structuredClone(first);
    (first[0]!.parameters!.properties as Record<string, unknown>).name = { type: "NUMBER" };
    first[0]!.parameters!.required = [];
    expect(toGeminiTools(agent.toolSpecs(), { mode: "openapi" })).toEqual(pristine);
    const json = toGeminiTools(agent.toolSpecs());
    (json[0]!.parametersJsonSchema!.properties as Record<string, unknown>).name = { type: "number" };
    expect(toGeminiTools(agent.toolSpecs())[0]!.parametersJsonSchema).toEqual(agent.toolSpecs()[0]!.inputSchema);
  });
});
