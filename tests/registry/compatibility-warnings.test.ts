import { BaseAgent, type CompatibilityFinding, ToolRegistry, p, tool } from "toolwright";

describe("ToolRegistry provider checks", () => {
  it("reports what a declared provider would reject when a tool is registered", () => {
    const seen: CompatibilityFinding[] = [];
    const registry = new ToolRegistry({ providers: ["gemini"], onFindings: (f) => void seen.push(...f) });
    // Gemini wants a function name to start with a letter or "_"; the portable rule allows a leading digit.
    registry.register("3d_render", () => 1, { description: "Render", params: { model: p.string() } });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ tool: "3d_render", severity: "error" });
  });

  it("checks an agent class's tools once, not once per instance", () => {
    const onFindings = jest.fn();
    const registry = new ToolRegistry({ providers: ["openai"], onFindings });
    class Tagger extends BaseAgent {
      @tool({ description: "Tag", params: { labels: p.record(p.string()) } })
      tag() {}
    }
    new Tagger({ registry });
    new Tagger({ registry });
    expect(onFindings).toHaveBeenCalledTimes(1);
  });

  it("stays silent for tools every declared provider accepts, and without providers", () => {
    const onFindings = jest.fn();
    new ToolRegistry({ providers: ["openai", "anthropic", "mcp"], onFindings }).register("ok", () => 1, {
      description: "Fine",
      params: { a: p.string() },
    });
    new ToolRegistry({ onFindings }).register("open", () => 1, {
      description: "Open",
      params: { m: p.record(p.any()) },
    });
    expect(onFindings).not.toHaveBeenCalled();
  });
});
