import { z } from "zod";
import { BaseAgent, ToolDefinitionError, ToolRegistry, tool } from "toolwright";

describe("Standard Schema params", () => {
  const weather = z.object({ city: z.string().min(1), days: z.number().int().max(14).optional() });

  class Weather extends BaseAgent {
    @tool({ description: "Forecast", params: weather })
    forecast({ city, days }: z.infer<typeof weather>) {
      return `${city}:${days ?? 3}`;
    }
  }

  it("exposes the Standard Schema's JSON Schema as the input schema, without $schema, as the library exports it", () => {
    expect(new Weather({ registry: new ToolRegistry() }).toolSpecs()[0]?.inputSchema).toEqual({
      type: "object",
      properties: {
        city: { type: "string", minLength: 1 },
        days: { type: "integer", maximum: 14, minimum: -9007199254740991 },
      },
      required: ["city"],
    });
  });

  it("validates the call with the schema and passes the parsed value", async () => {
    const agent = new Weather({ registry: new ToolRegistry() });
    expect((await agent.callTool("forecast", { city: "Oslo" })).content).toBe("Oslo:3");
    const bad = await agent.callTool("forecast", { city: "", days: 30 });
    expect(bad.error?.issues?.map((i) => i.path)).toEqual(["/city", "/days"]);
  });

  it("runs the Standard Schema's own validation, so refinements JSON Schema cannot say still apply", async () => {
    const even = z.object({ n: z.number().refine((n) => n % 2 === 0, "must be even") });
    class Evens extends BaseAgent {
      @tool({ description: "Even", params: even })
      half({ n }: z.infer<typeof even>) {
        return n / 2;
      }
    }
    const result = await new Evens({ registry: new ToolRegistry() }).callTool("half", { n: 3 });
    expect(result.error?.issues).toEqual([{ path: "/n", keyword: "schema", message: "must be even" }]);
  });

  it("rejects a Standard Schema that cannot export JSON Schema", () => {
    const opaque = {
      "~standard": { version: 1 as const, vendor: "custom", validate: (value: unknown) => ({ value }) },
    };
    expect(() => {
      class Opaque extends BaseAgent {
        @tool({ description: "Opaque", params: opaque })
        run() {}
      }
      return Opaque;
    }).toThrow(ToolDefinitionError);
  });
});
