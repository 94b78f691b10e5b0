import { checkCompatibility } from "toolwright";
import { TOOL_NAME_RULES } from "../../src/providers/provider-rules.js";
import { fixtureSpecs, noParams, open, optionals } from "../fixtures/providers/tool-specs.js";

describe("checkCompatibility", () => {
  it("returns structured findings { tool, path, rule, severity, message } with JSON Pointer paths", () => {
    const [finding] = checkCompatibility([open], "openai", { strict: true });
    expect(finding).toEqual({
      tool: "open",
      path: "/properties/scores/additionalProperties",
      rule: "openai.strict.open-object",
      severity: "error",
      message: expect.stringContaining("additionalProperties: false"),
    });
  });

  it("returns nothing for a tool every provider takes unchanged", () => {
    for (const provider of ["anthropic", "mcp"] as const) expect(checkCompatibility([noParams], provider)).toEqual([]);
    expect(checkCompatibility([noParams], "openai", { strict: false })).toEqual([]);
    expect(checkCompatibility([noParams], "gemini", { mode: "openapi" })).toEqual([]);
  });

  it("downgrades what blocks strict mode to warnings under strict auto, since the tool then goes out non-strict", () => {
    const auto = checkCompatibility([open], "openai", { strict: "auto" });
    expect(auto.every((f) => f.severity === "warning")).toBe(true);
    expect(auto.map((f) => f.rule)).toContain("openai.strict.fallback");
  });

  it("uses the exporters' defaults when no options are given", () => {
    expect(checkCompatibility([optionals], "openai")).toEqual(
      checkCompatibility([optionals], "openai", { strict: "auto" }),
    );
    expect(checkCompatibility([optionals], "anthropic")).toEqual([]);
  });

  it("reports name rules per provider, Gemini's first character included", () => {
    const digit = { ...noParams, name: "3d_render" };
    expect(checkCompatibility([digit], "openai")).toEqual([]);
    expect(checkCompatibility([digit], "gemini")).toEqual([
      expect.objectContaining({ tool: "3d_render", rule: "gemini.name", severity: "error" }),
    ]);
    expect(Object.keys(TOOL_NAME_RULES)).toEqual(["openai", "anthropic", "gemini", "mcp"]);
  });

  it("never throws and never changes the specs, whatever the fixture", () => {
    const before = JSON.stringify(fixtureSpecs);
    for (const provider of ["openai", "anthropic", "gemini", "mcp"] as const) {
      expect(() => checkCompatibility(fixtureSpecs, provider)).not.toThrow();
    }
    expect(checkCompatibility(fixtureSpecs, "anthropic", { strict: true }).length).toBeGreaterThan(0);
    expect(JSON.stringify(fixtureSpecs)).toBe(before);
  });
});
