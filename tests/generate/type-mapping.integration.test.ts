import { type GeneratedTool, type ParamShape, p } from "toolwright";
import { shapeToJsonSchema } from "../../src/params/to-json-schema.js";
import { generateFixture, toolsOf } from "./generate-fixture.js";

let tools: Record<string, GeneratedTool>;
let issues: readonly unknown[];

beforeAll(async () => {
  const result = await generateFixture("mapping-agent.ts");
  tools = toolsOf(result);
  issues = result.issues;
}, 30_000);

// Byte for byte: the generated JSON text equals the JSON text of the schema the p descriptors give.
function expectSchema(method: string, shape: ParamShape, extra: object = {}): void {
  const generated = tools[`MappingAgent.${method}`]!.inputSchema;
  expect(JSON.stringify(generated)).toBe(JSON.stringify({ ...shapeToJsonSchema(shape), ...extra }));
}

describe("toolwright generate type mapping", () => {
  it("reports no problem when every type of the fixture has a JSON form", () => {
    expect(issues).toEqual([]);
  });

  it("maps string, number and boolean when parameters have those types", () => {
    expectSchema("primitives", { text: p.string(), amount: p.number(), flag: p.boolean() });
  });

  it("maps to integer when the type is the Integer brand or the JSDoc says @integer", () => {
    expectSchema("integers", { branded: p.integer(), count: p.integer("How many.") });
  });

  it("writes JSDoc constraint tags as keywords when they follow the @param", () => {
    expectSchema("constraints", {
      amount: p.number({ description: "Between 1 and 10.", minimum: 1, maximum: 10, exclusiveMinimum: 0 }),
      name: p.string({ description: "Lower-case name.", minLength: 2, maxLength: 5, pattern: "^[a-z]+$" }),
      list: p.array(p.string(), { minItems: 1, maxItems: 3 }),
      id: p.string({ format: "uuid" }),
    });
  });

  it("maps literal unions to enum (in source order) and a single literal to const when parameters are literal types", () => {
    expectSchema("literals", {
      mode: p.enum(["name", "content"]),
      level: p.enum([1, 2, 3]),
      aliased: p.enum(["name", "content"]),
      kind: p.literal("file"),
    });
  });

  it("maps TypeScript enums to enum of their values when parameters are enum types", () => {
    expectSchema("enums", { unit: p.enum(["celsius", "fahrenheit"]), level: p.enum([0, 1]) });
  });

  it("maps T | null to nullable when a union includes null", () => {
    expectSchema("nullables", {
      text: p.nullable(p.string()),
      mode: p.nullable(p.enum(["x", "y"])),
      place: p.nullable(p.object({ street: p.string() })),
    });
  });

  it("leaves optional and defaulted parameters out of required and publishes literal defaults when they have them", () => {
    expectSchema("optionals", {
      first: p.string().optional(),
      limit: p.number().default(10),
      loud: p.boolean().default(true),
      tags: p.array(p.string()).default(["a"]),
      started: p.number().optional(),
    });
  });

  it("maps arrays, nested arrays, tuples, records and readonly arrays when parameters are collections", () => {
    const tuple = {
      type: "array",
      prefixItems: [{ type: "string" }, { type: "number" }],
      items: false,
      minItems: 2,
      maxItems: 2,
    };
    const generated = tools["MappingAgent.collections"]!.inputSchema.properties!;
    expect(JSON.stringify(generated.pair)).toBe(JSON.stringify(tuple));
    expectSchema("collections", {
      tags: p.array(p.string()),
      matrix: p.array(p.array(p.number())),
      pair: p.any(tuple as object),
      counts: p.record(p.number()),
      frozen: p.array(p.string()),
    });
  });

  it("maps a union of object types to anyOf when a parameter is one", () => {
    expectSchema("shapes", {
      shape: p.union([
        p.object({ kind: p.literal("circle"), radius: p.number() }),
        p.object({ kind: p.literal("square"), side: p.number() }),
      ]),
    });
  });

  it("puts a recursive type in $defs and refers to it when a type contains itself", () => {
    const node = p.object({ label: p.string(), children: p.array(p.any({ $ref: "#/$defs/TreeNode" } as object)) });
    expectSchema(
      "trees",
      { root: p.any({ $ref: "#/$defs/TreeNode" } as object) },
      {
        $defs: { TreeNode: JSON.parse(JSON.stringify(node)) },
      },
    );
  });

  it("maps Date to a date-time string when a parameter is a Date", () => {
    expectSchema("dates", { at: p.string({ description: "When, as an ISO 8601 date-time.", format: "date-time" }) });
  });

  it("takes a @tool's parameters from its object parameter's properties, with property JSDoc, when the type is an interface", () => {
    expectSchema("deliver", {
      street: p.string("Street and number"),
      zip: p.string().optional(),
      geo: p.object({ lat: p.number(), lng: p.number() }),
    });
  });

  it("leaves the call context out of the schema when a @tool takes it as its second parameter", () => {
    expectSchema("fetchPage", { url: p.string() });
  });

  it("publishes a destructuring default when a @tool's binding pattern gives one", () => {
    expectSchema("search", { query: p.string(), limit: p.number().default(5) });
  });

  it("takes the tool's description from the method's JSDoc and lists builtin parameters in order", () => {
    expect(tools["MappingAgent.dates"]).toMatchObject({ kind: "builtin", description: "Dates.", parameters: ["at"] });
    expect(tools["MappingAgent.deliver"]).toMatchObject({ kind: "tool", description: "Deliver to a place." });
    expect(tools["MappingAgent.deliver"]).not.toHaveProperty("parameters");
  });
});
