import { BaseAgent, ToolRegistry, type JsonSchema } from "toolwright";
import { finishSchema } from "../../src/schema/input-schema.js";

/** Registers a tool with a raw schema and returns an agent that may call it. */
function agentWith(inputSchema: unknown) {
  const registry = new ToolRegistry();
  registry.register("t", (args: unknown) => args, { description: "Test", inputSchema: inputSchema as JsonSchema });
  class Caller extends BaseAgent {}
  return new Caller({ registry });
}

describe("upgradeLegacyKeywords (through finishSchema)", () => {
  it("turns a draft-07 tuple into prefixItems and validates it as its author meant when registered", async () => {
    const agent = agentWith({
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      properties: { pair: { type: "array", items: [{ type: "string" }, { type: "integer" }], additionalItems: false } },
      required: ["pair"],
    });
    expect(agent.toolSpecs()[0]!.inputSchema.properties).toEqual({
      pair: { type: "array", prefixItems: [{ type: "string" }, { type: "integer" }], items: false },
    });
    expect((await agent.callTool("t", { pair: ["a", 1] })).ok).toBe(true);
    const third = await agent.callTool("t", { pair: ["a", 1, 2] });
    const wrong = await agent.callTool("t", { pair: [1, "a"] });
    expect(third.error?.issues?.map((i) => i.keyword)).toEqual(["items"]);
    expect(wrong.error?.issues?.map((i) => i.path)).toEqual(["/pair/0", "/pair/1"]);
  });

  it("splits dependencies into dependentRequired and dependentSchemas, which 2020-12 enforces", async () => {
    const agent = agentWith({
      type: "object",
      properties: { a: { type: "string" }, b: { type: "string" }, c: { type: "string" } },
      dependencies: { a: ["b"], c: { required: ["a"] } },
    });
    const schema = agent.toolSpecs()[0]!.inputSchema;
    expect(schema.dependentRequired).toEqual({ a: ["b"] });
    expect(schema.dependentSchemas).toEqual({ c: { required: ["a"] } });
    expect(schema.dependencies).toBeUndefined();
    expect((await agent.callTool("t", { a: "x" })).error?.issues?.[0]?.keyword).toBe("dependentRequired");
    expect((await agent.callTool("t", { c: "x" })).error?.issues?.[0]).toMatchObject({
      path: "/a",
      keyword: "required",
    });
    expect((await agent.callTool("t", { a: "x", b: "y", c: "z" })).ok).toBe(true);
  });

  it("makes a draft-04 boolean exclusiveMinimum numeric and drops a false one", async () => {
    const agent = agentWith({
      type: "object",
      properties: { r: { type: "number", minimum: 0, exclusiveMinimum: true, maximum: 1, exclusiveMaximum: false } },
    });
    expect(agent.toolSpecs()[0]!.inputSchema.properties).toEqual({
      r: { type: "number", exclusiveMinimum: 0, maximum: 1 },
    });
    expect((await agent.callTool("t", { r: 0 })).error?.issues?.[0]?.keyword).toBe("exclusiveMinimum");
    expect((await agent.callTool("t", { r: 1 })).ok).toBe(true);
  });

  it("moves the root's definitions to $defs with their references, and drops a nested $schema", () => {
    const schema = finishSchema(
      {
        type: "object",
        properties: {
          a: { $ref: "#/definitions/A" },
          b: { $schema: "http://json-schema.org/draft-07/schema#", type: "string" },
        },
        definitions: { A: { type: "array", items: { $ref: "#/definitions/B" } }, B: { type: "string" } },
      },
      "t",
    );
    expect(schema).toEqual({
      type: "object",
      properties: { a: { $ref: "#/$defs/A" }, b: { type: "string" } },
      $defs: { A: { type: "array", items: { $ref: "#/$defs/B" } }, B: { type: "string" } },
    });
  });

  it("leaves definitions in place when a name is also in $defs", () => {
    const raw = {
      type: "object",
      properties: { a: { $ref: "#/definitions/A" }, b: { $ref: "#/$defs/A" } },
      definitions: { A: { type: "string" } },
      $defs: { A: { type: "integer" } },
    };
    expect(finishSchema(raw, "t")).toEqual(raw);
  });

  it("changes nothing in a 2020-12 schema", () => {
    const raw = {
      type: "object",
      properties: { t: { type: "array", prefixItems: [{ type: "string" }], items: false }, n: { exclusiveMinimum: 0 } },
      dependentRequired: { t: ["n"] },
      $defs: { X: { type: "string" } },
    };
    expect(finishSchema(raw, "t")).toEqual(raw);
  });
});
