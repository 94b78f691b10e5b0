import { z } from "zod";
import { BaseAgent, ToolDefinitionError, ToolRegistry, builtinTool, p, tool } from "toolwright";

// The dispatcher fills a default in whenever the model leaves the key out. A default that broke its own schema made
// every such call fail, and the model was told to fix a value it never sent. Decision: refused at definition.
describe("a default that breaks its own schema", () => {
  it("is refused when .default() is called on a descriptor", () => {
    expect(() => p.integer({ minimum: 1 }).default(0)).toThrow(ToolDefinitionError);
    expect(() => p.integer({ minimum: 1 }).default(0)).toThrow(/default\(0\).*must be >= 1.*"minimum":1/);
    expect(() => p.enum(["c", "f"]).default("k" as "c")).toThrow(/must be one of "c", "f"/);
    expect(() => p.boolean().default("false" as never)).toThrow(/must be boolean/);
    expect(() => p.object({ a: p.string() }).default({ a: 1 } as never)).toThrow(/at \/a/);
    expect(p.integer({ minimum: 1 }).default(1).default).toBe(1);
    expect(p.nullable(p.string()).default(null).default).toBeNull();
  });

  it("is refused at registration in a raw schema, nested properties included, naming the parameter", () => {
    const registry = new ToolRegistry();
    const register = (inputSchema: Record<string, unknown>) => () =>
      registry.register("t", () => "ran", { description: "T", inputSchema });
    const nested = {
      type: "object",
      properties: { where: { type: "object", properties: { unit: { enum: ["c", "f"], default: "k" } } } },
    };
    expect(register(nested)).toThrow(ToolDefinitionError);
    expect(register(nested)).toThrow(
      /parameter "where.unit" has the default "k".*must be one of "c", "f". The schema allows {"enum":\["c","f"\]}/,
    );
    const viaRef = {
      type: "object",
      properties: { days: { $ref: "#/$defs/days", default: 0 } },
      $defs: { days: { type: "integer", minimum: 1 } },
    };
    expect(register(viaRef)).toThrow(/parameter "days" has the default 0.*must be >= 1/);
    const inDefs = { type: "object", $defs: { flag: { type: "boolean", default: "false" } } };
    expect(register(inDefs)).toThrow(/the schema at \/\$defs\/flag has the default "false"/);
  });

  it("is refused for a Standard Schema whose exported JSON Schema carries it", () => {
    const registry = new ToolRegistry();
    const schema = z.object({ n: z.number().min(1).default(5) });
    const broken = { ...schema, "~standard": { ...schema["~standard"], jsonSchema: { input: () => bad } } };
    const bad = { type: "object", properties: { n: { type: "number", minimum: 1, default: 0 } } };
    expect(() => registry.register("z", () => "ran", { description: "Z", params: broken as never })).toThrow(
      /parameter "n" has the default 0/,
    );
    expect(() => registry.register("ok", () => "ran", { description: "Ok", params: schema })).not.toThrow();
  });

  it("is refused for a @builtinTool literal default its descriptor breaks", () => {
    class Files extends BaseAgent {
      @builtinTool({ description: "List", params: { limit: p.integer({ minimum: 1 }) } })
      list(limit = 0) {
        return limit;
      }
    }
    expect(() => new Files({ registry: new ToolRegistry() })).toThrow(/parameter "limit" has the default 0/);
  });

  it("still fills a valid default for the handler", async () => {
    class Days extends BaseAgent {
      @tool({ description: "Days", params: { days: p.integer({ minimum: 1 }).default(7) } })
      days({ days }: { days: number }) {
        return days;
      }
    }
    expect((await new Days({ registry: new ToolRegistry() }).callTool("days", {})).content).toBe(7);
  });
});
