import { ToolDefinitionError, checkCompatibility, p, toAnthropicTools } from "toolwright";
import { allKinds, noParams, open, optionals, specOf, tree } from "../fixtures/providers/tool-specs.js";

describe("toAnthropicTools", () => {
  it("emits { name, description, input_schema } with the schema unchanged and no strict flag by default", () => {
    expect(toAnthropicTools([allKinds])).toEqual([
      { name: "all_kinds", description: "The all_kinds tool.", input_schema: allKinds.inputSchema },
    ]);
  });

  it("reports a root that uses anyOf, oneOf or allOf, which input_schema rejects at the top level", () => {
    const spec = { ...noParams, inputSchema: { ...noParams.inputSchema, oneOf: [{ required: [] }] } };
    expect(checkCompatibility([spec], "anthropic")).toContainEqual(
      expect.objectContaining({ tool: "no_params", path: "/oneOf", rule: "anthropic.root", severity: "error" }),
    );
  });

  it("marks strict tools with strict: true and sends their rewritten schema", () => {
    const [tool] = toAnthropicTools([optionals], { strict: true });
    expect(tool?.strict).toBe(true);
    expect(tool?.input_schema.required).toEqual(["query"]);
    expect(tool?.input_schema.properties?.limit).toEqual({ type: "integer", default: 20, description: "Minimum 1." });
  });

  it("falls back per tool under strict auto and throws under strict true when a tool cannot be strict", () => {
    const tools = toAnthropicTools([optionals, tree, open], { strict: "auto" });
    expect(tools.map((t) => t.strict)).toEqual([true, undefined, undefined]);
    expect(() => toAnthropicTools([tree], { strict: true })).toThrow(ToolDefinitionError);
  });

  it("puts cache_control on the last tool only", () => {
    const tools = toAnthropicTools([allKinds, optionals], { cacheControl: { type: "ephemeral", ttl: "1h" } });
    expect(tools[0]).not.toHaveProperty("cache_control");
    expect(tools[1]?.cache_control).toEqual({ type: "ephemeral", ttl: "1h" });
  });

  it("keeps strict tools within 20 per request, falling back for the rest under strict auto", () => {
    const specs = Array.from({ length: 21 }, (_, i) => specOf(`t${i}`, { a: p.string() }));
    const tools = toAnthropicTools(specs, { strict: "auto" });
    expect(tools.filter((t) => t.strict).length).toBe(20);
    expect(checkCompatibility(specs, "anthropic", { strict: "auto" })).toContainEqual(
      expect.objectContaining({ tool: "t20", rule: "anthropic.strict.limit", severity: "warning" }),
    );
    expect(() => toAnthropicTools(specs, { strict: true })).toThrow(/more than 20 strict tools/);
  });

  it("keeps optional and union-typed parameters of strict tools within 24 and 16 per request", () => {
    const optional = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`o${i}`, p.string().optional()]));
    expect(toAnthropicTools([specOf("many_optional", optional)], { strict: "auto" })[0]?.strict).toBeUndefined();
    const unions = Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`u${i}`, p.nullable(p.string())]));
    const findings = checkCompatibility([specOf("many_unions", unions)], "anthropic", { strict: true });
    expect(findings).toContainEqual(expect.objectContaining({ rule: "anthropic.strict.limit", severity: "error" }));
  });

  it("throws when a name is invalid for Anthropic", () => {
    expect(() => toAnthropicTools([{ ...noParams, name: "a".repeat(65) }])).toThrow(/anthropic tool names must be/);
  });
});
