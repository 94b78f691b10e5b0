import { z } from "zod";
import { BaseAgent, ToolDefinitionError, ToolRegistry, builtinTool, p, tool } from "toolwright";
import { resolveOutputSchema } from "../../src/schema/output-schema.js";

const registry = () => new ToolRegistry();

describe("returns", () => {
  it("lists the output schema of a descriptor shape on the tool's spec", () => {
    class Weather extends BaseAgent {
      @tool({
        description: "Forecast",
        params: { city: p.string() },
        returns: { celsius: p.number(), summary: p.string().optional() },
      })
      forecast({ city }: { city: string }) {
        return { celsius: city.length, summary: "sun" };
      }
    }
    expect(new Weather({ registry: registry() }).toolSpecs()[0]).toEqual({
      name: "forecast",
      description: "Forecast",
      inputSchema: expect.objectContaining({ type: "object" }),
      outputSchema: {
        type: "object",
        properties: { celsius: { type: "number" }, summary: { type: "string" } },
        required: ["celsius"],
        additionalProperties: false,
      },
    });
  });

  it("accepts any root for a single descriptor, a raw JSON Schema and a Standard Schema", () => {
    class Mixed extends BaseAgent {
      @tool({ description: "Names", returns: p.array(p.string()) })
      names() {
        return ["a"];
      }

      @builtinTool({ description: "Count", params: { text: p.string() }, returns: { type: "integer", minimum: 0 } })
      count(text: string) {
        return text.length;
      }

      @tool({ description: "Point", returns: z.object({ x: z.number(), y: z.number() }) })
      point() {
        return { x: 1, y: 2 };
      }
    }
    const byName = new Map(new Mixed({ registry: registry() }).toolSpecs().map((s) => [s.name, s.outputSchema]));
    expect(byName.get("names")).toEqual({ type: "array", items: { type: "string" } });
    expect(byName.get("count")).toEqual({ type: "integer", minimum: 0 });
    expect(byName.get("point")).toMatchObject({
      type: "object",
      properties: { x: { type: "number" }, y: { type: "number" } },
      required: ["x", "y"],
    });
    expect(byName.get("point")).not.toHaveProperty("$schema");
  });

  it("carries no outputSchema key when the tool declares no returns", () => {
    class Plain extends BaseAgent {
      @tool({ description: "Ping" })
      ping() {
        return "pong";
      }
    }
    expect(new Plain({ registry: registry() }).toolSpecs()[0]).not.toHaveProperty("outputSchema");
  });

  it("throws a definition error naming the tool when the returns schema is broken", () => {
    expect(() => {
      class Broken extends BaseAgent {
        @tool({ description: "Broken", returns: { type: "strnig" } })
        broken() {
          return "x";
        }
      }
      return Broken;
    }).toThrow(ToolDefinitionError);
    expect(() => resolveOutputSchema({ type: "object", minProperties: -1 }, '@tool on "broken"')).toThrow(
      /@tool on "broken": the `returns` schema is not valid JSON Schema: \/minProperties/,
    );
    expect(() => resolveOutputSchema("a string", "x")).toThrow(/`returns` must be p descriptors.*got string/);
    expect(() => resolveOutputSchema({ $ref: "#/$defs/missing" }, "x")).toThrow(/not valid JSON Schema/);
  });

  it("refuses a Standard Schema that cannot export the JSON Schema of its output", () => {
    const opaque = { "~standard": { version: 1 as const, vendor: "acme", validate: (value: unknown) => ({ value }) } };
    expect(() => resolveOutputSchema(opaque, 'register("x")')).toThrow(/acme `returns` schema cannot export/);
  });

  it("freezes the loaded schema and upgrades draft-07 keywords as input schemas are", () => {
    const loaded = resolveOutputSchema(
      { $schema: "http://json-schema.org/draft-07/schema#", type: "array", items: [{ type: "string" }] },
      "x",
    );
    expect(loaded?.outputSchema).toEqual({ type: "array", prefixItems: [{ type: "string" }] });
    expect(Object.isFrozen(loaded?.outputSchema)).toBe(true);
    expect(resolveOutputSchema(undefined, "x")).toBeUndefined();
    expect(resolveOutputSchema({}, "x")?.outputSchema).toEqual({});
  });

  it("keeps the Standard Schema beside the JSON Schema, for validating results", () => {
    const schema = z.object({ ok: z.boolean() });
    expect(resolveOutputSchema(schema, "x")?.outputStandardSchema).toBe(schema);
  });

  it("does not hand the result's Standard Schema to tools() consumers", () => {
    class Std extends BaseAgent {
      @tool({ description: "Flag", returns: z.boolean() })
      flag() {
        return true;
      }
    }
    const [listed] = new Std({ registry: registry() }).tools();
    expect(listed?.outputSchema).toEqual({ type: "boolean" });
    expect(listed).not.toHaveProperty("outputStandardSchema");
  });
});
