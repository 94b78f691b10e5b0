import { type GeneratedTool, ToolRegistry, registerGeneratedSchemas } from "toolwright";
import { ReturnsAgent } from "../fixtures/generate/returns-agent.js";
import { generateFixture, schemasOf } from "./generate-fixture.js";

let tools: Record<string, GeneratedTool>;
let issues: readonly unknown[];

beforeAll(async () => {
  const result = await generateFixture("returns-agent.ts");
  issues = result.issues;
  registerGeneratedSchemas(schemasOf(result));
  tools = schemasOf(result).tools;
}, 30_000);

describe("toolwright generate: output schemas from return types", () => {
  it("unwraps a promise, maps the type as parameters are mapped, and takes @returns as the description", () => {
    expect(issues).toEqual([]);
    expect(tools["ReturnsAgent.forecast"]?.outputSchema).toEqual({
      type: "object",
      description: "The forecast, in degrees Celsius.",
      properties: {
        city: { type: "string", description: "The city, as asked." },
        celsius: { type: "number" },
        days: { type: "array", items: { type: "integer" } },
        note: { type: "string" },
      },
      required: ["city", "celsius", "days"],
    });
  });

  it("leaves objects open, maps an inferred type, and drops undefined from a union", () => {
    expect(JSON.stringify(tools["ReturnsAgent.forecast"]?.outputSchema)).not.toContain("additionalProperties");
    expect(tools["ReturnsAgent.count"]?.outputSchema).toEqual({ type: "number" });
    expect(tools["ReturnsAgent.maybe"]?.outputSchema).toEqual({ type: "string" });
  });

  it("writes none for void, rich content, unknown, never[] and a declared returns", () => {
    for (const method of ["notify", "shot", "anything", "declared", "later"]) {
      expect(tools[`ReturnsAgent.${method}`]).not.toHaveProperty("outputSchema");
    }
  });

  it("lists the generated output schema on the tool's spec, and the declared one where declared", () => {
    const specs = new Map(new ReturnsAgent({ registry: new ToolRegistry() }).toolSpecs().map((s) => [s.name, s]));
    expect(specs.get("forecast")?.outputSchema).toMatchObject({
      type: "object",
      required: ["city", "celsius", "days"],
    });
    expect(specs.get("declared")?.outputSchema).toEqual({ type: "string" });
    expect(specs.get("notify")).not.toHaveProperty("outputSchema");
  });
});
